import type { ComponentProps, ReactNode } from 'react'
import type { z } from 'zod'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ResourceForm } from './resource-form.tsx'

/** A resource's form in a modal dialog, with Cancel; Escape closes it too. */
export function ResourceDialog<F extends object, S extends z.ZodType>({
  open,
  onOpenChange,
  title,
  description,
  className,
  ...form
}: Omit<ComponentProps<typeof ResourceForm<F, S>>, 'onCancel'> & {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  /** Wider dialogs for long forms, e.g. 'max-w-3xl'. */
  className?: string
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      className={className}
    >
      <ResourceForm {...form} onCancel={() => onOpenChange(false)} />
    </Dialog>
  )
}
