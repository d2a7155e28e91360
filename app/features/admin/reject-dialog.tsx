import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { Field, Textarea } from '../../components/ui/field.tsx'

/**
 * Rejecting something that waits for a second admin (a page publication, a questionnaire version):
 * the note says why, for whoever asked. `onReject` gets the note and calls `done` once it went through.
 */
export function RejectDialog({
  open,
  onClose,
  description,
  pending,
  onReject,
}: {
  open: boolean
  onClose: () => void
  description: string
  pending: boolean
  onReject: (note: string, done: () => void) => void
}) {
  const [note, setNote] = useState('')
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Reject publication"
      description={description}
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          onReject(note, () => setNote(''))
        }}
      >
        <Field label="Why it is rejected" required>
          {(control) => (
            <Textarea {...control} required value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Keep it waiting
          </Button>
          <Button type="submit" variant="destructive" disabled={pending || !note.trim()}>
            Reject
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
