import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

/** An error (announced as it appears), a warning or a note. */
export function Alert({
  tone = 'error',
  live,
  children,
  className,
}: {
  tone?: 'error' | 'warning' | 'info'
  /** Announce it when it appears; errors always are, standing warnings need not be. */
  live?: boolean
  children: ReactNode
  className?: string
}) {
  const styles = {
    error: 'bg-red-50 text-red-800',
    warning: 'bg-amber-50 text-amber-900',
    info: 'bg-sky-50 text-sky-900',
  }[tone]
  return (
    <p
      role={tone === 'error' ? 'alert' : live ? 'status' : undefined}
      className={cn('rounded-lg p-3 text-sm', styles, className)}
    >
      {children}
    </p>
  )
}
