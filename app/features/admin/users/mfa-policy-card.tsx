import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { type MfaPolicy, type MfaRole, mfaRoles } from '../../../../core/mfa-policy.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { apiRequest } from '../api.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'

const POLICY = '/api/admin/mfa-policy'
const roleNames: Record<MfaRole, string> = { admin: 'Admins', editor: 'Editors', buyer: 'Buyers’ accounts' }
const modes = [
  { value: 'off', label: 'Not required' },
  { value: 'all', label: 'Required for all staff' },
  { value: 'roles', label: 'Required for some roles' },
] as const

/** Users → "Second factor": who must add a passkey or an authenticator app before using the admin. */
export function MfaPolicyCard() {
  const id = useId()
  const { data } = useQuery<MfaPolicy | null>({ queryKey: [POLICY] })
  const [mode, setMode] = useState<MfaPolicy['mode']>('off')
  const [roles, setRoles] = useState<MfaRole[]>([])
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!data) return
    setMode(data.mode)
    setRoles(data.mode === 'roles' ? data.roles : [])
  }, [data])
  const save = useAdminMutation({
    request: (body: MfaPolicy) => apiRequest<MfaPolicy>('PUT', POLICY, body),
    invalidate: [POLICY, '/api/admin/account'],
    success: () => ({ title: 'Second-factor policy saved' }),
    failure: (e) => ({ title: 'Not saved', description: serverMessage(e) ?? 'Please try again.' }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mode === 'roles' && roles.length === 0) return setError('Choose at least one role')
    setError(null)
    save.mutate(mode === 'roles' ? { mode, roles } : { mode })
  }
  return (
    <Card
      title="Second factor"
      description="Users the policy covers must add a passkey or an authenticator app before they can use the admin."
    >
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium text-slate-900 text-sm">Require a second factor</legend>
          {modes.map((m) => (
            <div key={m.value} className="flex items-center gap-2">
              <input
                type="radio"
                id={`${id}-${m.value}`}
                name={`${id}-mode`}
                value={m.value}
                checked={mode === m.value}
                onChange={() => setMode(m.value)}
                className="size-4 accent-teal-700"
              />
              <label htmlFor={`${id}-${m.value}`} className="text-slate-800 text-sm">
                {m.label}
              </label>
            </div>
          ))}
        </fieldset>
        {mode === 'roles' ? (
          <fieldset className="grid gap-2 pl-6">
            <legend className="mb-1 font-medium text-slate-900 text-sm">Roles</legend>
            {mfaRoles.map((role) => (
              <div key={role} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  id={`${id}-role-${role}`}
                  checked={roles.includes(role)}
                  onChange={(e) =>
                    setRoles(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))
                  }
                  className="size-4 accent-teal-700"
                />
                <label htmlFor={`${id}-role-${role}`} className="text-slate-800 text-sm">
                  {roleNames[role]}
                </label>
              </div>
            ))}
            {error ? (
              <p role="alert" className="text-red-700 text-sm">
                {error}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <div>
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save policy
          </Button>
        </div>
      </form>
    </Card>
  )
}
