import type { PageListItem } from '../../../../core/schemas/pages.ts'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { LoadError } from '../load-error.tsx'
import { useList } from '../use-list.ts'

export function PagesPanel() {
  const { rows, error, isLoading } = useList<PageListItem>('/api/admin/pages')
  return (
    <>
      <LoadError error={error} />
      <DataTable
        caption="Pages"
        head={['Title', 'Slug', 'Description', 'Status']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No pages yet'}
      >
        {rows.map((p) => (
          <tr key={p.id}>
            <Cell className="font-medium text-slate-900">{p.title}</Cell>
            <Cell>/{p.slug}</Cell>
            <Cell className="max-w-md truncate">{p.metaDescription}</Cell>
            <Cell>
              <StateBadge on={p.isPublished} yes="Published" no="Draft" />
            </Cell>
          </tr>
        ))}
      </DataTable>
    </>
  )
}
