import { ArrowDown, ArrowLeft, ArrowUp, Plus, Rocket, Save, Trash2 } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import type {
  Estimate,
  Question,
  QuestionnaireDefinition,
} from '../../../../core/questionnaire/definition.ts'
import { type Problem, parseDefinition } from '../../../../core/questionnaire/definition-schema.ts'
import { FCA_AVERAGE_AWARD } from '../../../../core/questionnaire/redress-scheme-definition.ts'
import type { QuestionnaireVersionView } from '../../../../core/schemas/questionnaires.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Input, Select, Textarea } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { useAdminMutation } from '../use-admin-mutation.ts'
import { ConditionEditor } from './condition-editor.tsx'
import {
  cellAmount,
  estimateCombos,
  fieldId,
  moveItem,
  newOptionValue,
  newQuestion,
  placeProblems,
  rekeyEstimate,
  removeItem,
  replaceItem,
  setCellAmount,
} from './definition-edit.ts'
import { PathField } from './path-field.tsx'
import { QuestionnairePreview } from './questionnaire-preview.tsx'
import { QUESTIONNAIRES, StatusBadge, serverProblems } from './shared.tsx'

type Errors = (anchor: string) => string[]

const amountText = (amount: number | undefined) =>
  amount === undefined || !Number.isFinite(amount) ? '' : String(amount)
const amountValue = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** Sets an optional text: empty removes the key, so the saved definition has no blank hint. */
function withOptional<T extends object, K extends string>(item: T, key: K, value: string): T {
  const copy = { ...item } as Record<string, unknown>
  if (value === '') delete copy[key]
  else copy[key] = value
  return copy as T
}

/**
 * A version's definition: editable for a draft (saved with "Save draft"), read-only for a
 * published one. Every change is checked at once with parseDefinition; each problem shows beside
 * its field and in a summary whose links move focus there. The preview walks the last valid state.
 */
