import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { dropOff } from '../../../../core/analytics.ts'
import { definitions } from '../../../../core/figures.ts'
import { formatPence } from '../../../../core/money.ts'
import { revenuePeriod } from '../../../../core/revenue.ts'
import {
  type Breakdown,
  type BreakdownDimension,
  breakdownDimensions,
  type Funnel,
  type Series,
} from '../../../../core/schemas/analytics.ts'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { Input } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { LoadError } from '../load-error.tsx'
import { FunnelChart, label, percent, SeriesChart, shareText } from './analytics-charts.tsx'

type Filter = { from: string; to: string; utm_source: string; utm_campaign: string; path: string }

const dimensionNames: Record<BreakdownDimension, string> = {
  path: 'Landing page',
  utm_campaign: 'Campaign',
  utm_source: 'Source',
  variant: 'Variant',
  device: 'Device',
}

function reportUrl(report: string, filter: Filter, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ from: filter.from, to: filter.to })
  for (const key of ['path', 'utm_source', 'utm_campaign'] as const) {
    if (filter[key].trim()) params.set(key, filter[key].trim())
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  return `/api/admin/analytics/${report}?${params}`
}

function CsvLink({ href, what }: { href: string; what: string }) {
  return (
    <a
      href={`${href}&format=csv`}
      download
      className={`${buttonClasses('secondary', 'sm')} justify-self-start`}
    >
      <Download className="size-4" aria-hidden="true" />
      Download {what} (CSV)
    </a>
  )
}

const num = 'whitespace-nowrap text-right tabular-nums'
const right = (title: string) => (
  <span key={title} className="block whitespace-nowrap text-right">
    {title}
  </span>
)

/**
 * The Analytics tab (permission `analytics`): for UK days the operator picks, the funnel with
 * drop-off per step, a breakdown by one dimension, and visitors per day; every table as CSV.
 * Counted without cookies (docs/decisions/0037-analytics.md).
 */
