import { dropOff } from '../../../../core/analytics.ts'
import { type Denominator, denominatorText } from '../../../../core/figures.ts'
import type { FunnelStep, SeriesDay } from '../../../../core/schemas/analytics.ts'

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
export const label = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`))
export const percent = (share: number) => `${(Math.min(1, Math.max(0, share)) * 100).toFixed(1)}%`

/** A share with what it divides: `50.0% of visitors`; a dash when there is nothing to divide. */
export function shareText(share: number | null, of: Denominator): string {
  return share === null ? '–' : `${percent(share)} ${denominatorText[of]}`
}

/**
 * The funnel as SVG bars (no chart library, as the revenue chart): each step's bar is its count
 * against the largest, with its share of what it divides. The table beside it has the figures.
 */
export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  const width = 600
  const row = 28
  const height = steps.length * row
  const top = Math.max(1, steps[0]?.count ?? 0, ...steps.map((s) => s.count))
  const drops = dropOff(steps)
  const first = steps[0]?.count ?? 0
  const summary = first
    ? `Funnel: ${steps.map((s) => `${s.label}: ${s.count} (${shareText(s.share, s.of)})`).join('; ')}.`
    : 'No visitors in this period.'
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        className="w-full"
        style={{ maxHeight: height }}
      >
        {steps.map((s, i) => {
          const w = (s.count / top) * width
          return (
            <g key={s.name}>
              <rect x="0" y={i * row + 3} width={width} height={row - 6} rx="3" className="fill-slate-100" />
              <rect
                x="0"
                y={i * row + 3}
                width={Math.max(w, s.count > 0 ? 2 : 0)}
                height={row - 6}
                rx="3"
                className="fill-teal-600"
              >
                <title>{`${s.label}: ${s.count}, ${shareText(s.share, s.of)}${drops[i] != null ? `, ${percent(drops[i] ?? 0)} lost` : ''}`}</title>
              </rect>
            </g>
          )
        })}
      </svg>
      <figcaption className="text-slate-600 text-sm">{summary}</figcaption>
    </figure>
  )
}

/** Visitors per UK day as SVG bars, leads marked on each; the series table holds the figures. */
export function SeriesChart({ days }: { days: SeriesDay[] }) {
  const width = 600
  const height = 160
  const highest = Math.max(1, ...days.map((d) => d.visitors))
  const bar = width / Math.max(days.length, 1)
  const first = days[0]
  const lastDay = days.at(-1)
  const visitors = days.reduce((sum, d) => sum + d.visitors, 0)
  const leads = days.reduce((sum, d) => sum + d.leads, 0)
  const summary = first
    ? `Visitors per day from ${label(first.date)} to ${label(lastDay?.date ?? first.date)}: ${visitors} in total, at most ${Math.max(0, ...days.map((d) => d.visitors))} on one day; ${leads} leads.`
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
        <line x1="0" y1={height - 1} x2={width} y2={height - 1} className="stroke-slate-300" />
        {days.map((d, i) => {
          const h = (d.visitors / highest) * (height - 6)
          const l = (d.leads / highest) * (height - 6)
          return (
            <g key={d.date}>
              <rect
                x={i * bar + 1}
                y={height - 1 - h}
                width={Math.max(bar - 2, 1)}
                height={h}
                rx="2"
                className="fill-teal-600"
              >
                <title>{`${label(d.date)}: ${d.visitors} visitors, ${d.leads} leads`}</title>
              </rect>
              {d.leads > 0 ? (
                <rect
                  x={i * bar + 1}
                  y={height - 1 - l}
                  width={Math.max(bar - 2, 1)}
                  height={l}
                  rx="2"
                  className="fill-navy-900"
                />
              ) : null}
            </g>
          )
        })}
      </svg>
      <div className="flex justify-between text-slate-600 text-xs" aria-hidden="true">
        <span>{first ? label(first.date) : ''}</span>
        <span>{lastDay ? label(lastDay.date) : ''}</span>
      </div>
      <figcaption className="text-slate-600 text-sm">{summary} Dark bars: leads.</figcaption>
    </figure>
  )
}
