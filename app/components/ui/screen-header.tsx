import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

const widths = { '3xl': 'max-w-3xl', '5xl': 'max-w-5xl', '7xl': 'max-w-7xl' } as const

/** The white band atop an admin or buyer screen: its h1, a line under it, and its actions. */
export function ScreenHeader({
  title,
  subtitle,
  width,
  children,
}: {
  title: string
  subtitle?: ReactNode
  /** The same as the screen's `main`, so the header lines up with the content. */
  width: keyof typeof widths
  children?: ReactNode
}) {
  return (
    <header className="border-slate-200 border-b bg-white">
      <div
        className={cn('mx-auto flex flex-wrap items-center justify-between gap-3 px-4 py-4', widths[width])}
      >
        <div className="min-w-0">
          <h1 className="font-bold text-2xl text-navy-900">{title}</h1>
          {subtitle ? <p className="break-words text-slate-600 text-sm">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </header>
  )
}
