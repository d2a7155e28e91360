import { formatPence } from '../../../../core/money.ts'
import type { RevenueDay } from '../../../../core/schemas/revenue.ts'

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const label = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`))

/**
 * Net revenue per London day as SVG bars, as the leads chart draws them (no chart library, drawn
 * on the server too): above the line for a day that earned, below it for a day whose returns
 * outweighed its sales. The table beside it holds the figures for screen readers.
 */
export function RevenueChart({ days, caption }: { days: RevenueDay[]; caption: string }) {
  const width = 600
  const height = 160
  const highest = Math.max(0, ...days.map((d) => d.netPence))
  const lowest = Math.max(0, ...days.map((d) => -d.netPence))
  const span = highest + lowest || 1
  const usable = height - 8
  const zero = 4 + (highest / span) * usable
  const bar = width / Math.max(days.length, 1)
  const net = days.reduce((sum, d) => sum + d.netPence, 0)
  const first = days[0]
  const last = days.at(-1)
  const summary = first
    ? `Net revenue per day from ${label(first.date)} to ${label(last?.date ?? first.date)}: ${formatPence(net)} in total, at most ${formatPence(highest)} on one day.`
    : 'No days to show.'
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        <line x1="0" y1={zero} x2={width} y2={zero} className="stroke-slate-300" />
        {days.map((d, i) => {
          const h = (Math.abs(d.netPence) / span) * usable
          return (
            <rect
              key={d.date}
              x={i * bar + 1}
              y={d.netPence >= 0 ? zero - h : zero}
              width={Math.max(bar - 2, 1)}
              height={h}
              rx="2"
              className={d.netPence >= 0 ? 'fill-teal-600' : 'fill-red-600'}
            >
              <title>{`${label(d.date)}: ${formatPence(d.netPence)}`}</title>
            </rect>
          )
        })}
      </svg>
      <div className="flex justify-between text-slate-600 text-xs" aria-hidden="true">
        <span>{first ? label(first.date) : ''}</span>
        <span>{last ? label(last.date) : ''}</span>
      </div>
      <figcaption className="text-slate-600 text-sm">{summary}</figcaption>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sales</th>
            <th scope="col">Returns</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{label(d.date)}</th>
              <td>{`${d.salesCount} (${formatPence(d.salesPence)})`}</td>
              <td>{`${d.returnsCount} (${formatPence(d.returnsPence)})`}</td>
              <td>{formatPence(d.netPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
