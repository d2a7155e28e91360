import { Smartphone, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { SecurityView } from '../../../core/schemas/mfa.ts'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { apiRequest } from '../admin/api.ts'
import { formatDateTime } from '../admin/format.ts'
import { serverMessage, useAdminMutation } from '../admin/use-admin-mutation.ts'
import { useAccountApi } from './security-api.ts'

type Setup = { secret: string; uri: string; qrSvg: string }

/** The secret in groups of four, as apps ask for it when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

function ConfirmSetup({ setup, onDone }: { setup: Setup; onDone: (codes?: string[]) => void }) {
  const { account, security } = useAccountApi()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const confirm = useAdminMutation({
    request: (value: string) =>
      apiRequest<{ message: string; recoveryCodes?: string[] }>('POST', `${account}/totp/confirm`, {
        code: value,
      }),
    invalidate: [security],
    success: () => ({ title: 'Authenticator app set up', description: 'Sign-ins now ask for a code.' }),
    failure: (e) => ({ title: 'Code not accepted', description: serverMessage(e) ?? 'Please try again.' }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = code.replace(/\s+/g, '')
    if (!/^\d{6}$/.test(value)) return setError('Enter the 6-digit code from your authenticator app')
    setError(null)
    confirm.mutate(value, {
      onSuccess: (answer) => onDone(answer.recoveryCodes),
      onError: (e) => setError(serverMessage(e) ?? 'That code is not valid'),
    })
  }
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="rounded-lg border border-slate-200"
      />
      <div className="grid content-start gap-3">
        <p className="text-slate-700 text-sm">
          Scan the QR code with your authenticator app, or type this key into it:
        </p>
        <code
          className="break-all rounded bg-slate-100 p-2 font-mono text-slate-900 text-sm"
          data-testid="totp-secret"
        >
          {grouped(setup.secret)}
        </code>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
          <Field label="Code from the app" error={error} className="min-w-0 grow">
            {(control) => (
              <Input
                {...control}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
              />
            )}
          </Field>
          <Button type="submit" disabled={confirm.isPending}>
            Confirm
          </Button>
        </form>
      </div>
    </div>
  )
}

export function TotpCard({
  totp,
  onRecoveryCodes,
}: {
  totp: SecurityView['totp']
  onRecoveryCodes: (codes?: string[]) => void
}) {
  const [setup, setSetup] = useState<Setup | null>(null)
  const { account, security } = useAccountApi()
  const [confirming, setConfirming] = useState(false)
  const start = useAdminMutation({
    request: () => apiRequest<Setup>('POST', `${account}/totp`, {}),
    invalidate: [],
    failure: (e) => ({ title: 'Could not start', description: serverMessage(e) ?? 'Please try again.' }),
  })
  const remove = useAdminMutation({
    request: () => apiRequest('DELETE', `${account}/totp`),
    invalidate: [security],
    success: () => ({ title: 'Authenticator app removed' }),
    failure: (e) => ({ title: 'Not removed', description: serverMessage(e) ?? 'Please try again.' }),
  })
  return (
    <Card
      title="Authenticator app"
      description="Codes from an app such as Microsoft Authenticator or Google Authenticator."
    >
      {totp.enabled ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700 text-sm">
            Set up{totp.confirmedAt ? ` on ${formatDateTime(totp.confirmedAt)}` : ''}.
          </p>
          <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove authenticator app
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Remove the authenticator app?"
            description="Its codes will no longer sign you in."
            confirmLabel="Remove authenticator app"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
          />
        </div>
      ) : setup ? (
        <ConfirmSetup
          setup={setup}
          onDone={(codes) => {
            setSetup(null)
            onRecoveryCodes(codes)
          }}
        />
      ) : (
        <Button onClick={() => start.mutate(undefined, { onSuccess: setSetup })} disabled={start.isPending}>
          <Smartphone className="size-4" aria-hidden="true" />
          Set up authenticator app
        </Button>
      )}
    </Card>
  )
}
