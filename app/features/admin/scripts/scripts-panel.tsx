import type { ScriptRow } from '../../../../core/schemas/scripts.ts'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { LoadError } from '../load-error.tsx'
import { useList } from '../use-list.ts'

/** SPEC section 9: the list shows the first 200 characters of a script. */
export const SCRIPT_PREVIEW_LENGTH = 200
export const scriptPreview = (script: string) =>
  script.length > SCRIPT_PREVIEW_LENGTH ? `${script.slice(0, SCRIPT_PREVIEW_LENGTH)}...` : script

export function ScriptsPanel() {
  const { rows, error, isLoading } = useList<ScriptRow>('/api/admin/scripts')
  return (
    <>
      <LoadError error={error} />
      <DataTable
        caption="Scripts"
        head={['Name', 'Position', 'Script', 'Active']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No scripts yet'}
      >
        {rows.map((s) => (
          <tr key={s.id}>
            <Cell className="font-medium text-slate-900">{s.name}</Cell>
            <Cell>{s.position}</Cell>
            <Cell className="max-w-md font-mono text-xs">{scriptPreview(s.script)}</Cell>
            <Cell>
              <StateBadge on={s.isActive} yes="Active" no="Inactive" />
            </Cell>
          </tr>
        ))}
      </DataTable>
    </>
  )
}
