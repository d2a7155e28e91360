import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { WebhookView } from '../../../../core/schemas/webhooks.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge, StateBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

export const WEBHOOKS = '/api/admin/webhooks'

type Form = { name: string; url: string; secret: string; isActive: boolean }
const emptyForm: Form = { name: '', url: '', secret: '', isActive: true }

/** 32 random bytes, hex, with a prefix that says what it is when it turns up in the buyer's config. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `whsec_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** The buyer's endpoints: every new lead is posted to each active one, signed with its secret. */
export function WebhooksPanel() {
  const { rows, error, isLoading } = useList<WebhookView>(WEBHOOKS)
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState<WebhookView | null>(null)
  const [form, setForm] = useState<Form>(emptyForm)
  const [formError, setFormError] = useState<string | null>(null)
  const [doomed, setDoomed] = useState<WebhookView | null>(null)

  const startCreate = () => {
    setEditing(null)
    setForm({ ...emptyForm, secret: generateSecret() })
    setFormError(null)
    setOpen(true)
  }
  const startEdit = (w: WebhookView) => {
    setEditing(w)
    setForm({ name: w.name, url: w.url, secret: '', isActive: w.isActive })
    setFormError(null)
    setOpen(true)
  }

  const save = useAdminMutation({
    request: ({ id, body }: { id: number | null; body: Partial<Form> }) =>
      id === null
        ? apiRequest<WebhookView>('POST', WEBHOOKS, body)
        : apiRequest<WebhookView>('PUT', `${WEBHOOKS}/${id}`, body),
    invalidate: [WEBHOOKS],
    success: (_r, { id }) => ({ title: id === null ? 'Webhook created' : 'Webhook updated' }),
    failure: (e, { id }) => ({
      title: 'Error',
      description:
        serverMessage(e) ?? `Failed to ${id === null ? 'create' : 'update'} webhook. Please try again.`,
    }),
  })
  const remove = useAdminMutation({
    request: (id: number) => apiRequest('DELETE', `${WEBHOOKS}/${id}`),
    invalidate: [WEBHOOKS],
    success: () => ({ title: 'Webhook deleted' }),
    failure: () => ({ title: 'Error', description: 'Failed to delete webhook. Please try again.' }),
  })

  const submit = () => {
    setFormError(null)
    const body: Partial<Form> = { ...form }
    // Left blank when editing: the saved secret stays.
    if (editing && !form.secret) delete body.secret
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: () => setOpen(false),
        onError: (e) => setFormError(serverMessage(e) ?? 'The webhook could not be saved'),
      },
    )
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-semibold text-lg text-navy-900">Webhooks</h2>
          <p className="text-slate-600 text-sm">
            Every new lead is sent at once to each active webhook, signed with its secret, and retried until
            the buyer accepts it.
          </p>
        </div>
        <Button size="sm" onClick={startCreate}>
          <Plus className="size-4" aria-hidden="true" />
          Add Webhook
        </Button>
      </div>
      <LoadError error={error} />
      <DataTable
        caption="Webhooks"
        head={['Name', 'URL', 'Secret', 'Active', 'Deliveries', 'Actions']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No webhooks yet: leads are not sent anywhere'}
      >
        {rows.map((w) => (
          <tr key={w.id}>
            <Cell className="font-medium text-slate-900">{w.name}</Cell>
            <Cell className="break-all font-mono text-xs">{w.url}</Cell>
            <Cell className="font-mono text-xs">
              <span className="sr-only">Secret ending </span>
              {w.secretHint}
            </Cell>
            <Cell>
              <div className="flex items-center gap-2">
                <Switch
                  checked={w.isActive}
                  aria-label={`Active: ${w.name}`}
                  disabled={save.isPending}
                  onCheckedChange={(isActive) => save.mutate({ id: w.id, body: { isActive } })}
                />
                <StateBadge on={w.isActive} yes="Active" no="Inactive" />
              </div>
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-1">
                {w.failed > 0 ? <Badge tone="danger">{`${w.failed} failed`}</Badge> : null}
                {w.pending > 0 ? <Badge tone="warning">{`${w.pending} waiting`}</Badge> : null}
                {w.failed === 0 && w.pending === 0 ? <Badge tone="positive">Up to date</Badge> : null}
              </div>
            </Cell>
            <Cell>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${w.name}`}
                  onClick={() => startEdit(w)}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  aria-label={`Delete ${w.name}`}
                  onClick={() => setDoomed(w)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </Cell>
          </tr>
        ))}
      </DataTable>

      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={editing ? 'Edit Webhook' : 'Add Webhook'}
        description="Where the buyer receives leads, as signed JSON posts."
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <Field label="Name" required>
            {(c) => (
              <Input
                {...c}
                required
                value={form.name}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
              />
            )}
          </Field>
          <Field label="URL" required hint="The buyer's https:// address that receives each lead">
            {(c) => (
              <Input
                {...c}
                required
                type="url"
                inputMode="url"
                className="font-mono"
                placeholder="https://buyer.example/leads"
                value={form.url}
                onChange={(e) => setForm({ ...form, url: e.target.value })}
              />
            )}
          </Field>
          <Field
            label="Secret"
            required={!editing}
            hint={
              editing
                ? `Leave blank to keep the saved secret (${editing.secretHint}).`
                : 'Give this to the buyer now: once saved it is never shown again.'
            }
          >
            {(c) => (
              <div className="flex gap-2">
                <Input
                  {...c}
                  required={!editing}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono text-sm"
                  value={form.secret}
                  onChange={(e) => setForm({ ...form, secret: e.target.value })}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  onClick={() => setForm({ ...form, secret: generateSecret() })}
                >
                  <KeyRound className="size-4" aria-hidden="true" />
                  Generate
                </Button>
              </div>
            )}
          </Field>
          <div className="flex items-center gap-2">
            <Switch
              id="webhook-active"
              checked={form.isActive}
              onCheckedChange={(isActive) => setForm({ ...form, isActive })}
            />
            <label htmlFor="webhook-active" className="text-slate-800 text-sm">
              Active
            </label>
          </div>
          {formError ? <Alert>{formError}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? 'Saving...' : editing ? 'Update Webhook' : 'Create Webhook'}
            </Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(o) => !o && setDoomed(null)}
        title="Delete webhook?"
        description={
          doomed ? `${doomed.name} will receive no more leads, and its delivery history is deleted.` : ''
        }
        confirmLabel="Delete webhook"
        pending={remove.isPending}
        onConfirm={() => {
          if (!doomed) return
          remove.mutate(doomed.id, { onSettled: () => setDoomed(null) })
        }}
      />
    </div>
  )
}
