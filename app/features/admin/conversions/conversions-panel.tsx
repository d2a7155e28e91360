import { Send } from 'lucide-react'
import type { z } from 'zod'
import { type ConversionPlatform, platformLabels } from '../../../../core/conversions.ts'
import {
  type DestinationView,
  destinationCreateSchema,
  destinationUpdateSchema,
} from '../../../../core/schemas/conversions.ts'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { apiRequest } from '../api.ts'
import { ResourceDialog } from '../resource/resource-dialog.tsx'
import type { FieldSpec, FormContext } from '../resource/resource-form.tsx'
import {
  ActiveToggle,
  DeleteConfirm,
  ResourceHeader,
  ResourceTable,
  RowActions,
} from '../resource/resource-table.tsx'
import { useResource, useResourceEditor } from '../resource/use-resource.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { CONVERSION_EVENTS, ConversionEventsList } from './conversion-events.tsx'

export const DESTINATIONS = '/api/admin/conversions/destinations'

type Form = {
  platform: ConversionPlatform
  name: string
  enabled: boolean
  testMode: boolean
  accountId: string
  loginAccountId: string
  conversionActionId: string
  conversionName: string
  event: 'lead' | 'qualified' | 'sale'
  clientEmail: string
  privateKey: string
  pixelId: string
  pixelCode: string
  testEventCode: string
  accessToken: string
}

const emptyForm: Form = {
  platform: 'meta',
  name: '',
  enabled: true,
  testMode: true,
  accountId: '',
  loginAccountId: '',
  conversionActionId: '',
  conversionName: '',
  event: 'lead',
  clientEmail: '',
  privateKey: '',
  pixelId: '',
  pixelCode: '',
  testEventCode: '',
  accessToken: '',
}

const on = (platform: ConversionPlatform) => (ctx: FormContext<Form>) => ctx.form.platform === platform
const notGoogle = (ctx: FormContext<Form>) => ctx.form.platform !== 'google'
const credentialHint = ({ editing }: FormContext<Form>) =>
  editing
    ? 'Leave blank to keep the saved one: it is stored encrypted and never shown again.'
    : 'Stored encrypted; it is never shown again.'

const fields: FieldSpec<Form>[] = [
  {
    kind: 'select',
    name: 'platform',
    label: 'Platform',
    options: (['google', 'meta', 'tiktok'] as const).map((p) => ({ value: p, label: platformLabels[p] })),
    when: ({ editing }) => !editing,
  },
  { kind: 'text', name: 'name', label: 'Name', required: true },
  {
    kind: 'group',
    key: 'google',
    legend: 'Google Ads conversion action',
    when: on('google'),
    fields: [
      {
        kind: 'text',
        name: 'accountId',
        label: 'Customer id',
        required: true,
        mono: true,
        placeholder: '123-456-7890',
      },
      {
        kind: 'text',
        name: 'loginAccountId',
        label: 'Manager account id (if signing in through one)',
        mono: true,
      },
      { kind: 'text', name: 'conversionActionId', label: 'Conversion action id', required: true, mono: true },
      { kind: 'text', name: 'conversionName', label: 'Conversion action name (for the import CSV)' },
      {
        kind: 'select',
        name: 'event',
        label: 'Counts',
        options: [
          { value: 'lead', label: 'Leads' },
          { value: 'qualified', label: 'Qualified leads' },
          { value: 'sale', label: 'Sales (restated on returns)' },
        ],
      },
      { kind: 'email', name: 'clientEmail', label: 'Service account email', required: true, mono: true },
      {
        kind: 'textarea',
        name: 'privateKey',
        label: 'Service account private key (PEM)',
        mono: true,
        rows: 4,
        required: ({ editing }) => !editing,
        hint: credentialHint,
      },
    ],
  },
  {
    kind: 'text',
    name: 'pixelId',
    label: 'Pixel (dataset) id',
    required: true,
    mono: true,
    when: on('meta'),
  },
  { kind: 'text', name: 'pixelCode', label: 'Pixel code', required: true, mono: true, when: on('tiktok') },
  {
    kind: 'password',
    name: 'accessToken',
    label: 'Access token',
    autoComplete: 'off',
    required: ({ editing }) => !editing,
    hint: credentialHint,
    when: notGoogle,
  },
  {
    kind: 'text',
    name: 'testEventCode',
    label: 'Test event code',
    mono: true,
    when: notGoogle,
    hint: 'Sent in test mode, so the events show in the platform’s test events tool.',
  },
  { kind: 'switch', name: 'enabled', label: 'Enabled' },
  {
    kind: 'switch',
    name: 'testMode',
    label: 'Test mode (Google validates only; Meta and TikTok use the test code)',
  },
]

const used: Record<ConversionPlatform, (keyof Form)[]> = {
  google: [
    'accountId',
    'loginAccountId',
    'conversionActionId',
    'conversionName',
    'event',
    'clientEmail',
    'privateKey',
  ],
  meta: ['pixelId', 'testEventCode', 'accessToken'],
  tiktok: ['pixelCode', 'testEventCode', 'accessToken'],
}
const secret = new Set<keyof Form>(['privateKey', 'accessToken'])

