import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../../lib/cn.ts'

export const controlClasses =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-teal-600 ' +
  'aria-[invalid=true]:border-red-600 disabled:bg-slate-100'

type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }

/**
 * A label, its control, a hint and an error, wired together: the control gets the id the label
 * points at, and the hint and error are announced with it.
 */
export function Field({
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  required?: boolean
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-slate-800 text-sm">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-slate-600 text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClasses, 'min-h-10', className)} {...props} />
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClasses, className)} {...props} />
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClasses, 'min-h-10', className)} {...props} />
}
