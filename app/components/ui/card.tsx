import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

/** A titled panel: a labelled region with an h2, an optional description and optional actions. */
export function Card({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string
  description?: string
  actions?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section
      className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}
      aria-label={title}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-lg text-navy-900">{title}</h2>
          {description ? <p className="text-slate-600 text-sm">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** A figure with its title and a note, as on the Overview and Leads panels. */
export function StatCard({
  title,
  value,
  note,
  icon,
}: {
  title: string
  value: ReactNode
  note: string
  icon?: ReactNode
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={title}>
      <div className="flex items-center justify-between">
        <h2 className="font-medium text-slate-700 text-sm">{title}</h2>
        {icon}
      </div>
      <p className="mt-2 font-bold text-3xl text-navy-900">{value}</p>
      <p className="text-slate-600 text-xs">{note}</p>
    </section>
  )
}
