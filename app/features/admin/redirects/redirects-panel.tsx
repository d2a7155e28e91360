import type { RedirectRow } from '../../../../core/schemas/redirects.ts'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { LoadError } from '../load-error.tsx'
import { useList } from '../use-list.ts'

export function RedirectsPanel() {
  const { rows, error, isLoading } = useList<RedirectRow>('/api/admin/redirects')
  return (
    <>
      <LoadError error={error} />
      <DataTable
        caption="Redirects"
        head={['Name', 'From', 'To', 'Status', 'Regex', 'Active', 'Hits']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No redirects yet'}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <Cell className="font-medium text-slate-900">{r.name}</Cell>
            <Cell className="font-mono text-xs">{r.fromUrl}</Cell>
            <Cell className="font-mono text-xs">{r.toUrl}</Cell>
            <Cell>{r.statusCode}</Cell>
            <Cell>{r.isRegex ? 'Yes' : 'No'}</Cell>
            <Cell>
              <StateBadge on={r.isActive} yes="Active" no="Inactive" />
            </Cell>
            <Cell>{r.hitCount}</Cell>
          </tr>
        ))}
      </DataTable>
    </>
  )
}
