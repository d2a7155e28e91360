import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

/** An on/off control (role="switch"); label it with `aria-label` or an associated <label>. */
export function Switch({
  checked,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'onChange' | 'role'> & {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
        'disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-teal-700' : 'bg-slate-400',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0.5',
        )}
      />
    </button>
  )
}