export function QuestionnaireEditor({
  version,
  onClose,
  onPublish,
}: {
  version: QuestionnaireVersionView
  onClose: () => void
  onPublish: () => void
}) {
  const readOnly = version.status !== 'draft'
  const [definition, setDefinition] = useState<QuestionnaireDefinition>(version.definition)
  const [saved, setSaved] = useState(() => JSON.stringify(version.definition))
  const [fromServer, setFromServer] = useState<Problem[]>([])
  const [saveError, setSaveError] = useState<string | null>(null)
  const [confirmLeave, setConfirmLeave] = useState(false)
  const [focusPath, setFocusPath] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const summaryRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  useEffect(() => {
    if (!focusPath) return
    document.getElementById(fieldId(focusPath))?.focus()
    setFocusPath(null)
  }, [focusPath])

  const parsed = useMemo(() => parseDefinition(definition), [definition])
  const lastValid = useRef<QuestionnaireDefinition | null>(parsed.ok ? parsed.definition : null)
  if (parsed.ok) lastValid.current = parsed.definition
  const problems = useMemo(() => {
    const own = parsed.ok ? [] : parsed.problems
    const extra = fromServer.filter((s) => !own.some((p) => p.path === s.path && p.message === s.message))
    return placeProblems([...own, ...extra], definition)
  }, [parsed, fromServer, definition])
  const errors: Errors = (anchor) => problems.filter((p) => p.anchor === anchor).map((p) => p.message)
  const dirty = JSON.stringify(definition) !== saved

  const change = (next: QuestionnaireDefinition) => {
    setFromServer([])
    setSaveError(null)
    setDefinition(next)
  }
  const setQuestions = (questions: Question[]) => change({ ...definition, questions })
  const setEstimate = (estimate: Estimate) => change({ ...definition, estimate })

  const save = useAdminMutation({
    request: (body: { name: string; definition: QuestionnaireDefinition }) =>
      apiRequest<QuestionnaireVersionView>('PUT', `${QUESTIONNAIRES}/${version.id}`, body),
    invalidate: [QUESTIONNAIRES],
    success: (row) => ({ title: 'Draft saved', description: `Version ${row.version} is saved as a draft.` }),
    failure: (e) => ({ title: 'The draft was not saved', description: serverProblems(e).message }),
  })

  const submit = (then?: () => void) => {
    if (problems.length > 0) {
      summaryRef.current?.focus()
      return
    }
    save.mutate(
      { name: definition.name, definition },
      {
        onSuccess: (row) => {
          setSaved(JSON.stringify(row.definition))
          setDefinition(row.definition)
          then?.()
        },
        onError: (e) => {
          const body = serverProblems(e)
          setFromServer(body.problems)
          setSaveError(body.message)
        },
      },
    )
  }

  const questionsBefore = (index: number) => definition.questions.slice(0, index)
  const title = `${readOnly ? 'Version' : 'Edit draft version'} ${version.version}`

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 font-semibold text-lg text-navy-900"
          >
            {title}
            <StatusBadge status={version.status} />
          </h2>
          <p className="text-slate-600 text-sm">
            {readOnly
              ? 'A published version never changes: duplicate it to start a new draft.'
              : 'Changes are checked as you type. Save the draft, then publish it when it is ready.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => (dirty && !readOnly ? setConfirmLeave(true) : onClose())}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to versions
          </Button>
          {readOnly ? null : (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  dirty ? submit(onPublish) : problems.length ? summaryRef.current?.focus() : onPublish()
                }
              >
                <Rocket className="size-4" aria-hidden="true" />
                Publish…
              </Button>
              <Button size="sm" onClick={() => submit()} disabled={save.isPending} aria-busy={save.isPending}>
                <Save className="size-4" aria-hidden="true" />
                {save.isPending ? 'Saving...' : 'Save draft'}
              </Button>
            </>
          )}
        </div>
      </div>

      <p role="status" className="sr-only">
        {readOnly
          ? ''
          : problems.length === 0
            ? ''
            : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix`}
      </p>
      {!readOnly && dirty ? <p className="text-amber-900 text-sm">Unsaved changes</p> : null}
      {saveError && fromServer.length === 0 ? <Alert>{saveError}</Alert> : null}
      {problems.length > 0 && !readOnly ? (
        <section
          aria-labelledby="questionnaire-problems"
          className="rounded-xl border-2 border-red-700 bg-red-50 p-4"
        >
          <h3
            id="questionnaire-problems"
            ref={summaryRef}
            tabIndex={-1}
            className="font-semibold text-red-900"
          >
            {problems.length} {problems.length === 1 ? 'problem' : 'problems'} to fix before saving
          </h3>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm">
            {problems.map((p) => (
              <li key={`${p.path}:${p.message}`}>
                <a
                  href={`#${fieldId(p.anchor)}`}
                  className="text-red-900 underline"
                  onClick={(event) => {
                    event.preventDefault()
                    setFocusPath(p.anchor)
                  }}
                >
                  {p.message}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <fieldset disabled={readOnly} className="grid min-w-0 gap-6">
          <legend className="sr-only">{title}</legend>
          <EditorCard title="About this version">
            <PathField
              path="name"
              label="Name"
              hint="For the operator only; visitors never see it."
              errors={errors('name')}
            >
              {(c) => (
                <Input
                  {...c}
                  value={definition.name}
                  onChange={(e) => change({ ...definition, name: e.target.value })}
                />
              )}
            </PathField>
            <PathField
              path="operatorNotes"
              label="Operator notes"
              hint="What to check before publishing, where the facts came from. Not shown to visitors."
              errors={errors('operatorNotes')}
            >
              {(c) => (
                <Textarea
                  {...c}
                  rows={3}
                  value={definition.operatorNotes ?? ''}
                  onChange={(e) => change(withOptional(definition, 'operatorNotes', e.target.value))}
                />
              )}
            </PathField>
          </EditorCard>

          <EditorCard title="Questions" id={fieldId('questions')} errors={errors('questions')}>
            {definition.questions.map((q, i) => (
              <QuestionEditor
                // biome-ignore lint/suspicious/noArrayIndexKey: ids are edited, so the position is the identity
                key={i}
                index={i}
                count={definition.questions.length}
                question={q}
                earlier={questionsBefore(i)}
                errors={errors}
                readOnly={readOnly}
                onChange={(next) => setQuestions(replaceItem(definition.questions, i, next))}
                onMove={(delta) => {
                  setQuestions(moveItem(definition.questions, i, delta))
                  setFocusPath(`questions[${i + delta}]`)
                }}
                onRemove={() => {
                  setQuestions(removeItem(definition.questions, i))
                  setFocusPath(i > 0 ? `questions[${i - 1}]` : 'questions')
                }}
                onFocusPath={setFocusPath}
              />
            ))}
            {readOnly ? null : (
              <Button
                variant="secondary"
                size="sm"
                className="justify-self-start"
                onClick={() => {
                  setQuestions([...definition.questions, newQuestion(definition)])
                  setFocusPath(`questions[${definition.questions.length}].title`)
                }}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add question
              </Button>
            )}
          </EditorCard>

          <EditorCard
            title="Rule"
            description="Guidance rules are checked first, in order; then eligibility."
          >
            <ConditionEditor
              legend="Eligible when"
              path="rule.eligibleWhen"
              value={definition.rule.eligibleWhen}
              onChange={(eligibleWhen) =>
                change({ ...definition, rule: { ...definition.rule, eligibleWhen: eligibleWhen as never } })
              }
              questions={definition.questions}
              emptyText="No condition yet: add one (a visitor is never eligible without it)."
              errors={errors('rule.eligibleWhen')}
              readOnly={readOnly}
            />
            <div id={fieldId('rule.guidance')} tabIndex={-1} className="grid gap-3">
              <h4 className="font-medium text-slate-800 text-sm">Guidance instead of a referral</h4>
              {definition.rule.guidance.length === 0 ? (
                <p className="text-slate-600 text-sm">No guidance rules.</p>
              ) : null}
              {definition.rule.guidance.map((g, i) => {
                const at = `rule.guidance[${i}]`
                const setGuidance = (next: typeof g) =>
                  change({
                    ...definition,
                    rule: { ...definition.rule, guidance: replaceItem(definition.rule.guidance, i, next) },
                  })
                return (
                  <section
                    // biome-ignore lint/suspicious/noArrayIndexKey: ids are edited, so the position is the identity
                    key={i}
                    id={fieldId(at)}
                    tabIndex={-1}
                    aria-label={`Guidance rule ${i + 1}`}
                    className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h5 className="font-semibold text-navy-900 text-sm">Guidance rule {i + 1}</h5>
                      {readOnly ? null : (
                        <Button
                          variant="destructive"
                          size="sm"
                          aria-label={`Remove guidance rule ${i + 1}`}
                          onClick={() => {
                            change({
                              ...definition,
                              rule: { ...definition.rule, guidance: removeItem(definition.rule.guidance, i) },
                            })
                            setFocusPath('rule.guidance')
                          }}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                          Remove
                        </Button>
                      )}
                    </div>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <PathField path={`${at}.id`} label="Id" errors={errors(`${at}.id`)}>
                        {(c) => (
                          <Input
                            {...c}
                            className="font-mono"
                            value={g.id}
                            onChange={(e) => setGuidance({ ...g, id: e.target.value })}
                          />
                        )}
                      </PathField>
                      <PathField path={`${at}.title`} label="Title" errors={errors(`${at}.title`)}>
                        {(c) => (
                          <Input
                            {...c}
                            value={g.title}
                            onChange={(e) => setGuidance({ ...g, title: e.target.value })}
                          />
                        )}
                      </PathField>
                    </div>
                    <PathField path={`${at}.text`} label="Text" errors={errors(`${at}.text`)}>
                      {(c) => (
                        <Textarea
                          {...c}
                          rows={3}
                          value={g.text}
                          onChange={(e) => setGuidance({ ...g, text: e.target.value })}
                        />
                      )}
                    </PathField>
                    <ConditionEditor
                      legend={`Guidance rule ${i + 1} applies when`}
                      path={`${at}.when`}
                      value={g.when}
                      onChange={(when) => setGuidance({ ...g, when: when as never })}
                      questions={definition.questions}
                      emptyText="No condition yet: add one."
                      errors={errors(`${at}.when`)}
                      readOnly={readOnly}
                    />
                  </section>
                )
              })}
              {readOnly ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => {
                    const first = definition.questions[0]
                    change({
                      ...definition,
                      rule: {
                        ...definition.rule,
                        guidance: [
                          ...definition.rule.guidance,
                          {
                            id: `guidance-${definition.rule.guidance.length + 1}`,
                            title: 'New guidance',
                            text: '',
                            when: {
                              question: first?.id ?? '',
                              in: first?.options[0] ? [first.options[0].value] : [],
                            },
                          },
                        ],
                      },
                    })
                    setFocusPath(`rule.guidance[${definition.rule.guidance.length}].title`)
                  }}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  Add guidance rule
                </Button>
              )}
            </div>
          </EditorCard>

          <EstimateEditor definition={definition} errors={errors} onChange={setEstimate} />
        </fieldset>

        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          {lastValid.current ? (
            <QuestionnairePreview definition={lastValid.current} />
          ) : (
            <p className="text-slate-600 text-sm">
              The preview appears once the questionnaire has no problems.
            </p>
          )}
          {!parsed.ok && lastValid.current ? (
            <p className="mt-2 text-amber-900 text-xs">The preview shows the last state without problems.</p>
          ) : null}
        </div>
      </div>

      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title="Discard unsaved changes?"
        description="Your changes to this draft since it was last saved will be lost."
        confirmLabel="Discard changes"
        onConfirm={() => {
          setConfirmLeave(false)
          onClose()
        }}
      />
    </div>
  )
}

