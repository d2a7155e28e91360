import { type FormEvent, useState } from 'react'
import { useRevalidator } from 'react-router'
import { type ReturnReason, returnReasons, returnRequestSchema } from '../../../core/schemas/buyers.ts'
import { fieldErrors } from '../../../core/schemas/leads.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { Field, Select, Textarea } from '../../components/ui/field.tsx'

/** Hands one lead back: a reason from the operator's list, and a note (required for "other"). */
export function ReturnDialog({
  reference,
  name,
  open,
  onOpenChange,
}: {
  reference: string
  name: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const revalidator = useRevalidator()
  const [reason, setReason] = useState<ReturnReason | ''>('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = returnRequestSchema.safeParse({ reason: reason || undefined, note })
    if (!parsed.success) {
      const found = fieldErrors(parsed.error)
      setErrors(reason ? found : { ...found, reason: 'Choose a reason' })
      return
    }
    setErrors({})
    setFailure(null)
    setPending(true)
    try {
      const response = await fetch(`/api/buyer/leads/${encodeURIComponent(reference)}/return`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(parsed.data),
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null
        setFailure(body?.message ?? `The return was not recorded (${response.status})`)
        return
      }
      onOpenChange(false)
      await revalidator.revalidate()
    } catch {
      setFailure('The return was not recorded: check your connection and try again')
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Return lead ${reference.slice(0, 8)}`}
      description={`Tell us why ${name}'s lead is returned. The operator reviews each return.`}
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 text-sm">
            {failure}
          </p>
        ) : null}
        <Field label="Reason" error={errors.reason} required>
          {(control) => (
            <Select
              {...control}
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value as ReturnReason | '')}
              required
            >
              <option value="">Choose a reason</option>
              {Object.entries(returnReasons).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Note"
          hint={reason === 'other' ? 'Required when the reason is Other' : 'Optional'}
          error={errors.note}
          required={reason === 'other'}
        >
          {(control) => (
            <Textarea
              {...control}
              name="note"
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Returning...' : 'Return lead'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
