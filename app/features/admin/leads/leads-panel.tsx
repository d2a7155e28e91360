import { useQuery } from '@tanstack/react-query'
import type { LeadStats } from '../../../../core/lead-stats.ts'
import type { LeadListItem } from '../../../../core/schemas/leads.ts'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { StatCard } from '../../../components/ui/card.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'
import { useList } from '../use-list.ts'

export function LeadsPanel() {
  const { rows, error, isLoading } = useList<LeadListItem>('/api/leads')
  const stats = useQuery<LeadStats | null>({ queryKey: ['/api/admin/leads/stats'] })
  const s = stats.data
  return (
    <>
      <LoadError error={error ?? stats.error} />
      <div className="mb-4 grid gap-4 sm:grid-cols-4">
        <StatCard title="Total" value={s?.total ?? 0} note="All leads" />
        <StatCard title="This Month" value={s?.thisMonth ?? 0} note="Since the start of last month" />
        <StatCard title="Conversion Rate" value={`${s?.conversionRate ?? 0}%`} note="Leads with consent" />
        <StatCard title="Average per Day" value={s?.averagePerDay ?? 0} note="Over 30 days" />
      </div>
      <DataTable
        caption="Leads"
        head={['Name', 'Car Details', 'Consent', 'Date']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No leads yet'}
      >
        {rows.map((l) => (
          <tr key={l.id}>
            <Cell className="font-medium text-slate-900">
              {l.firstName} {l.lastName}
            </Cell>
            <Cell>{l.carDetails}</Cell>
            <Cell>
              <StateBadge on={l.hasConsent} yes="Yes" no="No" />
            </Cell>
            <Cell>{formatDateTime(l.createdAt)}</Cell>
          </tr>
        ))}
      </DataTable>
    </>
  )
}