/** The request's body: the platform's own fields; blank credentials keep the saved ones. */
function toBody(form: Form, editing: boolean) {
  const body: Record<string, unknown> = { name: form.name, enabled: form.enabled, testMode: form.testMode }
  if (!editing) body.platform = form.platform
  for (const key of used[form.platform]) {
    const value = form[key]
    if (secret.has(key) && value === '') continue
    body[key] = value === '' ? null : value
  }
  return body
}

const target = (d: DestinationView) =>
  d.platform === 'google'
    ? `Action ${d.conversionActionId} (${d.event ?? '—'}) in ${d.accountId}`
    : d.platform === 'meta'
      ? `Pixel ${d.pixelId}`
      : `Pixel ${d.pixelCode}`

/** Insight → Conversions: the ad platforms told of leads and sales, and what each was told. */
export function ConversionsPanel() {
  const destinations = useResource<DestinationView, z.input<typeof destinationUpdateSchema>>({
    url: DESTINATIONS,
    noun: 'destination',
    invalidate: [CONVERSION_EVENTS],
  })
  const editor = useResourceEditor<DestinationView, Form>({
    empty: () => ({ ...emptyForm }),
    fromRow: (d) => ({
      ...emptyForm,
      platform: d.platform,
      name: d.name,
      enabled: d.enabled,
      testMode: d.testMode,
      accountId: d.accountId ?? '',
      loginAccountId: d.loginAccountId ?? '',
      conversionActionId: d.conversionActionId ?? '',
      conversionName: d.conversionName ?? '',
      event: d.event ?? 'lead',
      clientEmail: d.clientEmail ?? '',
      pixelId: d.pixelId ?? '',
      pixelCode: d.pixelCode ?? '',
      testEventCode: d.testEventCode ?? '',
    }),
  })
  const test = useAdminMutation({
    request: (d: DestinationView) =>
      apiRequest<{ ok: boolean; message: string; httpStatus: number | null }>(
        'POST',
        `${DESTINATIONS}/${d.id}/test`,
      ),
    invalidate: [],
    success: (result, d) => ({
      title: result.ok ? `${d.name}: test event accepted` : `${d.name}: test event refused`,
      description: result.httpStatus ? `${result.message} (HTTP ${result.httpStatus})` : result.message,
    }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The test event could not be sent' }),
  })
  const { save, remove } = destinations
  const editing = editor.editing

  return (
    <div className="grid grid-cols-1 gap-6">
      <ResourceHeader
        title="Conversions"
        description="Leads, qualified leads and sales sent from the server to Google, Meta and TikTok, with the same event ids the thank-you page gives their tags. Contact details go only with the visitor’s marketing consent, hashed."
        addLabel="Add Destination"
        onAdd={editor.startCreate}
      />
      <ResourceTable
        caption="Conversion destinations"
        rows={destinations.rows}
        isLoading={destinations.isLoading}
        error={destinations.error}
        empty="No destinations yet: no platform is told of conversions"
        columns={[
          { header: 'Name', className: 'font-medium text-slate-900', cell: (d) => d.name },
          { header: 'Platform', cell: (d) => platformLabels[d.platform] },
          { header: 'Sends to', className: 'font-mono text-xs', cell: target },
          { header: 'Mode', cell: (d) => <StateBadge on={!d.testMode} yes="Live" no="Test" /> },
          {
            header: 'Enabled',
            cell: (d) => (
              <ActiveToggle
                name={d.name}
                checked={d.enabled}
                disabled={save.isPending}
                onChange={(enabled) => save.mutate({ id: d.id, body: { enabled } })}
              />
            ),
          },
          {
            header: 'Actions',
            cell: (d) => (
              <div className="flex flex-wrap items-center gap-1">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={test.isPending}
                  onClick={() => test.mutate(d)}
                  aria-label={`Send a test event to ${d.name}`}
                >
                  <Send className="size-4" aria-hidden="true" />
                  Test
                </Button>
                <RowActions
                  name={d.name}
                  onEdit={() => editor.startEdit(d)}
                  onDelete={() => editor.setDoomed(d)}
                />
              </div>
            ),
          },
        ]}
      />
      <ConversionEventsList />

      <ResourceDialog
        open={editor.open}
        onOpenChange={editor.setOpen}
        title={editing ? 'Edit Destination' : 'Add Destination'}
        description="Where conversions are sent. Credentials are write-only."
        className="max-w-2xl"
        fields={fields}
        form={editor.form}
        onChange={editor.setForm}
        schema={editing ? destinationUpdateSchema : destinationCreateSchema}
        toBody={(form) => toBody(form, editing !== null)}
        editing={editing !== null}
        error={editor.formError}
        onSubmit={(body) => destinations.submit(editor, body)}
        submitLabel={editing ? 'Update Destination' : 'Create Destination'}
        pending={save.isPending}
      />
      <DeleteConfirm
        row={editor.doomed}
        noun="destination"
        describe={(d) => `${d.name} will be told of no more conversions, and its event history is deleted.`}
        pending={remove.isPending}
        onClose={() => editor.setDoomed(null)}
        onConfirm={(d) => remove.mutate(d.id, { onSettled: () => editor.setDoomed(null) })}
      />
    </div>
  )
}
