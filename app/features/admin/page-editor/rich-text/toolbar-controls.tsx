import type { LucideIcon } from 'lucide-react'
import { cn } from '../../../../lib/cn.ts'

export const toolClasses =
  'relative inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 ' +
  'aria-pressed:bg-navy-100 aria-pressed:text-navy-900 disabled:cursor-not-allowed disabled:opacity-40 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-teal-600'
export function ToolButton({
  label,
  icon: Icon,
  pressed,
  disabled,
  opensDialog,
  onClick,
}: {
  label: string
  icon: LucideIcon
  pressed?: boolean
  disabled?: boolean
  opensDialog?: boolean
  onClick: () => void
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      disabled={disabled}
      onClick={onClick}
      className={toolClasses}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  )
}

export function ColorInput({
  label,
  icon: Icon,
  value,
  disabled,
  onChange,
}: {
  label: string
  icon: LucideIcon
  value: string
  disabled: boolean
  onChange: (value: string) => void
}) {
  return (
    <label
      title={label}
      className={cn(
        toolClasses,
        'cursor-pointer has-disabled:cursor-not-allowed has-disabled:opacity-40',
        'has-focus-visible:outline-3 has-focus-visible:outline-offset-1 has-focus-visible:outline-teal-600',
      )}
    >
      <span className="sr-only">{label}</span>
      <Icon className="size-4" aria-hidden="true" />
      <span
        aria-hidden="true"
        className="absolute inset-x-2 bottom-1 h-1 rounded-sm border border-slate-300"
        style={{ backgroundColor: value }}
      />
      <input
        type="color"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="sr-only"
      />
    </label>
  )
}

export const Separator = () => (
  <span aria-hidden="true" className="mx-0.5 h-6 w-px shrink-0 self-center bg-slate-300" />
)
