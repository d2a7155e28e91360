import { Plus, Trash2 } from 'lucide-react'
import type { Condition, Question } from '../../../../core/questionnaire/definition.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Select } from '../../../components/ui/field.tsx'
import {
  fieldId,
  fromSimple,
  removeItem,
  replaceItem,
  type SimpleCondition,
  toSimple,
} from './definition-edit.ts'
import { FieldErrors } from './path-field.tsx'

/**
 * A condition built from simple controls: clauses "question is one of these answers", combined
 * with all or any. A condition it cannot express (a `not`, or all and any mixed) is shown as
 * read-only JSON, with a way to start again.
 */
export function ConditionEditor({
  legend,
  path,
  value,
  onChange,
  questions,
  emptyText,
  errors,
  readOnly,
}: {
  legend: string
  /** Where parseDefinition reports this condition's problems, e.g. `questions[2].showWhen`. */
  path: string
  value: Condition | undefined
  onChange: (value: Condition | undefined) => void
  /** The questions it may name: the earlier ones for a question, every one for the rule. */
  questions: readonly Question[]
  /** What no clause means, e.g. "Always shown". */
  emptyText: string
  errors: readonly string[]
  readOnly?: boolean
}) {
  const id = fieldId(path)
  const simple = toSimple(value)
  const set = (next: SimpleCondition) => onChange(fromSimple(next))

  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3"
      aria-describedby={errors.length ? `${id}-errors` : undefined}
    >
      <legend className="px-1 font-medium text-slate-800 text-sm">{legend}</legend>
      {simple === null ? (
        <div className="grid gap-2">
          <p className="text-slate-600 text-xs">
            This condition is more complex than the controls here can show; it is kept as it is.
          </p>
          <pre className="min-w-0 max-w-full overflow-x-auto rounded bg-slate-50 p-2 text-slate-800 text-xs">
            {JSON.stringify(value, null, 2)}
          </pre>
          {readOnly ? null : (
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              onClick={() => onChange(undefined)}
            >
              Replace with a simple condition
            </Button>
          )}
        </div>
      ) : (
        <>
          {simple.clauses.length === 0 ? <p className="text-slate-600 text-sm">{emptyText}</p> : null}
          {simple.clauses.length > 1 ? (
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-mode`} className="font-medium text-slate-800 text-sm">
                Combine
              </label>
              <Select
                id={`${id}-mode`}
                className="min-w-0 sm:max-w-xs"
                value={simple.mode}
                onChange={(e) => set({ ...simple, mode: e.target.value === 'any' ? 'any' : 'all' })}
              >
                <option value="all">All of these hold</option>
                <option value="any">Any of these holds</option>
              </Select>
            </div>
          ) : null}
          {simple.clauses.map((clause, i) => {
            const question = questions.find((q) => q.id === clause.question)
            const clauseId = `${id}-${i}`
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: clauses have no identity of their own
              <div key={i} className="grid gap-2 rounded-md bg-slate-50 p-3">
                <div className="flex flex-wrap items-end gap-2">
                  <div className="grid min-w-0 flex-1 gap-1.5">
                    <label htmlFor={`${clauseId}-question`} className="font-medium text-slate-800 text-sm">
                      Question {simple.clauses.length > 1 ? `(condition ${i + 1})` : ''}
                    </label>
                    <Select
                      id={`${clauseId}-question`}
                      className="min-w-0"
                      value={clause.question}
                      onChange={(e) =>
                        set({
                          ...simple,
                          clauses: replaceItem(simple.clauses, i, { question: e.target.value, in: [] }),
                        })
                      }
                    >
                      {question ? null : (
                        <option value={clause.question}>{clause.question || 'Choose…'}</option>
                      )}
                      {questions.map((q) => (
                        <option key={q.id} value={q.id}>
                          {q.id}: {q.title}
                        </option>
                      ))}
                    </Select>
                  </div>
                  {readOnly ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove condition ${i + 1} of ${legend}`}
                      onClick={() => set({ ...simple, clauses: removeItem(simple.clauses, i) })}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      Remove
                    </Button>
                  )}
                </div>
                <fieldset className="grid min-w-0 gap-1">
                  <legend className="text-slate-700 text-sm">Answer is one of</legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-1">
                    {(question?.options ?? []).map((option) => (
                      <label
                        key={option.value}
                        className="flex min-h-8 items-center gap-2 text-slate-800 text-sm"
                      >
                        <input
                          type="checkbox"
                          className="size-4 accent-teal-700"
                          checked={clause.in.includes(option.value)}
                          onChange={(e) =>
                            set({
                              ...simple,
                              clauses: replaceItem(simple.clauses, i, {
                                question: clause.question,
                                in: e.target.checked
                                  ? [...clause.in, option.value]
                                  : clause.in.filter((v) => v !== option.value),
                              }),
                            })
                          }
                        />
                        {option.label}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </div>
            )
          })}
          {readOnly ? null : (
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              disabled={questions.length === 0}
              onClick={() =>
                set({
                  ...simple,
                  clauses: [...simple.clauses, { question: questions[0]?.id ?? '', in: [] }],
                })
              }
            >
              <Plus className="size-4" aria-hidden="true" />
              Add condition
              <span className="sr-only"> to {legend}</span>
            </Button>
          )}
        </>
      )}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </fieldset>
  )
}