export function AnalyticsPanel() {
  const id = useId()
  const [filter, setFilter] = useState<Filter>(() => ({
    ...revenuePeriod(undefined, undefined),
    utm_source: '',
    utm_campaign: '',
    path: '',
  }))
  const [by, setBy] = useState<BreakdownDimension>('utm_campaign')
  const funnelUrl = reportUrl('funnel', filter)
  const breakdownUrl = reportUrl('breakdown', filter, { by })
  const seriesUrl = reportUrl('series', filter)
  const funnel = useQuery<Funnel | null>({ queryKey: [funnelUrl], placeholderData: (p) => p })
  const breakdown = useQuery<Breakdown | null>({ queryKey: [breakdownUrl], placeholderData: (p) => p })
  const series = useQuery<Series | null>({ queryKey: [seriesUrl], placeholderData: (p) => p })
  const f = funnel.data ?? undefined
  const drops = f ? dropOff(f.steps) : []
  const field = (key: keyof Filter, title: string, type = 'text') => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${key}`} className="font-medium text-slate-700 text-xs">
        {title}
      </label>
      <Input
        id={`${id}-${key}`}
        type={type}
        className="w-44"
        value={filter[key]}
        required={type === 'date'}
        onChange={(e) => {
          if (type === 'date' && !e.target.value) return
          setFilter({ ...filter, [key]: e.target.value })
        }}
      />
    </div>
  )

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="font-bold text-navy-900 text-xl">Analytics</h2>
        <p className="text-slate-700 text-sm">
          Counted without cookies: a visitor is one person on one UK day. Page views and leads are counted by
          the server; questionnaire steps by the page’s script.
        </p>
      </div>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">Period (UK days) and filters</legend>
        {field('from', 'From', 'date')}
        {field('to', 'To', 'date')}
        {field('utm_source', 'Source (utm_source)')}
        {field('utm_campaign', 'Campaign (utm_campaign)')}
        {field('path', 'Landing page')}
      </fieldset>
      <LoadError error={funnel.error ?? breakdown.error ?? series.error} />

      {f ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {[
            ['Visitors', String(f.visitors), null],
            ['Page views', String(f.pageviews), null],
            ['Conversion', shareText(f.conversionRate, 'visitors'), definitions.conversionRate],
            ['Leads', `${f.leads} (${f.sold} sold, ${shareText(f.soldRate, 'leads')})`, definitions.soldRate],
            ['Revenue', formatPence(f.revenuePence), null],
          ].map(([title, value, definition]) => (
            <div key={title} className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="font-medium text-slate-700 text-sm">{title}</dt>
              <dd className="mt-1 font-bold text-navy-900 text-xl">{value}</dd>
              {definition ? <dd className="mt-1 text-slate-600 text-xs">{definition}</dd> : null}
            </div>
          ))}
        </dl>
      ) : null}
      <div id={`${id}-definitions`} className="grid gap-1 text-slate-700 text-sm">
        <p>{definitions.visitorAttribution}</p>
        <p>{definitions.leadAttribution}</p>
      </div>

      <section aria-labelledby={`${id}-funnel`} aria-describedby={`${id}-funnel-note`} className="grid gap-3">
        <h3 id={`${id}-funnel`} className="font-semibold text-lg text-navy-900">
          Funnel
        </h3>
        <p id={`${id}-funnel-note`} className="text-slate-700 text-sm">
          {definitions.funnelShare}
        </p>
        {f ? <FunnelChart steps={f.steps} /> : null}
        <DataTable
          caption="Funnel steps"
          head={['Step', right('Count'), right('Share (of what it divides)'), right('Lost from step before')]}
          empty={funnel.isLoading ? 'Loading…' : f ? null : 'No figures'}
        >
          {(f?.steps ?? []).map((s, i) => (
            <tr key={s.name}>
              <Cell className="font-medium text-slate-900">{s.label}</Cell>
              <Cell className={num}>{s.count}</Cell>
              <Cell className={num}>{shareText(s.share, s.of)}</Cell>
              <Cell className={num}>{drops[i] == null ? '–' : percent(drops[i])}</Cell>
            </tr>
          ))}
        </DataTable>
        <CsvLink href={funnelUrl} what="funnel" />
      </section>

      <section aria-labelledby={`${id}-breakdown`} className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id={`${id}-breakdown`} className="font-semibold text-lg text-navy-900">
            Breakdown by {dimensionNames[by].toLowerCase()}
          </h3>
          <div className="grid gap-1">
            <label htmlFor={`${id}-by`} className="font-medium text-slate-700 text-xs">
              Break down by
            </label>
            <select
              id={`${id}-by`}
              value={by}
              onChange={(e) => setBy(e.target.value as BreakdownDimension)}
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-3 focus-visible:outline-teal-600"
            >
              {breakdownDimensions.map((d) => (
                <option key={d} value={d}>
                  {dimensionNames[d]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DataTable
          caption={`Breakdown by ${dimensionNames[by].toLowerCase()}`}
          head={[
            dimensionNames[by],
            right('Visitors'),
            right('Started'),
            right('Sent a lead'),
            right('Conversion (of visitors)'),
            right('Leads'),
            right('Sold (of leads)'),
            right('Revenue'),
            right('Revenue / visitor'),
          ]}
          empty={
            breakdown.isLoading
              ? 'Loading…'
              : breakdown.data?.rows.length
                ? null
                : 'No visitors in this period'
          }
        >
          {(breakdown.data?.rows ?? []).map((r) => (
            <tr key={r.value}>
              <Cell className="max-w-64 truncate font-medium text-slate-900">{r.value}</Cell>
              <Cell className={num}>{r.visitors}</Cell>
              <Cell className={num}>{r.questionnaireStarts}</Cell>
              <Cell className={num}>{r.leadVisitors}</Cell>
              <Cell className={num}>{r.conversionRate === null ? '–' : percent(r.conversionRate)}</Cell>
              <Cell className={num}>{r.leads}</Cell>
              <Cell className={num}>
                {r.sold} ({r.soldRate === null ? '–' : percent(r.soldRate)})
              </Cell>
              <Cell className={num}>{formatPence(r.revenuePence)}</Cell>
              <Cell className={num}>{formatPence(r.revenuePerVisitorPence)}</Cell>
            </tr>
          ))}
        </DataTable>
        <p className="text-slate-700 text-sm">
          Sent a lead: visitors who sent one, counted under their first visit. Conversion:{' '}
          {definitions.conversionRate} Sold: {definitions.soldRate}
        </p>
        <CsvLink href={breakdownUrl} what="breakdown" />
      </section>

      <section aria-labelledby={`${id}-series`} className="grid gap-3">
        <h3 id={`${id}-series`} className="font-semibold text-lg text-navy-900">
          Visitors per day
        </h3>
        {series.data ? <SeriesChart days={series.data.days} /> : null}
        <DataTable
          caption="Visitors per day"
          head={['Day', right('Visitors'), right('Page views'), right('Started'), right('Leads')]}
          empty={series.isLoading ? 'Loading…' : series.data ? null : 'No figures'}
        >
          {(series.data?.days ?? []).map((d) => (
            <tr key={d.date}>
              <Cell className="whitespace-nowrap font-medium text-slate-900">{label(d.date)}</Cell>
              <Cell className={num}>{d.visitors}</Cell>
              <Cell className={num}>{d.pageviews}</Cell>
              <Cell className={num}>{d.questionnaireStarts}</Cell>
              <Cell className={num}>{d.leads}</Cell>
            </tr>
          ))}
        </DataTable>
        <CsvLink href={seriesUrl} what="visitors per day" />
      </section>
    </div>
  )
}
