import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { revenuePeriod } from '../../../../core/revenue.ts'
import type { RevenueReport } from '../../../../core/schemas/revenue.ts'
import { Input } from '../../../components/ui/field.tsx'
import { LoadError } from '../load-error.tsx'
import { RevenueChart } from './revenue-chart.tsx'
import { RevenueByBuyer, RevenueByCampaign, RevenueTotals } from './revenue-tables.tsx'

export type RevenueFilter = { utmSource?: string; utmCampaign?: string }

export function revenueUrl(from: string, to: string, { utmSource, utmCampaign }: RevenueFilter = {}) {
  const params = new URLSearchParams({ from, to })
  if (utmSource) params.set('utmSource', utmSource)
  if (utmCampaign) params.set('utmCampaign', utmCampaign)
  return `/api/admin/revenue?${params}`
}

/**
 * Revenue for a period the operator picks (the last 30 London days to start with): totals, net
 * per day, and the by-buyer and by-campaign tables, all net of approved returns.
 */
export function RevenueReportView({ filter }: { filter?: RevenueFilter }) {
  const id = useId()
  const [period, setPeriod] = useState(() => revenuePeriod(undefined, undefined))
  const report = useQuery<RevenueReport | null>({
    queryKey: [revenueUrl(period.from, period.to, filter)],
    placeholderData: (previous) => previous,
  })
  const data = report.data ?? undefined
  return (
    <div className="grid gap-4">
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">Period (UK days)</legend>
        <div className="grid gap-1">
          <label htmlFor={`${id}-from`} className="font-medium text-slate-700 text-xs">
            From
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            className="w-44"
            value={period.from}
            max={period.to}
            required
            onChange={(e) => e.target.value && setPeriod({ ...period, from: e.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-to`} className="font-medium text-slate-700 text-xs">
            To
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            className="w-44"
            value={period.to}
            min={period.from}
            required
            onChange={(e) => e.target.value && setPeriod({ ...period, to: e.target.value })}
          />
        </div>
      </fieldset>
      <LoadError error={report.error} />
      {data ? (
        <>
          <RevenueTotals totals={data.totals} />
          <RevenueChart days={data.byDay} caption="Revenue per day" />
        </>
      ) : null}
      <div className="grid gap-4">
        <RevenueByBuyer report={data} loading={report.isLoading} />
        <RevenueByCampaign report={data} loading={report.isLoading} />
      </div>
    </div>
  )
}
