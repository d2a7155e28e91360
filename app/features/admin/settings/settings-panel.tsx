import type { SettingRow } from '../../../../core/schemas/settings.ts'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { LoadError } from '../load-error.tsx'
import { useList } from '../use-list.ts'

export function SettingsPanel() {
  const { rows, error, isLoading } = useList<SettingRow>('/api/admin/settings')
  return (
    <>
      <LoadError error={error} />
      <DataTable
        caption="Settings"
        head={['Key', 'Value']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No settings yet'}
      >
        {rows.map((s) => (
          <tr key={s.key}>
            <Cell className="font-mono text-slate-900 text-xs">{s.key}</Cell>
            <Cell className="whitespace-pre-wrap">{s.value}</Cell>
          </tr>
        ))}
      </DataTable>
    </>
  )
}
