import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

/**
 * A data table with a caption for screen readers and one row for the empty state. It scrolls
 * sideways inside its frame on narrow screens instead of widening the page.
 */
export function DataTable({
  caption,
  head,
  children,
  empty,
}: {
  caption: string
  head: ReactNode[]
  children: ReactNode
  /** Shown instead of the rows when set (loading or empty text). */
  empty: string | null
}) {
  return (
    <section
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-3 focus-visible:outline-teal-600"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the table sideways
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            {head.map((h, i) => (
              <th key={typeof h === 'string' ? h : i} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {empty ? (
            <tr>
              <td colSpan={head.length} className="px-4 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </section>
  )
}

export function Cell({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={cn('px-4 py-3 text-slate-700', className)}>{children}</td>
}
