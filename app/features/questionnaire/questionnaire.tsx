import { clsx as cn } from 'clsx'
import { ArrowLeft, CircleCheck, CircleX, Info } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { Attribution } from '../../../core/attribution.ts'
import { type Compliance, DEFAULT_COMPLIANCE } from '../../../core/compliance-statements.ts'
import type { ShownConsent } from '../../../core/consent-version.ts'
import { formatPounds } from '../../../core/money.ts'
import { effectiveAnswers, type Question, visibleQuestions } from '../../../core/questionnaire/definition.ts'
import {
  answerField,
  answersFromForm,
  intentFrom,
  QUESTIONNAIRE_ACTION,
  type QuestionnaireState,
  revisit,
  type ShownQuestionnaire,
  stateFromForm,
  transition,
  answer as withAnswer,
} from '../../../core/questionnaire/state.ts'
import { PlainButton as Button } from '../../components/ui/plain-button.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { track } from '../analytics/beacon.ts'
import { AttributionFields } from '../attribution/attribution-fields.tsx'
import { LeadForm, type LeadFormFeedback } from '../lead-form/lead-form.tsx'
import { EstimateReference, FeeDisclosure, FreeRouteStatement } from './compliance-notes.tsx'
import { cameForward, pushEntry, replaceEntry, stateOfEntry } from './questionnaire-history.ts'

type Props = {
  /** The live version, from the site snapshot; its definition decides every question and figure. */
  questionnaire: ShownQuestionnaire
  initial: QuestionnaireState
  initialError?: string
  leadFeedback?: LeadFormFeedback
  /** The consent version the lead form shows and sends. */
  consent?: ShownConsent
  /** Without JavaScript: where the visitor came from, carried through every step's post. */
  attribution?: Attribution
  /** Without JavaScript: when the visitor started (their first step's post), carried to the lead form. */
  startedAt?: number
  /** The constants and statements in force (the settings); SPEC section 9's defaults otherwise. */
  compliance?: Compliance
  /** The admin's preview of a draft: walked like the real thing, but no lead form to send. */
  preview?: boolean
}

