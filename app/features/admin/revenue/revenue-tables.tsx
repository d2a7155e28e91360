import { formatPence } from '../../../../core/money.ts'
import type { RevenueFigures, RevenueReport } from '../../../../core/schemas/revenue.ts'
import { Cell, DataTable } from '../../../components/ui/table.tsx'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The period's totals: net first (what the operator earned), then what made it. */
export function RevenueTotals({ totals }: { totals: RevenueFigures }) {
  const figure = (title: string, value: string, note: string) => (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="font-medium text-slate-700 text-sm">{title}</dt>
      <dd className="mt-1 font-bold text-2xl text-navy-900">{value}</dd>
      <dd className="text-slate-600 text-xs">{note}</dd>
    </div>
  )
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {figure('Net revenue', formatPence(totals.netPence), 'Sales less approved returns')}
      {figure('Sales', formatPence(totals.salesPence), `${plural(totals.salesCount, 'lead')} sold`)}
      {figure(
        'Returns',
        formatPence(totals.returnsPence),
        `${plural(totals.returnsCount, 'return')} approved`,
      )}
    </dl>
  )
}

const money = 'whitespace-nowrap text-right tabular-nums'

function figureCells(row: RevenueFigures) {
  return (
    <>
      <Cell className={money}>{row.salesCount}</Cell>
      <Cell className={money}>{formatPence(row.salesPence)}</Cell>
      <Cell className={money}>{row.returnsCount}</Cell>
      <Cell className={money}>{formatPence(row.returnsPence)}</Cell>
      <Cell className={`${money} font-semibold text-slate-900`}>{formatPence(row.netPence)}</Cell>
    </>
  )
}

const figureHead = ['Sales', 'Sales £', 'Returns', 'Returns £', 'Net £'].map((title) => (
  <span key={title} className="block whitespace-nowrap text-right">
    {title}
  </span>
))

export function RevenueByBuyer({ report, loading }: { report: RevenueReport | undefined; loading: boolean }) {
  const rows = report?.byBuyer ?? []
  return (
    <DataTable
      caption="Revenue by buyer"
      head={['Buyer', ...figureHead]}
      empty={loading ? 'Loading…' : rows.length ? null : 'No sales in this period'}
    >
      {rows.map((row) => (
        <tr key={row.buyerId}>
          <Cell className="font-medium text-slate-900">{row.buyerName}</Cell>
          {figureCells(row)}
        </tr>
      ))}
    </DataTable>
  )
}

export function RevenueByCampaign({
  report,
  loading,
}: {
  report: RevenueReport | undefined
  loading: boolean
}) {
  const rows = report?.byCampaign ?? []
  return (
    <DataTable
      caption="Revenue by campaign"
      head={['Source', 'Campaign', ...figureHead]}
      empty={loading ? 'Loading…' : rows.length ? null : 'No sales in this period'}
    >
      {rows.map((row) => (
        <tr key={`${row.utmSource}\u0000${row.utmCampaign}`}>
          <Cell className="font-medium text-slate-900">{row.utmSource}</Cell>
          <Cell>{row.utmCampaign}</Cell>
          {figureCells(row)}
        </tr>
      ))}
    </DataTable>
  )
}
