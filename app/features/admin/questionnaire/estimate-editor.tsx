import type { Estimate, QuestionnaireDefinition } from '../../../../core/questionnaire/definition.ts'
import { FCA_AVERAGE_AWARD } from '../../../../core/questionnaire/redress-scheme-definition.ts'
import { Input, Select, Textarea } from '../../../components/ui/field.tsx'
import { cellAmount, estimateCombos, fieldId, rekeyEstimate, setCellAmount } from './definition-edit.ts'
import { amountText, amountValue, EditorCard, type Errors, withOptional } from './editor-parts.tsx'
import { PathField } from './path-field.tsx'

export function EstimateEditor({
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
