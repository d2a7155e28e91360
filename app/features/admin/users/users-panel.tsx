import { Mail, Plus } from 'lucide-react'
import { useId, useState } from 'react'
import {
  adminEquivalentPermissions,
  hasAdminAccess,
  isAdminEquivalentPermission,
  type Permission,
  permissions,
  type Role,
  rolePermissions,
  type StaffRole,
  staffRoles,
} from '../../../../core/permissions.ts'
import { PASSWORD_MIN } from '../../../../core/schemas/auth.ts'
import type { AdminUserView, CurrentAdmin } from '../../../../core/schemas/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { StateBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

const USERS = '/api/admin/users'
const roleLabels: Record<StaffRole, string> = {
  admin: 'Admin (everything)',
  editor: 'Editor (pages and redirects)',
}
const emptyForm = {
  email: '',
  firstName: '',
  lastName: '',
  role: 'editor' as Role,
  password: '',
  permissions: [] as Permission[],
}

const permissionLabels: Record<Permission, string> = {
  pages: 'Pages',
  redirects: 'Redirects',
  scripts: 'Scripts',
  settings: 'Settings',
  leads: 'Leads',
  users: 'Users',
  activity: 'Activity log',
  subjects: 'Personal data requests',
  webhooks: 'Webhooks',
  questionnaire: 'Questionnaire',
  buyers: 'Buyers and sales',
}

/**
 * Permissions granted one by one on top of the role. Scripts and users each amount to full admin
 * access: they say so, and only an admin may tick them (the server refuses anyone else).
 */
export function ExtraPermissions({
  role,
  value,
  onChange,
  canGrantAdmin,
}: {
  role: Role
  value: Permission[]
  onChange: (value: Permission[]) => void
  canGrantAdmin: boolean
}) {
  const idBase = useId()
  const extra = permissions.filter((p) => !rolePermissions[role].includes(p))
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-medium text-slate-900 text-sm">Extra permissions</legend>
      {extra.length === 0 ? <p className="text-slate-600 text-sm">Admins hold every permission.</p> : null}
      {extra.map((permission) => {
        const id = `${idBase}-${permission}`
        const note = isAdminEquivalentPermission(permission) ? adminEquivalentPermissions[permission] : null
        const locked = note !== null && !canGrantAdmin
        return (
          <div key={permission} className="flex items-start gap-2">
            <input
              id={id}
              type="checkbox"
              className="mt-1 size-4 shrink-0 accent-teal-700 disabled:cursor-not-allowed"
              checked={value.includes(permission)}
              disabled={locked}
              aria-describedby={note ? `${id}-note` : undefined}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, permission] : value.filter((p) => p !== permission))
              }
            />
            <div className="grid">
              <label htmlFor={id} className="text-slate-800 text-sm">
                {permissionLabels[permission]}
              </label>
              {note ? (
                <p id={`${id}-note`} className="font-medium text-amber-800 text-xs">
                  {note}.{locked ? ' Only an admin can grant it.' : ''}
                </p>
              ) : null}
            </div>
          </div>
        )
      })}
    </fieldset>
  )
}

