import { KeyRound, Mail, MonitorSmartphone } from 'lucide-react'
import { useId, useState } from 'react'
import { permissionLabel } from '../../../../core/admin-areas.ts'
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
import {
  type AdminUserUpdateInput,
  type AdminUserView,
  type CurrentAdmin,
  type StaffUserCreateInput,
  staffUserCreateSchema,
} from '../../../../core/schemas/users.ts'
import { Badge, StateBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Select } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { ResourceDialog } from '../resource/resource-dialog.tsx'
import type { FieldSpec } from '../resource/resource-form.tsx'
import { ResourceHeader, ResourceTable, RowActions } from '../resource/resource-table.tsx'
import { useResource, useResourceEditor } from '../resource/use-resource.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { MfaPolicyCard } from './mfa-policy-card.tsx'
import { SsoBadge, SsoCard, useSsoLinkedIds } from './sso-card.tsx'
import { UserSessionsDialog } from './user-sessions-dialog.tsx'

const USERS = '/api/admin/users'
const roleLabels: Record<StaffRole, string> = {
  admin: 'Admin (everything)',
  editor: 'Editor (pages and redirects)',
}
const emptyForm = {
  email: '',
  firstName: '',
  lastName: '',
  role: 'editor' as StaffRole,
  permissions: [] as Permission[],
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
                {permissionLabel(permission)}
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

type Form = typeof emptyForm

const fields = (isAdmin: boolean): FieldSpec<Form>[] => [
  { kind: 'email', name: 'email', label: 'Email', required: true, autoComplete: 'off' },
  {
    kind: 'group',
    key: 'names',
    className: 'sm:grid-cols-2',
    fields: [
      { kind: 'text', name: 'firstName', label: 'First name' },
      { kind: 'text', name: 'lastName', label: 'Last name' },
    ],
  },
  {
    kind: 'select',
    name: 'role',
    label: 'Role',
    options: staffRoles.map((r) => ({ value: r, label: roleLabels[r], disabled: r === 'admin' && !isAdmin })),
  },
  {
    kind: 'custom',
    key: 'permissions',
    render: ({ form, set }) => (
      <ExtraPermissions
        role={form.role}
        value={form.permissions}
        onChange={(value) => set('permissions', value)}
        canGrantAdmin={isAdmin}
      />
    ),
  },
]

export function UsersPanel({ me }: { me: CurrentAdmin }) {
  // The server has the last word; this only keeps a non-admin from offering what it would refuse.
  const isAdmin = me.role === 'admin'
  const users = useResource<AdminUserView, StaffUserCreateInput & AdminUserUpdateInput>({
    url: USERS,
    noun: 'user',
    created: (user) => ({
      title: 'User created',
      description: `${user.email} was emailed an invitation to choose a password`,
    }),
    updated: (user, body) => ({
      title: 'User updated',
      description:
        body.isActive === false
          ? `${user.email} is deactivated and signed out`
          : body.isActive === true
            ? `${user.email} can sign in again`
            : `${user.email} is now ${user.role}`,
    }),
  })
  // Users are created here and changed in the list (role, status): there is no edit form.
  const editor = useResourceEditor<AdminUserView, Form>({ empty: () => emptyForm, fromRow: () => emptyForm })
  const ssoLinked = useSsoLinkedIds()
  const { save } = users
  const update = (id: number, body: { role?: StaffRole; isActive?: boolean }) => save.mutate({ id, body })
  const sendReset = useAdminMutation({
    request: (id: number) => apiRequest<{ message: string }>('POST', `${USERS}/${id}/reset-password`, {}),
    invalidate: [],
    success: (answer) => ({ title: 'Reset e-mail sent', description: answer.message }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'Failed to send the reset e-mail.' }),
  })

  const reinvite = useAdminMutation({
    request: (id: number) => apiRequest<{ message: string }>('POST', `${USERS}/${id}/invite`, {}),
    invalidate: [],
    success: (answer) => ({ title: 'Invitation sent', description: answer.message }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'Failed to send the invitation.' }),
  })

  const [sessionsOf, setSessionsOf] = useState<AdminUserView | null>(null)
  const [resetting, setResetting] = useState<AdminUserView | null>(null)
  const resetFactors = useAdminMutation({
    request: (id: number) => apiRequest<{ message: string }>('POST', `${USERS}/${id}/reset-factors`, {}),
    invalidate: [],
    success: (answer) => ({ title: 'Second factors reset', description: answer.message }),
    failure: (e) => ({
      title: 'Error',
      description: serverMessage(e) ?? 'Failed to reset the second factors.',
    }),
  })

  return (
    <div className="grid grid-cols-1 gap-4">
      <ResourceHeader title="Users" addLabel="Add User" onAdd={editor.startCreate} />
      <ResourceTable
        caption="Users"
        rows={users.rows}
        isLoading={users.isLoading}
        error={users.error}
        empty="No users yet"
        columns={[
          {
            header: 'Email',
            className: 'font-medium text-slate-900',
            cell: (u) => (
              <>
                {u.email}
                {u.id === me.id ? <span className="ml-2 text-slate-500 text-xs">(you)</span> : null}
                {ssoLinked.has(u.id) ? <SsoBadge /> : null}
              </>
            ),
          },
          { header: 'Name', cell: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') || '—' },
          {
            header: 'Role',
            cell: (u) => (
              <>
                <label className="sr-only" htmlFor={`role-${u.id}`}>
                  Role of {u.email}
                </label>
                <Select
                  id={`role-${u.id}`}
                  className="w-auto min-w-28"
                  value={u.role}
                  disabled={(!isAdmin && hasAdminAccess(u.role, u.permissions)) || save.isPending}
                  onChange={(e) => update(u.id, { role: e.target.value as StaffRole })}
                >
                  {staffRoles.map((r) => (
                    <option key={r} value={r} disabled={r === 'admin' && !isAdmin}>
                      {r === 'admin' ? 'Admin' : 'Editor'}
                    </option>
                  ))}
                </Select>
              </>
            ),
          },
          {
            header: 'Extra permissions',
            cell: (u) =>
              u.role === 'admin' || !u.permissions?.length
                ? '—'
                : u.permissions
                    .map((p) =>
                      isAdminEquivalentPermission(p)
                        ? `${permissionLabel(p)} (admin access)`
                        : permissionLabel(p),
                    )
                    .join(', '),
          },
          {
            header: 'Status',
            cell: (u) =>
              u.invited && u.isActive ? (
                <Badge tone="warning">Invited</Badge>
              ) : (
                <StateBadge on={u.isActive} yes="Active" no="Deactivated" />
              ),
          },
          { header: 'Last sign-in', cell: (u) => (u.lastLogin ? formatDateTime(u.lastLogin) : 'Never') },
          {
            header: 'Actions',
            cell: (u) => {
              const locked = !isAdmin && hasAdminAccess(u.role, u.permissions)
              return (
                <RowActions name={u.email}>
                  {u.isActive ? (
                    <Button
                      variant="destructive"
                      size="sm"
                      disabled={u.id === me.id || locked || save.isPending}
                      aria-label={`Deactivate ${u.email}`}
                      onClick={() => update(u.id, { isActive: false })}
                    >
                      Deactivate
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={locked || save.isPending}
                      aria-label={`Reactivate ${u.email}`}
                      onClick={() => update(u.id, { isActive: true })}
                    >
                      Reactivate
                    </Button>
                  )}
                  {u.invited ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={!u.isActive || reinvite.isPending}
                      aria-label={`Resend invitation to ${u.email}`}
                      onClick={() => reinvite.mutate(u.id)}
                    >
                      <Mail className="size-4" aria-hidden="true" />
                      Resend invitation
                    </Button>
                  ) : (
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
                  )}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Sessions of ${u.email}`}
                    onClick={() => setSessionsOf(u)}
                  >
                    <MonitorSmartphone className="size-4" aria-hidden="true" />
                    Sessions
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={u.id === me.id || locked || resetFactors.isPending}
                    aria-label={`Reset second factors of ${u.email}`}
                    onClick={() => setResetting(u)}
                  >
                    <KeyRound className="size-4" aria-hidden="true" />
                    Reset second factors
                  </Button>
                </RowActions>
              )
            },
          },
        ]}
      />
      <ResourceDialog
        open={editor.open}
        onOpenChange={editor.setOpen}
        title="Add User"
        description="We e-mail them a link, valid for 7 days and once, to choose their own password."
        fields={fields(isAdmin)}
        form={editor.form}
        onChange={editor.setForm}
        schema={staffUserCreateSchema}
        toBody={(form) => ({
          ...form,
          permissions: form.permissions.filter((p) => !rolePermissions[form.role].includes(p)),
        })}
        editing={false}
        error={editor.formError}
        onSubmit={(body) => users.submit(editor, body)}
        submitLabel="Create User"
        pending={save.isPending}
        pendingLabel="Creating..."
      />
      <UserSessionsDialog
        user={sessionsOf}
        onOpenChange={(open) => (open ? undefined : setSessionsOf(null))}
      />
      <SsoCard />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => (open ? null : setResetting(null))}
        title="Reset second factors?"
        description={`${resetting?.email ?? 'This user'}'s passkeys, authenticator app and recovery codes will be removed and they will be signed out everywhere. They sign in with their password and set up a factor again.`}
        confirmLabel="Reset second factors"
        pending={resetFactors.isPending}
        onConfirm={() =>
          resetting && resetFactors.mutate(resetting.id, { onSettled: () => setResetting(null) })
        }
      />
      <MfaPolicyCard />
    </div>
  )
}