export function Questionnaire({
  questionnaire,
  initial,
  initialError,
  leadFeedback,
  consent,
  attribution,
  startedAt,
  compliance = DEFAULT_COMPLIANCE,
  preview = false,
}: Props) {
  const def = questionnaire.definition
  // With JavaScript: when the questionnaire became usable here (never rendered, so no mismatch).
  const mountedAt = useRef<number | undefined>(undefined)
  useEffect(() => {
    mountedAt.current = Date.now()
  }, [])
  const [state, setState] = useState(initial)
  const latest = useRef(state)
  latest.current = state
  const [error, setError] = useState(initialError)
  const hydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  const focusRef = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)

  // Each step is a history entry (ADR 0058). An entry kept across a reload wins over the first step
  // a page without a step address renders; Back and Forward restore each entry's step and answers.
  useEffect(() => {
    if (preview) return
    const kept = stateOfEntry(window.history.state, questionnaire.id)
    if (kept) setState(kept)
    const onPop = (event: PopStateEvent) => {
      const entry = stateOfEntry(event.state, questionnaire.id)
      if (!entry) return
      moved.current = true
      setError(undefined)
      const next = revisit(questionnaire.definition, entry, latest.current.answers)
      setState(next)
      replaceEntry(questionnaire.id, next)
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [questionnaire.id, questionnaire.definition, preview])

  // A choice made before hydration lives only in the DOM; adopt it so Continue reflects it.
  useEffect(() => {
    if (!formRef.current) return
    const fromDom = answersFromForm(def, new FormData(formRef.current))
    if (Object.keys(fromDom).length > 0)
      setState((s) => ({ ...s, answers: effectiveAnswers(def, { ...s.answers, ...fromDom }) }))
  }, [def])

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows every move to a new step or result
  useEffect(() => {
    if (moved.current) focusRef.current?.focus()
  }, [state.step, state.result])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const intent = intentFrom(submitter?.value)
    // The entry before is the step before: Back is the browser's own, so Forward still works.
    if (intent === 'back' && !preview && cameForward(questionnaire.id)) {
      window.history.back()
      return
    }
    const next = transition(
      def,
      { ...stateFromForm(def, new FormData(event.currentTarget)), answers: state.answers },
      intent,
    )
    moved.current = true
    setError(next.error)
    setState(next.state)
    if (preview) return
    trackMove(state, next.state)
    if (!next.error)
      pushEntry(questionnaire.id, state, next.state, intent === 'continue' || intent === 'check')
  }

  /** The funnel's beacons: a question answered (moving on), and the result when one is reached. */
  const trackMove = (before: QuestionnaireState, after: QuestionnaireState) => {
    const answered = visibleQuestions(def, before.answers)[before.step]
    const forward = after.result !== null || after.step > before.step
    if (answered && forward && Object.hasOwn(after.answers, answered.id))
      track({ type: 'step', step: answered.id }, `step:${answered.id}`)
    if (after.result && !before.result) {
      const result = after.result.outcome === 'eligible' ? 'eligible' : 'not_eligible'
      track({ type: 'result', result }, `result:${result}`)
    }
  }

  const questions = visibleQuestions(def, state.answers)
  const stepCount = questions.length
  const step = Math.min(Math.max(state.step, 0), stepCount - 1)
  // A definition has at least one question (core/questionnaire/definition-schema.ts).
  const question = (questions[step] ?? def.questions[0]) as Question
  const answer = Object.hasOwn(state.answers, question.id) ? state.answers[question.id] : undefined
  const isLast = step === stepCount - 1
  const progress = Math.round(((step + 1) / stepCount) * 100)
  // Every step carries the versions the visitor is shown, so they are in the page from the start.
  const versionField = (
    <>
      <input type="hidden" name="questionnaireVersion" value={questionnaire.id} />
      {consent?.version ? <input type="hidden" name="consentVersion" value={consent.version} /> : null}
      {consent?.pageRevision ? (
        <input type="hidden" name="pageRevision" value={consent.pageRevision} />
      ) : null}
    </>
  )

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-lg sm:p-8">
      {state.result ? (
        state.result.outcome === 'eligible' ? (
          <div>
            <div className="flex items-start gap-3">
              <CircleCheck className="mt-1 size-7 shrink-0 text-teal-700" aria-hidden="true" />
              <h3 ref={focusRef} tabIndex={-1} className="font-bold text-2xl text-navy-900">
                Good news – you may be eligible to claim
              </h3>
            </div>
            <div className="mt-5 rounded-xl bg-teal-50 p-5 text-center">
              <p className="font-medium text-slate-700">Your estimated claim</p>
              <p className="mt-1 font-extrabold text-4xl text-teal-800" data-testid="estimated-claim">
                {formatPounds(state.result.estimate)}
              </p>
              <p className="mt-3 text-slate-700 text-sm">{def.estimate.disclosure}</p>
              {def.estimate.reference ? (
                <EstimateReference reference={def.estimate.reference} className="mt-2" />
              ) : null}
              <FeeDisclosure compliance={compliance} className="mt-2" />
            </div>
            <FreeRouteStatement compliance={compliance} className="mt-4" />
            {preview ? (
              <p className="mt-6 rounded-xl border border-slate-300 border-dashed p-4 text-slate-700 text-sm">
                The contact form follows here on the site. Nothing is sent from the preview.
              </p>
            ) : (
              <LeadForm
                answers={state.answers}
                questionnaireVersion={questionnaire.id}
                feedback={leadFeedback}
                consent={consent}
                attribution={attribution}
                startedAt={startedAt ?? mountedAt.current}
                compliance={compliance}
              />
            )}
          </div>
        ) : state.result.outcome === 'guidance' && state.result.guidance ? (
          <form method="post" action={QUESTIONNAIRE_ACTION} onSubmit={onSubmit}>
            {versionField}
            <AttributionFields attribution={attribution} />
            <div className="flex items-start gap-3">
              <Info className="mt-1 size-7 shrink-0 text-teal-700" aria-hidden="true" />
              <h3 ref={focusRef} tabIndex={-1} className="font-bold text-2xl text-navy-900">
                {state.result.guidance.title}
              </h3>
            </div>
            <p className="mt-3 text-slate-700" data-testid="guidance-text">
              {state.result.guidance.text}
            </p>
            <FreeRouteStatement compliance={compliance} className="mt-4" />
            <Button type="submit" name="intent" value="start-over" className="mt-6">
              Start Over
            </Button>
          </form>
        ) : (
          <form method="post" action={QUESTIONNAIRE_ACTION} onSubmit={onSubmit}>
            {versionField}
            <AttributionFields attribution={attribution} />
            <div className="flex items-start gap-3">
              <CircleX className="mt-1 size-7 shrink-0 text-slate-500" aria-hidden="true" />
              <h3 ref={focusRef} tabIndex={-1} className="font-bold text-2xl text-navy-900">
                Unfortunately, you may not be eligible
              </h3>
            </div>
            <p className="mt-3 text-slate-700">
              {notEligibleReason(questionnaire, state.answers)} If you think your circumstances are different,
              you can complain to your lender directly, and then to the Financial Ombudsman Service, free of
              charge.
            </p>
            <Button type="submit" name="intent" value="start-over" className="mt-6">
              Start Over
            </Button>
          </form>
        )
      ) : (
        <form ref={formRef} method="post" action={QUESTIONNAIRE_ACTION} onSubmit={onSubmit} noValidate>
          <input type="hidden" name="step" value={step} />
          {versionField}
          <AttributionFields attribution={attribution} />
          {startedAt ? <input type="hidden" name="formStartedAt" value={startedAt} /> : null}
          {questions.map((q) =>
            q.id !== question.id && Object.hasOwn(state.answers, q.id) ? (
              <input key={q.id} type="hidden" name={answerField(q.id)} value={state.answers[q.id]} />
            ) : null,
          )}
          <div className="flex items-center justify-between gap-4">
            <p className="font-semibold text-navy-900 text-sm">{`Step ${step + 1} of ${stepCount}`}</p>
            <ol className="flex gap-2" aria-hidden="true">
              {questions.map((q, i) => (
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
            aria-label="Questionnaire progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-teal-600 transition-[width]"
              style={{ width: `${progress}%` }}
            />
          </div>

          <fieldset className="mt-4 sm:mt-6" aria-describedby={error ? 'questionnaire-error' : undefined}>
            <legend className="w-full">
              <h3 ref={focusRef} tabIndex={-1} className="font-bold text-navy-900 text-xl sm:text-2xl">
                {question.title}
              </h3>
            </legend>
            {question.hint ? <p className="mt-1 text-slate-600 text-sm">{question.hint}</p> : null}
            <div className="mt-4 grid gap-3">
              {question.options.map((option, i) => (
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
                    name={answerField(question.id)}
                    value={option.value}
                    checked={answer === option.value}
                    // The page that answers a step posted without an answer: focus on the choices.
                    // biome-ignore lint/a11y/noAutofocus: only on a page that answers a submit with an error
                    autoFocus={i === 0 && !!initialError && error === initialError}
                    onChange={() => {
                      if (!preview) track({ type: 'questionnaire_start' }, 'questionnaire_start')
                      setError(undefined)
                      const next = {
                        ...state,
                        answers: withAnswer(def, state.answers, question.id, option.value),
                      }
                      setState(next)
                      if (!preview) replaceEntry(questionnaire.id, next)
                    }}
                    className="size-5 shrink-0 accent-teal-700 focus-visible:outline-none"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
          {error ? (
            <p id="questionnaire-error" role="alert" className="mt-3 font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-row-reverse flex-wrap items-center justify-between gap-3">
            <Button
              type="submit"
              name="intent"
              value={isLast ? 'check' : 'continue'}
              size="lg"
              disabled={hydrated && !answer}
              className="min-w-40"
            >
              {isLast ? 'Check Eligibility' : 'Continue'}
            </Button>
            {step > 0 ? (
              <Button type="submit" name="intent" value="back" variant="ghost">
                <ArrowLeft className="size-4" aria-hidden="true" />
                Back
              </Button>
            ) : null}
          </div>
          <FreeRouteStatement compliance={compliance} className="mt-6" />
        </form>
      )}
    </div>
  )
}

/** SPEC section 9's two reasons for its own questions; for any other definition, a general one. */
function notEligibleReason(questionnaire: ShownQuestionnaire, answers: Record<string, string>): string {
  const ids = questionnaire.definition.questions.map((q) => q.id)
  if (ids.includes('hadPcpFinance') && ids.includes('dealerDisclosedCommission'))
    return answers.hadPcpFinance === 'no'
      ? 'Claims about hidden dealer commission relate to car finance agreements taken out between 2007 and 2021.'
      : 'Where the dealer clearly explained the commission they would earn, a claim is unlikely to succeed.'
  return 'From your answers, your agreement does not appear to be one a claim can be made about.'
}