export function UsersPanel({ me }: { me: CurrentAdmin }) {
  const { rows, error, isLoading } = useList<AdminUserView>(USERS)
  // The server has the last word; this only keeps a non-admin from offering what it would refuse.
  const isAdmin = me.role === 'admin'
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState(emptyForm)
  const [formError, setFormError] = useState<string | null>(null)

  const create = useAdminMutation({
    request: (body: typeof emptyForm) => apiRequest<AdminUserView>('POST', USERS, body),
    invalidate: [USERS],
    success: (user) => ({ title: 'User created', description: `${user.email} can now sign in` }),
    failure: (e) => ({
      title: 'Error',
      description: serverMessage(e) ?? 'Failed to create user. Please try again.',
    }),
  })
  const update = useAdminMutation({
    request: ({ id, body }: { id: number; body: { role?: Role; isActive?: boolean } }) =>
      apiRequest<AdminUserView>('PUT', `${USERS}/${id}`, body),
    invalidate: [USERS],
    success: (user, { body }) => ({
      title: 'User updated',
      description:
        body.isActive === false
          ? `${user.email} is deactivated and signed out`
          : body.isActive === true
            ? `${user.email} can sign in again`
            : `${user.email} is now ${user.role}`,
    }),
    failure: (e) => ({
      title: 'Error',
      description: serverMessage(e) ?? 'Failed to update user. Please try again.',
    }),
  })
  const sendReset = useAdminMutation({
    request: (id: number) => apiRequest<{ message: string }>('POST', `${USERS}/${id}/reset-password`, {}),
    invalidate: [],
    success: (answer) => ({ title: 'Reset e-mail sent', description: answer.message }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'Failed to send the reset e-mail.' }),
  })

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-lg text-navy-900">Users</h2>
        <Button
          size="sm"
          onClick={() => {
            setForm(emptyForm)
            setFormError(null)
            setOpen(true)
          }}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add User
        </Button>
      </div>
      <LoadError error={error} />
      <DataTable
        caption="Users"
        head={['Email', 'Name', 'Role', 'Extra permissions', 'Status', 'Last sign-in', 'Actions']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No users yet'}
      >
        {rows.map((u) => {
          const self = u.id === me.id
          const locked = !isAdmin && hasAdminAccess(u.role, u.permissions)
          return (
            <tr key={u.id}>
              <Cell className="font-medium text-slate-900">
                {u.email}
                {self ? <span className="ml-2 text-slate-500 text-xs">(you)</span> : null}
              </Cell>
              <Cell>{[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'}</Cell>
              <Cell>
                <label className="sr-only" htmlFor={`role-${u.id}`}>
                  Role of {u.email}
                </label>
                <Select
                  id={`role-${u.id}`}
                  value={u.role}
                  disabled={locked || update.isPending}
                  onChange={(e) => update.mutate({ id: u.id, body: { role: e.target.value as Role } })}
                >
                  {staffRoles.map((r) => (
                    <option key={r} value={r} disabled={r === 'admin' && !isAdmin}>
                      {r === 'admin' ? 'Admin' : 'Editor'}
                    </option>
                  ))}
                </Select>
              </Cell>
              <Cell>
                {u.role === 'admin' || !u.permissions?.length
                  ? '—'
                  : u.permissions
                      .map((p) =>
                        isAdminEquivalentPermission(p)
                          ? `${permissionLabels[p]} (admin access)`
                          : permissionLabels[p],
                      )
                      .join(', ')}
              </Cell>
              <Cell>
                <StateBadge on={u.isActive} yes="Active" no="Deactivated" />
              </Cell>
              <Cell>{u.lastLogin ? formatDateTime(u.lastLogin) : 'Never'}</Cell>
              <Cell>
                <div className="flex flex-wrap gap-2">
                  {u.isActive ? (
                    <Button
                      variant="destructive"
                      size="sm"
                      disabled={self || locked || update.isPending}
                      aria-label={`Deactivate ${u.email}`}
                      onClick={() => update.mutate({ id: u.id, body: { isActive: false } })}
                    >
                      Deactivate
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={locked || update.isPending}
                      aria-label={`Reactivate ${u.email}`}
                      onClick={() => update.mutate({ id: u.id, body: { isActive: true } })}
                    >
                      Reactivate
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={!u.isActive || sendReset.isPending}
                    aria-label={`Send reset e-mail to ${u.email}`}
                    onClick={() => sendReset.mutate(u.id)}
                  >
                    <Mail className="size-4" aria-hidden="true" />
                    Send reset e-mail
                  </Button>
                </div>
              </Cell>
            </tr>
          )
        })}
      </DataTable>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add User"
        description="They sign in with this e-mail and password."
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            setFormError(null)
            const extra = form.permissions.filter((p) => !rolePermissions[form.role].includes(p))
            create.mutate(
              { ...form, permissions: extra },
              {
                onSuccess: () => setOpen(false),
                onError: (e) => setFormError(serverMessage(e) ?? 'The user could not be created'),
              },
            )
          }}
        >
          <Field label="Email" required>
            {(c) => (
              <Input
                {...c}
                type="email"
                autoComplete="off"
                required
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name">
              {(c) => (
                <Input
                  {...c}
                  value={form.firstName}
                  onChange={(e) => setForm({ ...form, firstName: e.target.value })}
                />
              )}
            </Field>
            <Field label="Last name">
              {(c) => (
                <Input
                  {...c}
                  value={form.lastName}
                  onChange={(e) => setForm({ ...form, lastName: e.target.value })}
                />
              )}
            </Field>
          </div>
          <Field label="Role">
            {(c) => (
              <Select
                {...c}
                value={form.role}
                onChange={(e) => setForm({ ...form, role: e.target.value as Role })}
              >
                {staffRoles.map((r) => (
                  <option key={r} value={r} disabled={r === 'admin' && !isAdmin}>
                    {roleLabels[r]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <ExtraPermissions
            role={form.role}
            value={form.permissions}
            onChange={(value) => setForm({ ...form, permissions: value })}
            canGrantAdmin={isAdmin}
          />
          <Field
            label="Initial password"
            required
            hint={`At least ${PASSWORD_MIN} characters, not a common password. Share it safely; they can change it with a reset e-mail.`}
          >
            {(c) => (
              <Input
                {...c}
                type="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN}
                value={form.password}
                onChange={(e) => setForm({ ...form, password: e.target.value })}
              />
            )}
          </Field>
          {formError ? <Alert>{formError}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create User'}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  )
}
