import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { formatPence } from '../../../../core/money.ts'
import { isLedgerMonth, londonMonth } from '../../../../core/revenue.ts'
import type { RevenueBuyerOption, Statement } from '../../../../core/schemas/revenue.ts'
import { buttonClasses } from '../../../components/ui/button.tsx'
import { Input, Select } from '../../../components/ui/field.tsx'
import { useList } from '../use-list.ts'

/** Choose a buyer and a month, see its totals, download its statement as CSV. */
export function StatementDownload() {
  const id = useId()
  const buyers = useList<RevenueBuyerOption>('/api/admin/revenue/buyers')
  const [buyerId, setBuyerId] = useState('')
  const [month, setMonth] = useState(() => londonMonth())
  const chosen = buyerId || (buyers.rows[0] ? String(buyers.rows[0].id) : '')
  const ready = Boolean(chosen) && isLedgerMonth(month)
  const query = new URLSearchParams({ buyerId: chosen, month })
  const statement = useQuery<Statement | null>({
    queryKey: [`/api/admin/revenue/statement?${query}`],
    enabled: ready,
  })
  const totals = ready ? statement.data?.totals : undefined
  if (!buyers.isLoading && buyers.rows.length === 0) {
    return <p className="text-slate-600 text-sm">No buyers yet: statements appear once a buyer is added.</p>
  }
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-buyer`} className="font-medium text-slate-700 text-xs">
            Buyer
          </label>
          <Select
            id={`${id}-buyer`}
            className="w-60 max-w-full"
            value={chosen}
            onChange={(e) => setBuyerId(e.target.value)}
          >
            {buyers.rows.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-month`} className="font-medium text-slate-700 text-xs">
            Month
          </label>
          <Input
            id={`${id}-month`}
            type="month"
            className="w-44"
            value={month}
            placeholder="YYYY-MM"
            onChange={(e) => setMonth(e.target.value)}
          />
        </div>
        {ready ? (
          <a
            href={`/api/admin/revenue/statement.csv?${query}`}
            download
            className={buttonClasses('primary', 'md')}
          >
            <Download className="size-4" aria-hidden="true" />
            Download statement (CSV)
          </a>
        ) : null}
      </div>
      <p className="text-slate-700 text-sm" aria-live="polite">
        {totals
          ? `${statement.data?.entries.length ?? 0} entries: sales ${formatPence(totals.salesPence)}, returns ${formatPence(totals.returnsPence)}, net ${formatPence(totals.netPence)}.`
          : ''}
      </p>
    </div>
  )
}
