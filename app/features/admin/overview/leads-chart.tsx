import type { LeadsPerDay } from '../../../../core/schemas/leads.ts'

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const label = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`))

/**
 * Leads per UK day as bars drawn in SVG (under 1 KB, rendered on the server too), with the same
 * figures as a table for screen readers: the picture is decoration, the table is the data.
 */
export function LeadsChart({ days }: { days: LeadsPerDay }) {
  const width = 600
  const height = 160
  const max = Math.max(1, ...days.map((d) => d.count))
  const bar = width / Math.max(days.length, 1)
  const total = days.reduce((sum, d) => sum + d.count, 0)
  const summary = `Leads per day over the last ${days.length} days: ${total} in total, at most ${max === 1 && total === 0 ? 0 : max} on one day.`
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-slate-300" />
        {days.map((d, i) => {
          const h = (d.count / max) * (height - 8)
          return (
            <rect
              key={d.date}
              x={i * bar + 1}
              y={height - h}
              width={Math.max(bar - 2, 1)}
              height={h}
              rx="2"
              className="fill-teal-600"
            >
              <title>{`${label(d.date)}: ${d.count}`}</title>
            </rect>
          )
        })}
      </svg>
      <div className="flex justify-between text-slate-600 text-xs" aria-hidden="true">
        <span>{days[0] ? label(days[0].date) : ''}</span>
        <span>{days.at(-1) ? label(days.at(-1)?.date ?? '') : ''}</span>
      </div>
      <figcaption className="text-slate-600 text-sm">{summary}</figcaption>
      <table className="sr-only">
        <caption>Leads per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{label(d.date)}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
