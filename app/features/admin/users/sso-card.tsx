import { useQuery } from '@tanstack/react-query'
import type { SsoSettingsView } from '../../../../core/schemas/sso.ts'
import { Card } from '../../../components/ui/card.tsx'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'

export const SSO = '/api/admin/sso'

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="break-all text-slate-900">{children}</dd>
    </div>
  )
}

/** The ids of users linked to single sign-on (the Users list marks them). */
export function useSsoLinkedIds(): Set<number> {
  const { data } = useQuery<SsoSettingsView | null>({ queryKey: [SSO] })
  return new Set(data?.enabled ? data.linked.map((l) => l.adminId) : [])
}

/** The mark next to a linked user's address. */
export function SsoBadge() {
  return (
    <span className="ml-2 rounded bg-teal-50 px-1.5 py-0.5 font-medium text-teal-900 text-xs">
      SSO<span className="sr-only"> (linked to single sign-on)</span>
    </span>
  )
}

/** Single sign-on as the environment configures it (SSO_* variables): read-only, never the secret. */
export function SsoCard() {
  const query = useQuery<SsoSettingsView | null>({ queryKey: [SSO] })
  const sso = query.data
  return (
    <Card
      title="Single sign-on"
      description="Set by the server's SSO_* environment variables (docs/decisions/0044); shown here read-only."
    >
      <LoadError error={query.error} />
      {query.isLoading ? <p className="text-slate-600 text-sm">Loading…</p> : null}
      {sso && !sso.enabled ? (
        <p className="text-slate-700 text-sm">Off: users sign in with their e-mail and password.</p>
      ) : null}
      {sso?.enabled ? (
        <div className="grid gap-4">
          <dl className="grid gap-2 text-sm">
            <Row term="Provider">{sso.providerName}</Row>
            <Row term="Issuer">{sso.issuer}</Row>
            <Row term="Client id">{sso.clientId}</Row>
            <Row term="Allowed domains">{sso.allowedDomains.join(', ')}</Row>
            <Row term="First sign-in">
              {sso.newUsers === 'create'
                ? `Creates a new user with the ${sso.defaultRole} role when no user has the address`
                : 'Only an existing active user with the same verified e-mail address'}
            </Row>
            <Row term="Password sign-in">
              {sso.passwordSignIn
                ? 'On for everyone'
                : 'Off for users in the allowed domains and users linked to single sign-on'}
            </Row>
          </dl>
          <div>
            <h3 className="font-semibold text-navy-900 text-sm">Linked users</h3>
            {sso.linked.length === 0 ? (
              <p className="mt-1 text-slate-600 text-sm">No user has signed in this way yet.</p>
            ) : (
              <ul className="mt-2 grid gap-1 text-sm">
                {sso.linked.map((l) => (
                  <li key={`${l.adminId}-${l.providerEmail}`} className="break-all">
                    <span className="font-medium text-slate-900">{l.userEmail}</span>
                    {l.providerEmail !== l.userEmail ? ` (as ${l.providerEmail})` : null}
                    <span className="text-slate-600">
                      {' '}
                      · linked {formatDateTime(l.createdAt)}
                      {l.lastUsedAt ? ` · last used ${formatDateTime(l.lastUsedAt)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </Card>
  )
}