function EditorCard({
  title,
  description,
  id,
  errors = [],
  children,
}: {
  title: string
  description?: string
  id?: string
  errors?: readonly string[]
  children: ReactNode
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={id} tabIndex={id ? -1 : undefined} className="font-semibold text-base text-navy-900">
        {title}
      </h3>
      {description ? <p className="text-slate-600 text-sm">{description}</p> : null}
      {errors.length ? (
        <ul className="mt-1 text-red-700 text-sm">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  )
}

function QuestionEditor({
  index,
  count,
  question: q,
  earlier,
  errors,
  readOnly,
  onChange,
  onMove,
  onRemove,
  onFocusPath,
}: {
  index: number
  count: number
  question: Question
  earlier: readonly Question[]
  errors: Errors
  readOnly: boolean
  onChange: (q: Question) => void
  onMove: (delta: -1 | 1) => void
  onRemove: () => void
  onFocusPath: (path: string) => void
}) {
  const at = `questions[${index}]`
  const n = index + 1
  const setOptions = (options: Question['options']) => onChange({ ...q, options })
  return (
    <section aria-labelledby={fieldId(at)} className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={fieldId(at)} tabIndex={-1} className="font-semibold text-navy-900 text-sm">
          Question {n}
          <span className="font-normal text-slate-600"> · {q.id}</span>
        </h4>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-1">
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Move question ${n} up`}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <ArrowUp className="size-4" aria-hidden="true" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Move question ${n} down`}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <ArrowDown className="size-4" aria-hidden="true" />
            </Button>
            <Button variant="destructive" size="sm" aria-label={`Remove question ${n}`} onClick={onRemove}>
              <Trash2 className="size-4" aria-hidden="true" />
              Remove
            </Button>
          </div>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <PathField path={`${at}.id`} label={`Question ${n} id`} errors={errors(`${at}.id`)}>
          {(c) => (
            <Input
              {...c}
              className="font-mono"
              value={q.id}
              onChange={(e) => onChange({ ...q, id: e.target.value })}
            />
          )}
        </PathField>
        <PathField path={`${at}.title`} label={`Question ${n} title`} errors={errors(`${at}.title`)}>
          {(c) => (
            <Input {...c} value={q.title} onChange={(e) => onChange({ ...q, title: e.target.value })} />
          )}
        </PathField>
      </div>
      <PathField path={`${at}.hint`} label={`Question ${n} hint (optional)`} errors={errors(`${at}.hint`)}>
        {(c) => (
          <Textarea
            {...c}
            rows={2}
            value={q.hint ?? ''}
            onChange={(e) => onChange(withOptional(q, 'hint', e.target.value))}
          />
        )}
      </PathField>
      <fieldset id={fieldId(`${at}.options`)} tabIndex={-1} className="grid min-w-0 gap-2">
        <legend className="font-medium text-slate-800 text-sm">Question {n} options</legend>
        {errors(`${at}.options`).map((e) => (
          <p key={e} className="text-red-700 text-sm">
            {e}
          </p>
        ))}
        {q.options.map((o, j) => {
          const op = `${at}.options[${j}]`
          const m = j + 1
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: values are edited, so the position is the identity
              key={j}
              className="grid gap-2 rounded-md bg-slate-50 p-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_auto] sm:items-start"
            >
              <PathField path={`${op}.value`} label={`Option ${m} value`} errors={errors(`${op}.value`)}>
                {(c) => (
                  <Input
                    {...c}
                    className="font-mono"
                    value={o.value}
                    onChange={(e) => setOptions(replaceItem(q.options, j, { ...o, value: e.target.value }))}
                  />
                )}
              </PathField>
              <PathField path={`${op}.label`} label={`Option ${m} label`} errors={errors(`${op}.label`)}>
                {(c) => (
                  <Input
                    {...c}
                    value={o.label}
                    onChange={(e) => setOptions(replaceItem(q.options, j, { ...o, label: e.target.value }))}
                  />
                )}
              </PathField>
              {readOnly ? null : (
                <div className="flex gap-1 sm:mt-6">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Move option ${m} of question ${n} up`}
                    disabled={j === 0}
                    onClick={() => {
                      setOptions(moveItem(q.options, j, -1))
                      onFocusPath(`${at}.options[${j - 1}].value`)
                    }}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Move option ${m} of question ${n} down`}
                    disabled={j === q.options.length - 1}
                    onClick={() => {
                      setOptions(moveItem(q.options, j, 1))
                      onFocusPath(`${at}.options[${j + 1}].value`)
                    }}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove option ${m} of question ${n}`}
                    onClick={() => {
                      setOptions(removeItem(q.options, j))
                      onFocusPath(`${at}.options`)
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
          )
        })}
        {readOnly ? null : (
          <Button
            variant="secondary"
            size="sm"
            className="justify-self-start"
            onClick={() => {
              setOptions([...q.options, { value: newOptionValue(q), label: 'New option' }])
              onFocusPath(`${at}.options[${q.options.length}].value`)
            }}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add option
            <span className="sr-only"> to question {n}</span>
          </Button>
        )}
      </fieldset>
      <ConditionEditor
        legend={`Show question ${n} only when`}
        path={`${at}.showWhen`}
        value={q.showWhen}
        onChange={(showWhen) =>
          onChange(showWhen === undefined ? withOptional(q, 'showWhen', '') : { ...q, showWhen })
        }
        questions={earlier}
        emptyText={
          index === 0 ? 'Always shown (the first question cannot depend on another).' : 'Always shown.'
        }
        errors={errors(`${at}.showWhen`)}
        readOnly={readOnly || (index === 0 && q.showWhen === undefined)}
      />
    </section>
  )
}

function EstimateEditor({
  definition,
  errors,
  onChange,
}: {
  definition: QuestionnaireDefinition
  errors: Errors
  onChange: (estimate: Estimate) => void
}) {
  const { estimate } = definition
  const [key1, key2] = estimate.keys
  const q1 = definition.questions.find((q) => q.id === key1)
  const q2 = key2 === undefined ? undefined : definition.questions.find((q) => q.id === key2)
  const combos = estimateCombos(definition, estimate.keys)
  const cellIndex = (values: readonly string[]) =>
    estimate.cells.findIndex(
      (c) => c.values.length === values.length && c.values.every((v, k) => v === values[k]),
    )
  const reference = estimate.reference
  const setReference = (part: Partial<NonNullable<Estimate['reference']>>) =>
    onChange({ ...estimate, reference: { ...(reference ?? FCA_AVERAGE_AWARD), ...part } })

  const amountInput = (values: string[], label: string) => {
    const c = cellIndex(values)
    const path = c >= 0 ? `estimate.cells[${c}].amount` : `estimate.cells.new.${values.join('.')}`
    const problems = c >= 0 ? errors(path) : []
    return (
      <div className="grid gap-1">
        <Input
          id={fieldId(path)}
          aria-label={label}
          aria-invalid={problems.length ? true : undefined}
          aria-describedby={problems.length ? `${fieldId(path)}-errors` : undefined}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className="min-w-24"
          value={amountText(cellAmount(estimate, values))}
          onChange={(e) => onChange(setCellAmount(definition, values, amountValue(e.target.value)))}
        />
        {problems.length ? (
          <p id={`${fieldId(path)}-errors`} className="text-red-700 text-xs">
            {problems.join(' ')}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <EditorCard
      title="Estimate"
      description="Whole pounds, shown to an eligible visitor and stored with their lead."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <PathField
          path="estimate.keys[0]"
          label="Estimate depends on"
          errors={[...errors('estimate.keys'), ...errors('estimate.keys[0]')]}
        >
          {(c) => (
            <Select
              {...c}
              className="min-w-0"
              value={key1 ?? ''}
              onChange={(e) =>
                onChange(
                  rekeyEstimate(
                    definition,
                    key2 === undefined || key2 === e.target.value ? [e.target.value] : [e.target.value, key2],
                  ),
                )
              }
            >
              {q1 ? null : <option value={key1 ?? ''}>{key1 || 'Choose…'}</option>}
              {definition.questions.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.id}: {q.title}
                </option>
              ))}
            </Select>
          )}
        </PathField>
        <PathField path="estimate.keys[1]" label="and on (optional)" errors={errors('estimate.keys[1]')}>
          {(c) => (
            <Select
              {...c}
              className="min-w-0"
              value={key2 ?? ''}
              onChange={(e) =>
                onChange(
                  rekeyEstimate(definition, e.target.value ? [key1 ?? '', e.target.value] : [key1 ?? '']),
                )
              }
            >
              <option value="">Nothing else</option>
              {definition.questions
                .filter((q) => q.id !== key1)
                .map((q) => (
                  <option key={q.id} value={q.id}>
                    {q.id}: {q.title}
                  </option>
                ))}
            </Select>
          )}
        </PathField>
      </div>
      <div id={fieldId('estimate.cells')} tabIndex={-1} className="grid min-w-0 gap-2">
        {errors('estimate.cells').map((e) => (
          <p key={e} className="text-red-700 text-sm">
            {e}
          </p>
        ))}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Estimate for each answer</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {q1 ? q1.id : 'Answer'}
                </th>
                {q2 ? (
                  q2.options.map((o) => (
                    <th key={o.value} scope="col" className="px-3 py-2 font-semibold">
                      {o.label}
                    </th>
                  ))
                ) : (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Estimate (£)
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {(q1?.options ?? []).map((o) => (
                <tr key={o.value}>
                  <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                    {o.label}
                  </th>
                  {q2 ? (
                    q2.options.map((o2) => (
                      <td key={o2.value} className="px-3 py-2">
                        {amountInput([o.value, o2.value], `Estimate for ${o.label} and ${o2.label}`)}
                      </td>
                    ))
                  ) : (
                    <td className="px-3 py-2">{amountInput([o.value], `Estimate for ${o.label}`)}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {combos.length === 0 ? (
          <p className="text-slate-600 text-sm">Choose the question the estimate depends on.</p>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <PathField
          path="estimate.fallback"
          label="Fallback estimate (£)"
          hint="Used when a key question is unanswered or hidden."
          errors={errors('estimate.fallback')}
        >
          {(c) => (
            <Input
              {...c}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={amountText(estimate.fallback)}
              onChange={(e) => onChange({ ...estimate, fallback: amountValue(e.target.value) })}
            />
          )}
        </PathField>
      </div>
      <PathField
        path="estimate.disclosure"
        label="Disclosure shown beside the estimate"
        errors={errors('estimate.disclosure')}
      >
        {(c) => (
          <Textarea
            {...c}
            rows={3}
            value={estimate.disclosure}
            onChange={(e) => onChange({ ...estimate, disclosure: e.target.value })}
          />
        )}
      </PathField>
      <fieldset
        id={fieldId('estimate.reference')}
        tabIndex={-1}
        className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3"
      >
        <legend className="px-1 font-medium text-slate-800 text-sm">Reference figure</legend>
        <label className="flex items-center gap-2 text-slate-800 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-teal-700"
            checked={reference !== undefined}
            onChange={(e) => {
              if (e.target.checked) setReference({})
              else onChange(withOptional(estimate, 'reference', ''))
            }}
          />
          Show a published figure beside the estimate (e.g. the FCA’s average award)
        </label>
        {reference ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <PathField
              path="estimate.reference.amount"
              label="Reference amount (£)"
              errors={errors('estimate.reference.amount')}
            >
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={amountText(reference.amount)}
                  onChange={(e) => setReference({ amount: amountValue(e.target.value) })}
                />
              )}
            </PathField>
            <PathField
              path="estimate.reference.date"
              label="Published on (YYYY-MM-DD)"
              errors={errors('estimate.reference.date')}
            >
              {(c) => (
                <Input
                  {...c}
                  value={reference.date}
                  onChange={(e) => setReference({ date: e.target.value })}
                />
              )}
            </PathField>
            <PathField
              path="estimate.reference.label"
              label="What the figure is"
              errors={errors('estimate.reference.label')}
              className="sm:col-span-2"
            >
              {(c) => (
                <Input
                  {...c}
                  value={reference.label}
                  onChange={(e) => setReference({ label: e.target.value })}
                />
              )}
            </PathField>
            <PathField
              path="estimate.reference.source"
              label="Source"
              errors={errors('estimate.reference.source')}
              className="sm:col-span-2"
            >
              {(c) => (
                <Input
                  {...c}
                  value={reference.source}
                  onChange={(e) => setReference({ source: e.target.value })}
                />
              )}
            </PathField>
            <PathField
              path="estimate.reference.url"
              label="Source URL"
              errors={errors('estimate.reference.url')}
              className="sm:col-span-2"
            >
              {(c) => (
                <Input
                  {...c}
                  type="url"
                  inputMode="url"
                  value={reference.url}
                  onChange={(e) => setReference({ url: e.target.value })}
                />
              )}
            </PathField>
          </div>
        ) : null}
      </fieldset>
    </EditorCard>
  )
}
