import { Pencil, Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { LoadError } from '../load-error.tsx'

export type Column<Row> = {
  header: string
  cell: (row: Row) => ReactNode
  className?: string
}

/** A resource's list: its columns, one row per record, and the loading, empty and error states. */
export function ResourceTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  isLoading,
  error,
  empty,
}: {
  caption: string
  columns: Column<Row>[]
  rows: Row[]
  isLoading: boolean
  error: unknown
  /** Said when there is nothing to list. */
  empty: string
}) {
  return (
    <>
      <LoadError error={error} />
      <DataTable
        caption={caption}
        head={columns.map((c) => c.header)}
        empty={isLoading ? 'Loading…' : rows.length ? null : empty}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((column) => (
              <Cell key={column.header} className={column.className}>
                {column.cell(row)}
              </Cell>
            ))}
          </tr>
        ))}
      </DataTable>
    </>
  )
}

/** The panel's heading, what it is for, and its Add button. */
export function ResourceHeader({
  title,
  description,
  addLabel,
  onAdd,
}: {
  title: string
  description?: ReactNode
  addLabel: string
  onAdd: () => void
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="font-semibold text-lg text-navy-900">{title}</h2>
        {description ? <p className="text-slate-600 text-sm">{description}</p> : null}
      </div>
      <Button size="sm" onClick={onAdd}>
        <Plus className="size-4" aria-hidden="true" />
        {addLabel}
      </Button>
    </div>
  )
}

/** A record's isActive as a switch named after it, with its state in words. */
export function ActiveToggle({
  name,
  checked,
  disabled,
  onChange,
}: {
  name: string
  checked: boolean
  disabled?: boolean
  onChange: (isActive: boolean) => void
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={checked}
        aria-label={`Active: ${name}`}
        disabled={disabled}
        onCheckedChange={onChange}
      />
      <StateBadge on={checked} yes="Active" no="Inactive" />
    </div>
  )
}

/** Edit and Delete for one record, named after it for screen readers; other actions go first. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string
  onEdit?: () => void
  onDelete?: () => void
  children?: ReactNode
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      {onEdit ? (
        <Button variant="secondary" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="destructive" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      ) : null}
    </div>
  )
}

/** "Delete script?": names what goes, and deletes only on the red button. */
export function DeleteConfirm<Row extends { id: number }>({
  row,
  noun,
  describe,
  pending,
  onClose,
  onConfirm,
}: {
  row: Row | null
  noun: string
  describe: (row: Row) => ReactNode
  pending: boolean
  onClose: () => void
  onConfirm: (row: Row) => void
}) {
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${noun}?`}
      description={row ? describe(row) : ''}
      confirmLabel={`Delete ${noun}`}
      pending={pending}
      onConfirm={() => row && onConfirm(row)}
    />
  )
}
