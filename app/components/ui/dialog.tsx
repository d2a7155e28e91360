import { type ReactNode, useEffect, useId, useRef } from 'react'
import { cn } from '../../lib/cn.ts'

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside), Escape closes it, and the browser returns focus to the control that opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  role,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children: ReactNode
  className?: string
  /** 'alertdialog' for a dialog that interrupts to ask about a consequence. */
  role?: 'dialog' | 'alertdialog'
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // React passes a nested dialog's close event up its tree: only this dialog's own closing counts.
      onClose={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false)
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50',
        className,
      )}
    >
      {open ? (
        <div className="grid max-h-[85vh] gap-4 overflow-y-auto p-5">
          <div>
            <h2 id={titleId} className="font-semibold text-lg text-navy-900">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-1 text-slate-600 text-sm">
                {description}
              </div>
            ) : null}
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  )
}
