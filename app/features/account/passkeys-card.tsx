import { KeyRound, Pencil, Trash2 } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import type { PasskeyView } from '../../../core/schemas/mfa.ts'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { apiRequest } from '../admin/api.ts'
import { formatDateTime } from '../admin/format.ts'
import { serverMessage, useAdminMutation } from '../admin/use-admin-mutation.ts'
import { browserSupportsWebAuthn, passkeyErrorMessage, registerPasskey } from '../auth/passkey-client.ts'
import { useAccountApi } from './security-api.ts'

function AddPasskey({ onRecoveryCodes }: { onRecoveryCodes: (codes?: string[]) => void }) {
  const { account, security } = useAccountApi()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [supported, setSupported] = useState(true)
  useEffect(() => setSupported(browserSupportsWebAuthn()), [])
  const add = useAdminMutation({
    request: (label: string) => registerPasskey(label, account),
    invalidate: [security],
    success: () => ({ title: 'Passkey added', description: 'You can now sign in with it.' }),
    failure: (e) => ({ title: 'Passkey not added', description: passkeyErrorMessage(e) }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return setError('Give the passkey a name')
    setError(null)
    add.mutate(trimmed, {
      onSuccess: (saved) => {
        setName('')
        onRecoveryCodes(saved.recoveryCodes)
      },
    })
  }
  if (!supported) return <p className="text-slate-600 text-sm">This browser cannot create passkeys.</p>
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <Field
        label="Passkey name"
        hint="For example: Work laptop, YubiKey"
        error={error}
        className="min-w-0 grow"
      >
        {(control) => (
          <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
        )}
      </Field>
      <Button type="submit" disabled={add.isPending}>
        <KeyRound className="size-4" aria-hidden="true" />
        {add.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
      </Button>
    </form>
  )
}

function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const { account, security } = useAccountApi()
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState(passkey.name)
  const [confirming, setConfirming] = useState(false)
  const rename = useAdminMutation({
    request: (value: string) => apiRequest('PUT', `${account}/passkeys/${passkey.id}`, { name: value }),
    invalidate: [security],
    success: () => ({ title: 'Passkey renamed' }),
    failure: (e) => ({ title: 'Not renamed', description: serverMessage(e) ?? 'Please try again.' }),
  })
  const remove = useAdminMutation({
    request: () => apiRequest('DELETE', `${account}/passkeys/${passkey.id}`),
    invalidate: [security],
    success: () => ({ title: 'Passkey removed' }),
    failure: (e) => ({ title: 'Passkey not removed', description: serverMessage(e) ?? 'Please try again.' }),
  })
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:flex sm:items-center sm:justify-between">
      {renaming ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            if (name.trim()) rename.mutate(name.trim(), { onSuccess: () => setRenaming(false) })
          }}
        >
          <Field label={`New name for ${passkey.name}`}>
            {(control) => (
              <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
            )}
          </Field>
          <Button type="submit" size="sm" disabled={rename.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="secondary" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div>
          <p className="font-medium text-slate-900">{passkey.name}</p>
          <p className="text-slate-600 text-sm">
            Added {formatDateTime(passkey.createdAt)} · Last used{' '}
            {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
          </p>
        </div>
      )}
      {renaming ? null : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Rename ${passkey.name}`}
            onClick={() => setRenaming(true)}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Rename
          </Button>
          <Button
            size="sm"
            variant="destructive"
            aria-label={`Remove ${passkey.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this passkey?"
        description={`"${passkey.name}" will no longer sign you in.`}
        confirmLabel="Remove passkey"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </li>
  )
}

export function PasskeysCard({
  passkeys,
  onRecoveryCodes,
}: {
  passkeys: PasskeyView[]
  onRecoveryCodes: (codes?: string[]) => void
}) {
  return (
    <Card
      title="Passkeys"
      description="Sign in with your device's screen lock or a security key, with or without your password."
    >
      <div className="grid gap-4">
        {passkeys.length === 0 ? (
          <p className="text-slate-600 text-sm">No passkeys yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Your passkeys">
            {passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} />
            ))}
          </ul>
        )}
        <AddPasskey onRecoveryCodes={onRecoveryCodes} />
      </div>
    </Card>
  )
}
