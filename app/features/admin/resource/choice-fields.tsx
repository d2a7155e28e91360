import { type ReactNode, useId } from 'react'
import { Switch } from '../../../components/ui/switch.tsx'
import { cn } from '../../../lib/cn.ts'

export type SelectOption = { value: string; label: string; disabled?: boolean }

/** Several options as checkboxes under a legend; `value` lists the ticked options' values. */
export function CheckboxGroup({
  legend,
  hint,
  error,
  className,
  options,
  value,
  onChange,
}: {
  legend: string
  hint?: ReactNode
  error?: string
  className?: string
  options: readonly SelectOption[]
  value: readonly string[]
  onChange: (value: string[]) => void
}) {
  const id = useId()
  return (
    <fieldset
      className={cn('grid gap-1.5', className)}
      aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined}
    >
      <legend className="mb-1 font-medium text-slate-800 text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-slate-800 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-teal-700"
              checked={value.includes(option.value)}
              disabled={option.disabled}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...value, option.value] : value.filter((v) => v !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-slate-600 text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** A switch with its visible label. */
export function SwitchRow({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange: (on: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="text-slate-800 text-sm">
        {label}
      </label>
    </div>
  )
}
