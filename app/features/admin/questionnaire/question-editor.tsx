import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import type { GuidanceRule, Option, Question } from '../../../../core/questionnaire/definition.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Input, Select, Textarea } from '../../../components/ui/field.tsx'
import { ConditionEditor } from './condition-editor.tsx'
import { fieldId, moveItem, newOptionValue, removeItem, replaceItem } from './definition-edit.ts'
import { type Errors, withOptional } from './editor-parts.tsx'
import { PathField } from './path-field.tsx'

export function QuestionEditor({
  index,
  count,
  question: q,
  earlier,
  guidance,
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
  /** The rule's guidance entries, which an ending answer may lead to. */
  guidance: readonly GuidanceRule[]
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
              className="grid gap-2 rounded-md bg-slate-50 p-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,12rem)_auto] sm:items-start"
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
              <PathField path={`${op}.ends`} label={`After option ${m}`} errors={errors(`${op}.ends`)}>
                {(c) => (
                  <Select
                    {...c}
                    disabled={readOnly}
                    value={endValue(o)}
                    onChange={(e) => setOptions(replaceItem(q.options, j, withEnd(o, e.target.value)))}
                  >
                    <option value="">Next question</option>
                    <option value="not_eligible">End: not eligible</option>
                    {guidance.map((g) => (
                      <option key={g.id} value={`guidance:${g.id}`}>
                        End: guidance “{g.title}”
                      </option>
                    ))}
                    {o.ends?.outcome === 'guidance' &&
                    !guidance.some((g) => g.id === endValue(o).slice(9)) ? (
                      <option value={endValue(o)}>End: guidance “{endValue(o).slice(9)}” (missing)</option>
                    ) : null}
                  </Select>
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

/** The select's value for an option's end: empty (the next question), not_eligible, guidance:<id>. */
function endValue(o: Option): string {
  if (!o.ends) return ''
  return o.ends.outcome === 'guidance' ? `guidance:${o.ends.guidance}` : 'not_eligible'
}

function withEnd(o: Option, value: string): Option {
  const { ends: _, ...rest } = o
  if (value === 'not_eligible') return { ...rest, ends: { outcome: 'not_eligible' } }
  if (value.startsWith('guidance:'))
    return { ...rest, ends: { outcome: 'guidance', guidance: value.slice('guidance:'.length) } }
  return rest
}
