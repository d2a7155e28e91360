import type { ReactNode } from 'react'
import { Button } from './button.tsx'
import { Dialog } from './dialog.tsx'

/** "Are you sure?" for a destructive action: the confirming button is red and names the action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  pending?: boolean
  onConfirm: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending ? 'Deleting...' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
