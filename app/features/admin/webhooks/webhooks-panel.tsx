import type { z } from 'zod'
import {
  type WebhookView,
  webhookCreateSchema,
  webhookUpdateSchema,
} from '../../../../core/schemas/webhooks.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { generateSecret } from '../resource/generate-secret.ts'
import { ResourceDialog } from '../resource/resource-dialog.tsx'
import type { FieldSpec } from '../resource/resource-form.tsx'
import {
  ActiveToggle,
  DeleteConfirm,
  ResourceHeader,
  ResourceTable,
  RowActions,
} from '../resource/resource-table.tsx'
import { useResource, useResourceEditor } from '../resource/use-resource.ts'

export const WEBHOOKS = '/api/admin/webhooks'

type Form = { name: string; url: string; secret: string; isActive: boolean }
const emptyForm: Form = { name: '', url: '', secret: '', isActive: true }

const fields: FieldSpec<Form>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true },
  {
    kind: 'url',
    name: 'url',
    label: 'URL',
    required: true,
    mono: true,
    placeholder: 'https://buyer.example/leads',
    hint: "The buyer's https:// address that receives each lead",
  },
  {
    kind: 'secret',
    name: 'secret',
    label: 'Secret',
    generate: generateSecret,
    required: ({ editing }) => !editing,
    hint: ({ editing }) =>
      editing ? undefined : 'Give this to the buyer now: once saved it is never shown again.',
  },
  { kind: 'switch', name: 'isActive', label: 'Active' },
]

/** The buyer's endpoints: every new lead is posted to each active one, signed with its secret. */
export function WebhooksPanel() {
  const webhooks = useResource<WebhookView, z.input<typeof webhookUpdateSchema>>({
    url: WEBHOOKS,
    noun: 'webhook',
  })
  const editor = useResourceEditor<WebhookView, Form>({
    empty: () => ({ ...emptyForm, secret: generateSecret() }),
    fromRow: (w) => ({ name: w.name, url: w.url, secret: '', isActive: w.isActive }),
  })
  const { save, remove } = webhooks
  const editing = editor.editing

  return (
    <div className="grid grid-cols-1 gap-6">
      <ResourceHeader
        title="Webhooks"
        description="Your own systems (a CRM, a spreadsheet) get a copy of every new lead at once, signed with the secret and retried until they accept it. Firms that buy leads are set up under Buyers."
        addLabel="Add Webhook"
        onAdd={editor.startCreate}
      />
      <ResourceTable
        caption="Webhooks"
        rows={webhooks.rows}
        isLoading={webhooks.isLoading}
        error={webhooks.error}
        empty="No webhooks yet: leads are not sent anywhere"
        columns={[
          { header: 'Name', className: 'font-medium text-slate-900', cell: (w) => w.name },
          { header: 'URL', className: 'break-all font-mono text-xs', cell: (w) => w.url },
          {
            header: 'Secret',
            className: 'font-mono text-xs',
            cell: (w) => (
              <>
                <span className="sr-only">Secret ending </span>
                {w.secretHint}
              </>
            ),
          },
          {
            header: 'Active',
            cell: (w) => (
              <ActiveToggle
                name={w.name}
                checked={w.isActive}
                disabled={save.isPending}
                onChange={(isActive) => webhooks.toggle(w, isActive)}
              />
            ),
          },
          {
            header: 'Deliveries',
            cell: (w) => (
              <div className="flex flex-wrap gap-1">
                {w.failed > 0 ? <Badge tone="danger">{`${w.failed} failed`}</Badge> : null}
                {w.pending > 0 ? <Badge tone="warning">{`${w.pending} waiting`}</Badge> : null}
                {w.failed === 0 && w.pending === 0 ? <Badge tone="positive">Up to date</Badge> : null}
              </div>
            ),
          },
          {
            header: 'Actions',
            cell: (w) => (
              <RowActions
                name={w.name}
                onEdit={() => editor.startEdit(w)}
                onDelete={() => editor.setDoomed(w)}
              />
            ),
          },
        ]}
      />

      <ResourceDialog
        open={editor.open}
        onOpenChange={editor.setOpen}
        title={editing ? 'Edit Webhook' : 'Add Webhook'}
        description="Where the buyer receives leads, as signed JSON posts."
        fields={
          editing
            ? fields.map((f) =>
                f.kind === 'secret'
                  ? { ...f, hint: `Leave blank to keep the saved secret (${editing.secretHint}).` }
                  : f,
              )
            : fields
        }
        form={editor.form}
        onChange={editor.setForm}
        schema={editing ? webhookUpdateSchema : webhookCreateSchema}
        // Left blank when editing: the saved secret stays.
        toBody={(form) => (editing && !form.secret ? { ...form, secret: undefined } : form)}
        editing={editing !== null}
        error={editor.formError}
        onSubmit={(body) => webhooks.submit(editor, body)}
        submitLabel={editing ? 'Update Webhook' : 'Create Webhook'}
        pending={save.isPending}
      />
      <DeleteConfirm
        row={editor.doomed}
        noun="webhook"
        describe={(w) => `${w.name} will receive no more leads, and its delivery history is deleted.`}
        pending={remove.isPending}
        onClose={() => editor.setDoomed(null)}
        onConfirm={(w) => remove.mutate(w.id, { onSettled: () => editor.setDoomed(null) })}
      />
    </div>
  )
}
