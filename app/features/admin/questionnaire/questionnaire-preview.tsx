import { clsx as cn } from 'clsx'
import { ArrowLeft, CircleCheck, CircleX, Info } from 'lucide-react'
import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import { formatPounds } from '../../../../core/eligibility.ts'
import {
  type Answers,
  type Assessment,
  assess,
  type QuestionnaireDefinition,
  visibleQuestions,
} from '../../../../core/questionnaire/definition.ts'
import { PlainButton as Button } from '../../../components/ui/plain-button.tsx'

/**
 * The questionnaire as a visitor on a phone would walk it, drawn with the public questionnaire's
 * classes from the definition alone (visibleQuestions and assess), so an operator can try a draft
 * before publishing it. Nothing is posted: the lead form is only named.
 */
export function QuestionnairePreview({ definition }: { definition: QuestionnaireDefinition }) {
  const [answers, setAnswers] = useState<Answers>({})
  const [step, setStep] = useState(0)
  const [result, setResult] = useState<Assessment | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  const name = useId()

  // A changed definition starts the walk again: the old answers may not fit it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart on every new definition
  useEffect(() => {
    setAnswers({})
    setStep(0)
    setResult(null)
  }, [definition])

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows each move, as on the public page
  useEffect(() => {
    if (moved.current) headingRef.current?.focus()
  }, [step, result])

  const shown = visibleQuestions(definition, answers)
  const question = shown[Math.min(step, shown.length - 1)]
  const answer = question ? answers[question.id] : undefined
  const isLast = step >= shown.length - 1
  const progress = shown.length ? Math.round(((step + 1) / shown.length) * 100) : 0

  const move = (next: () => void) => {
    moved.current = true
    next()
  }
  const startOver = () =>
    move(() => {
      setAnswers({})
      setStep(0)
      setResult(null)
    })

  return (
    <section aria-labelledby={`${name}-title`} className="grid grid-cols-1 gap-2">
      <h3 id={`${name}-title`} className="font-semibold text-navy-900 text-sm">
        Preview at phone width (375 px)
      </h3>
      <p className="text-slate-600 text-xs">Choose answers to walk it as a visitor would. Nothing is sent.</p>
      <div className="w-[375px] max-w-full rounded-[2rem] border-8 border-slate-800 bg-slate-50 p-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-lg">
          {!question ? (
            <p className="text-slate-700">This questionnaire has no questions yet.</p>
          ) : result ? (
            <PreviewResult
              definition={definition}
              result={result}
              headingRef={headingRef}
              onStartOver={startOver}
            />
          ) : (
            <div>
              <div className="flex items-center justify-between gap-4">
                <p className="font-semibold text-navy-900 text-sm">
                  Step {step + 1} of {shown.length}
                </p>
                <ol className="flex flex-wrap gap-2" aria-hidden="true">
                  {shown.map((q, i) => (
                    <li
                      key={q.id}
                      className={cn(
                        'flex size-8 items-center justify-center rounded-full border-2 font-semibold text-sm',
                        i < step && 'border-teal-700 bg-teal-700 text-white',
                        i === step && 'border-teal-700 text-teal-800',
                        i > step && 'border-slate-300 text-slate-500',
                      )}
                    >
                      {i + 1}
                    </li>
                  ))}
                </ol>
              </div>
              <div
                role="progressbar"
                aria-label="Preview progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-teal-600" style={{ width: `${progress}%` }} />
              </div>
              <fieldset className="mt-4 min-w-0">
                <legend className="w-full">
                  <h4 ref={headingRef} tabIndex={-1} className="font-bold text-navy-900 text-xl">
                    {question.title}
                  </h4>
                </legend>
                {question.hint ? <p className="mt-1 text-slate-600 text-sm">{question.hint}</p> : null}
                <div className="mt-4 grid gap-3">
                  {question.options.map((option) => (
                    <label
                      key={option.value}
                      className={cn(
                        'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 font-medium text-slate-900 transition-colors',
                        'hover:border-teal-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-teal-600 has-[:focus-visible]:outline-offset-2',
                        answer === option.value ? 'border-teal-700 bg-teal-50' : 'border-slate-200 bg-white',
                      )}
                    >
                      <input
                        type="radio"
                        name={`${name}-${question.id}`}
                        value={option.value}
                        checked={answer === option.value}
                        onChange={() => setAnswers({ ...answers, [question.id]: option.value })}
                        className="size-5 shrink-0 accent-teal-700 focus-visible:outline-none"
                      />
                      {option.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="mt-6 flex flex-row-reverse flex-wrap items-center justify-between gap-3">
                <Button
                  disabled={!answer}
                  className="min-w-40"
                  onClick={() =>
                    move(() => (isLast ? setResult(assess(definition, answers)) : setStep(step + 1)))
                  }
                >
                  {isLast ? 'Check Eligibility' : 'Continue'}
                </Button>
                {step > 0 ? (
                  <Button variant="ghost" onClick={() => move(() => setStep(step - 1))}>
                    <ArrowLeft className="size-4" aria-hidden="true" />
                    Back
                  </Button>
                ) : null}
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  )
}

function PreviewResult({
  definition,
  result,
  headingRef,
  onStartOver,
}: {
  definition: QuestionnaireDefinition
  result: Assessment
  headingRef: RefObject<HTMLHeadingElement | null>
  onStartOver: () => void
}) {
  const heading =
    result.outcome === 'eligible'
      ? 'Good news – you may be eligible to claim'
      : result.outcome === 'guidance'
        ? (result.guidance?.title ?? '')
        : 'Unfortunately, you may not be eligible'
  const Icon = result.outcome === 'eligible' ? CircleCheck : result.outcome === 'guidance' ? Info : CircleX
  return (
    <div>
      <div className="flex items-start gap-3">
        <Icon
          className={cn(
            'mt-1 size-7 shrink-0',
            result.outcome === 'eligible' ? 'text-teal-700' : 'text-slate-500',
          )}
          aria-hidden="true"
        />
        <h4 ref={headingRef} tabIndex={-1} className="font-bold text-2xl text-navy-900">
          {heading}
        </h4>
      </div>
      {result.outcome === 'eligible' ? (
        <div className="mt-5 rounded-xl bg-teal-50 p-5 text-center">
          <p className="font-medium text-slate-700">Your estimated claim</p>
          <p className="mt-1 font-extrabold text-4xl text-teal-800" data-testid="preview-estimate">
            {formatPounds(result.estimate)}
          </p>
          <p className="mt-3 text-slate-700 text-sm">{definition.estimate.disclosure}</p>
          {definition.estimate.reference ? (
            <p className="mt-2 text-slate-600 text-xs">
              {definition.estimate.reference.label}: {formatPounds(definition.estimate.reference.amount)} (
              {definition.estimate.reference.source})
            </p>
          ) : null}
          <p className="mt-3 text-slate-600 text-xs">The lead form follows here on the site.</p>
        </div>
      ) : result.outcome === 'guidance' ? (
        <p className="mt-3 text-slate-700">{result.guidance?.text}</p>
      ) : (
        <p className="mt-3 text-slate-700">
          You can complain to your lender directly, and then to the Financial Ombudsman Service, free of
          charge.
        </p>
      )}
      <Button onClick={onStartOver} className="mt-6">
        Start Over
      </Button>
    </div>
  )
}
