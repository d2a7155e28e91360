import type { ReactNode } from 'react'
import { fieldId } from './definition-edit.ts'

/** The problems of one field or group, in red under it; referenced by its aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null
  return (
    <ul id={id} className="grid gap-0.5 text-red-700 text-sm">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}

type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }

/**
 * A label, its control, a hint and the problems parseDefinition reports at `path`. The control's id
 * comes from the path, so the summary of problems can move focus to it.
 */
export function PathField({
  path,
  label,
  hint,
  errors,
  className,
  children,
}: {
  path: string
  label: ReactNode
  hint?: ReactNode
  errors: readonly string[]
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = fieldId(path)
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = errors.length ? `${id}-errors` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div
      className={
        className ? `grid min-w-0 content-start gap-1.5 ${className}` : 'grid min-w-0 content-start gap-1.5'
      }
    >
      <label htmlFor={id} className="font-medium text-slate-800 text-sm">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': errors.length ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-slate-600 text-xs">
          {hint}
        </p>
      ) : null}
      {errorId ? <FieldErrors id={errorId} errors={errors} /> : null}
    </div>
  )
}
