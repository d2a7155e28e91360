import { useId } from 'react'
import { lengthSchema, spacingSchema } from '../../../../core/schemas/styles.ts'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { cn } from '../../../lib/cn.ts'
import { composeLength, composeSpacing, lengthUnits, parseLength, parseSpacing } from './length-value.ts'

const unitSelectClasses = 'w-20 shrink-0'

/**
 * A size as a number and a unit (px, rem, em, %), checked by the schema the page's save uses
 * (core/schemas/styles.ts). On a narrower device it edits that device's own value; empty, the
 * wider device's value applies (shown as the placeholder).
 */
export function LengthInput({
  label,
  value,
  inherited,
  onChange,
}: {
  label: string
  value: string
  inherited?: string
  onChange: (value: string) => void
}) {
  const parsed = parseLength(value)
  const shown = parsed ?? { number: '', unit: parseLength(inherited ?? '')?.unit ?? 'px' }
  const checked = value === '' ? null : lengthSchema.safeParse(value)
  const error =
    value !== '' && !parsed
      ? `“${value}” is not a size these inputs take: enter a number to replace it`
      : checked && !checked.success
        ? (checked.error.issues[0]?.message ?? 'Not a valid size')
        : null
  const placeholder = parseLength(inherited ?? '')?.number
  return (
    <Field label={label} error={error}>
      {(control) => (
        <div className="flex gap-1.5">
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={shown.number}
            placeholder={placeholder}
            onChange={(e) => onChange(composeLength({ number: e.target.value, unit: shown.unit }))}
          />
          <Select
            aria-label={`${label} unit`}
            className={unitSelectClasses}
            value={shown.unit}
            onChange={(e) =>
              onChange(
                composeLength({ number: shown.number, unit: e.target.value as (typeof lengthUnits)[number] }),
              )
            }
          >
            {lengthUnits.map((unit) => (
              <option key={unit}>{unit}</option>
            ))}
          </Select>
        </div>
      )}
    </Field>
  )
}

const SIDES = ['Top', 'Right', 'Bottom', 'Left'] as const

/** Spacing as four sides and one unit; a stored value these inputs cannot show can be replaced. */
export function SpacingInput({
  label,
  value,
  inherited,
  onChange,
}: {
  label: string
  value: string
  inherited?: string
  onChange: (value: string) => void
}) {
  const id = useId()
  const parsed = parseSpacing(value)
  const shown = parsed ?? { sides: ['', '', '', ''] as [string, string, string, string], unit: 'px' as const }
  const placeholders = parseSpacing(inherited ?? '')?.sides
  const checked = value === '' ? null : spacingSchema.safeParse(value)
  const error = !parsed
    ? `“${value}” mixes units: enter the sides again to replace it`
    : checked && !checked.success
      ? (checked.error.issues[0]?.message ?? 'Not a valid spacing')
      : null
  const set = (sides: typeof shown.sides, unit: typeof shown.unit) =>
    onChange(composeSpacing({ sides, unit }))
  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-medium text-slate-800 text-sm">{label}</legend>
      <div className="grid grid-cols-4 gap-1">
        {SIDES.map((side, i) => (
          <div key={side} className="grid gap-0.5">
            <label htmlFor={`${id}-${side}`} className="text-slate-600 text-xs">
              {side}
            </label>
            <Input
              id={`${id}-${side}`}
              type="number"
              inputMode="decimal"
              step="any"
              className="px-1.5"
              value={shown.sides[i]}
              placeholder={placeholders?.[i]}
              onChange={(e) => {
                const sides = [...shown.sides] as typeof shown.sides
                sides[i] = e.target.value
                set(sides, shown.unit)
              }}
            />
          </div>
        ))}
      </div>
      <Select
        aria-label={`${label} unit`}
        className={cn(unitSelectClasses, 'justify-self-end')}
        value={shown.unit}
        onChange={(e) => set(shown.sides, e.target.value as typeof shown.unit)}
      >
        {lengthUnits.map((unit) => (
          <option key={unit}>{unit}</option>
        ))}
      </Select>
      {error ? (
        <p id={`${id}-error`} className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
