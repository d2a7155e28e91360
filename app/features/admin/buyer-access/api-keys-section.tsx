import { Copy, KeyRound } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { BuyerApiKeyView, CreatedBuyerApiKey } from '../../../../core/schemas/buyer-access.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

/** A buyer's API keys: made here and shown once, listed by their first characters, revoked for good. */
export function ApiKeysSection({ buyerId }: { buyerId: number }) {
  const url = `/api/admin/buyers/${buyerId}/keys`
  const { rows, error, isLoading } = useList<BuyerApiKeyView>(url)
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const [shown, setShown] = useState<CreatedBuyerApiKey | null>(null)
  const [copied, setCopied] = useState(false)
  const [revoking, setRevoking] = useState<BuyerApiKeyView | null>(null)

  const create = useAdminMutation({
    request: (body: { name: string }) => apiRequest<CreatedBuyerApiKey>('POST', url, body),
    invalidate: [url],
    success: () => ({ title: 'API key created', description: 'Copy it now: it is shown only once' }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The key was not created.' }),
  })
  const revoke = useAdminMutation({
    request: (key: BuyerApiKeyView) => apiRequest<BuyerApiKeyView>('DELETE', `${url}/${key.id}`),
    invalidate: [url],
    success: (key) => ({ title: 'API key revoked', description: `${key.prefix}… no longer works` }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The key was not revoked.' }),
  })

  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!name.trim()) {
      setNameError('Name is required')
      return
    }
    setNameError(null)
    setCopied(false)
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (key) => {
          setShown(key)
          setName('')
        },
      },
    )
  }

  return (
    <section
      aria-labelledby="keys-heading"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div>
        <h2 id="keys-heading" className="flex items-center gap-2 font-bold text-lg text-navy-900">
          <KeyRound className="size-5 text-teal-700" aria-hidden="true" />
          API keys
        </h2>
        <p className="text-slate-600 text-sm">
          The buyer's systems send a key as <code>Authorization: Bearer &lt;key&gt;</code> to /api/buyer. Only
          a fingerprint is stored: a key is shown once, when it is made.
        </p>
      </div>
      <form onSubmit={onCreate} noValidate className="flex flex-wrap items-end gap-3">
        <Field
          label="Key name"
          hint="Where it is used, such as “CRM”"
          error={nameError}
          className="w-full sm:w-72"
        >
          {(control) => (
            <Input {...control} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          Create key
        </Button>
      </form>
      {shown ? (
        <div role="status" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="font-medium text-amber-900 text-sm">
            New key “{shown.name}”: copy it now. It will not be shown again.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="new-api-key"
              className="break-all rounded bg-white px-2 py-1 font-mono text-sm"
            >
              {shown.key}
            </code>
            <Button
              size="sm"
              variant="secondary"
              onClick={async () => {
                await navigator.clipboard?.writeText(shown.key).catch(() => undefined)
                setCopied(true)
              }}
            >
              <Copy className="size-4" aria-hidden="true" />
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          </div>
        </div>
      ) : null}
      <LoadError error={error} />
      <DataTable
        caption="API keys"
        head={['Name', 'Key', 'Created', 'Last used', 'Status']}
        empty={isLoading ? 'Loading...' : rows.length === 0 ? 'No keys yet.' : null}
      >
        {rows.map((key) => (
          <tr key={key.id}>
            <Cell className="font-medium text-navy-900">{key.name}</Cell>
            <Cell className="font-mono text-xs">{key.prefix}…</Cell>
            <Cell className="whitespace-nowrap">{formatDateTime(key.createdAt)}</Cell>
            <Cell className="whitespace-nowrap">
              {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}
            </Cell>
            <Cell>
              {key.revokedAt ? (
                <Badge tone="danger">Revoked</Badge>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setRevoking(key)}>
                  Revoke<span className="sr-only"> key {key.name}</span>
                </Button>
              )}
            </Cell>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke this key?"
        description={`Calls with ${revoking?.prefix ?? ''}… stop working at once. This cannot be undone.`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking, { onSettled: () => setRevoking(null) })
        }}
      />
    </section>
  )
}
