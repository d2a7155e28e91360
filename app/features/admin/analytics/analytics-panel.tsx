import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { dropOff } from '../../../../core/analytics.ts'
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
import { FunnelChart, label, percent, SeriesChart, stepName } from './analytics-charts.tsx'

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
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ['Visitors', String(f.visitors)],
            ['Page views', String(f.pageviews)],
            ['Leads', `${f.leads} (${f.sold} sold)`],
            ['Revenue', formatPence(f.revenuePence)],
          ].map(([title, value]) => (
            <div key={title} className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="font-medium text-slate-700 text-sm">{title}</dt>
              <dd className="mt-1 font-bold text-navy-900 text-xl">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <section aria-labelledby={`${id}-funnel`} className="grid gap-3">
        <h3 id={`${id}-funnel`} className="font-semibold text-lg text-navy-900">
          Funnel
        </h3>
        {f ? <FunnelChart steps={f.steps} /> : null}
        <DataTable
          caption="Funnel steps"
          head={['Step', right('Count'), right('Of visitors'), right('Lost from step before')]}
          empty={funnel.isLoading ? 'Loading…' : f ? null : 'No figures'}
        >
          {(f?.steps ?? []).map((s, i) => (
            <tr key={s.name}>
              <Cell className="font-medium text-slate-900">{stepName(s.name)}</Cell>
              <Cell className={num}>{s.count}</Cell>
              <Cell className={num}>{f?.visitors ? percent(s.count / f.visitors) : '–'}</Cell>
              <Cell className={num}>{i === 0 ? '–' : percent(drops[i] ?? 0)}</Cell>
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
            right('Leads'),
            right('Sold'),
            right('Revenue'),
            right('Conversion'),
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
              <Cell className={num}>{r.leads}</Cell>
              <Cell className={num}>{r.sold}</Cell>
              <Cell className={num}>{formatPence(r.revenuePence)}</Cell>
              <Cell className={num}>{percent(r.conversionRate)}</Cell>
              <Cell className={num}>{formatPence(r.revenuePerVisitorPence)}</Cell>
            </tr>
          ))}
        </DataTable>
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
