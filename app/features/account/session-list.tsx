import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AccountSession } from '../../../core/schemas/account-sessions.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { Cell, DataTable } from '../../components/ui/table.tsx'
import { apiRequest } from '../admin/api.ts'
import { formatDateTime, timeAgo } from '../admin/format.ts'
import { LoadError } from '../admin/load-error.tsx'
import { serverMessage, useAdminMutation } from '../admin/use-admin-mutation.ts'

export type Ended = { ended: number; signedOut: boolean }

const methodLabels: Record<string, string> = {
  password: 'Password',
  'password+totp': 'Password and code',
  'password+passkey': 'Password and passkey',
  'password+recovery': 'Password and recovery code',
  passkey: 'Passkey',
  sso: 'Single sign-on',
  'sso+totp': 'Single sign-on and code',
  'sso+passkey': 'Single sign-on and passkey',
  'sso+recovery': 'Single sign-on and recovery code',
}

/** The live sessions at `url` ({sessions}), each with an End button (the current one asks first). */
export function SessionList({
  url,
  caption,
  onSignedOut,
}: {
  /** GET lists the sessions; DELETE `${url}/{id}` ends one. */
  url: string
  caption: string
  /** When the session ended was the one making the request. */
  onSignedOut: () => void
}) {
  const { data, error, isLoading } = useQuery<{ sessions: AccountSession[] } | null>({
    queryKey: [url],
    staleTime: 0,
  })
  const [confirming, setConfirming] = useState<AccountSession | null>(null)
  const end = useAdminMutation({
    request: (session: AccountSession) => apiRequest<Ended>('DELETE', `${url}/${session.id}`),
    invalidate: [url],
    success: (result, session) => {
      if (result.signedOut) {
        onSignedOut()
        return null
      }
      return { title: 'Session ended', description: `${describe(session)} is signed out.` }
    },
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The session was not ended.' }),
  })
  const sessions = data?.sessions ?? []

  return (
    <div className="grid gap-3">
      <LoadError error={error} />
      <DataTable
        caption={caption}
        head={['Device', 'Place', 'Started', 'Last seen', 'Actions']}
        empty={isLoading ? 'Loading...' : sessions.length === 0 ? 'No active sessions.' : null}
      >
        {sessions.map((s) => (
          <tr key={s.id}>
            <Cell className="min-w-40">
              <span className="font-medium text-navy-900">{s.browser}</span>
              <span className="block text-slate-600 text-xs">
                {s.device}
                {s.method ? ` · ${methodLabels[s.method] ?? s.method}` : ''}
              </span>
              {s.current ? (
                <span className="mt-1 block">
                  <Badge tone="positive">This device</Badge>
                </span>
              ) : null}
            </Cell>
            <Cell className="whitespace-nowrap">
              {s.place ? <span title="The network the session began from">{s.place}</span> : 'Unknown'}
            </Cell>
            <Cell className="whitespace-nowrap">{formatDateTime(s.startedAt)}</Cell>
            <Cell className="whitespace-nowrap">
              <time dateTime={s.lastSeenAt} title={formatDateTime(s.lastSeenAt)}>
                {timeAgo(s.lastSeenAt)}
              </time>
            </Cell>
            <Cell>
              <Button
                size="sm"
                variant={s.current ? 'destructive' : 'secondary'}
                disabled={end.isPending}
                onClick={() => (s.current ? setConfirming(s) : end.mutate(s))}
              >
                End<span className="sr-only"> the session of {describe(s)}</span>
              </Button>
            </Cell>
          </tr>
        ))}
      </DataTable>
      <p className="text-slate-600 text-xs">
        Place is the network the session began from (an address range), not a location: no location lookup is
        made.
      </p>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => (o ? undefined : setConfirming(null))}
        title="End this session?"
        description="This is the session you are using now: you will be signed out."
        confirmLabel="End and sign out"
        pending={end.isPending}
        onConfirm={() => {
          if (confirming) end.mutate(confirming, { onSettled: () => setConfirming(null) })
        }}
      />
    </div>
  )
}

function describe(s: AccountSession) {
  return `${s.browser} on ${s.device}${s.current ? ' (this device)' : ''}`
}
