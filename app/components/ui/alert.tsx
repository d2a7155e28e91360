import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

/** An error or warning announced to screen readers as it appears. */
export function Alert({
  tone = 'error',
  children,
  className,
}: {
  tone?: 'error' | 'warning' | 'info'
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
      role={tone === 'info' ? 'status' : 'alert'}
      className={cn('rounded-lg p-3 text-sm', styles, className)}
    >
      {children}
    </p>
  )
}
