import type { Router } from 'express'
import { hasAdminAccess } from '../../core/permissions.ts'
import { adminUserCreateSchema, adminUserUpdateSchema, type CurrentAdmin } from '../../core/schemas/users.ts'
import { kickAccountNotices } from '../account-notices/notices.server.ts'
import { adminResource } from '../admin/admin-resource.ts'
import { audit } from '../audit/audit.server.ts'
import {
  adminStore,
  awaitsPassword,
  countOtherActiveAdmins,
  findAdminByEmail,
  findAdminById,
  toAdminView,
} from '../auth/admins.server.ts'
import { sendInvite } from '../auth/invites.server.ts'
import { assertAcceptablePassword } from '../auth/password-policy.server.ts'
import { sendPasswordResetLink } from '../auth/password-reset.server.ts'
import { destroyAdminSessions } from '../auth/sessions.server.ts'
import { buyerExists } from '../buyers/queries.server.ts'
import type { AppServices } from '../context.ts'
import { deleteAllFactors } from '../factors/store.server.ts'
import { HttpError } from '../http/errors.ts'
import { parseId } from '../http/validate.ts'

const DUPLICATE_EMAIL = 'An admin with this email already exists'
const GRANT_NEEDS_ADMIN =
  'Only an admin can grant the admin role or the scripts or users permission: each is equivalent to full admin access'
const CHANGE_NEEDS_ADMIN =
  'Only an admin can change the role, permissions or status of a user with admin access'

/**
 * A caller who manages users without being an admin may not make anyone admin-equivalent, nor
 * change the access of someone who is: otherwise the users permission would be admin in all but name.
 */
function checkGrant(
  caller: CurrentAdmin | null | undefined,
  current: { role: string; permissions: unknown } | null,
  input: { role?: string; permissions?: unknown; isActive?: boolean },
) {
  if (caller?.role === 'admin') return
  const changesAccess = input.role !== undefined || input.permissions !== undefined
  const after = {
    role: input.role ?? current?.role ?? 'editor',
    permissions: input.permissions !== undefined ? input.permissions : current?.permissions,
  }
  if (changesAccess && hasAdminAccess(after.role, after.permissions))
    throw new HttpError(403, GRANT_NEEDS_ADMIN)
  if (
    current &&
    hasAdminAccess(current.role, current.permissions) &&
    (changesAccess || input.isActive !== undefined)
  )
    throw new HttpError(403, CHANGE_NEEDS_ADMIN)
}

/** Admin users have no delete: they are deactivated, so the audit log keeps naming them. */
export function usersAdminRouter(services: AppServices): Router {
  const { db } = services
  return adminResource(services, {
    store: adminStore(db),
    entity: 'admin_user',
    label: 'Admin user',
    operations: ['list', 'create', 'update'],
    audit: { create: 'user.create', update: 'user.update' },
    createSchema: adminUserCreateSchema,
    updateSchema: adminUserUpdateSchema,
    view: toAdminView,
    conflict: DUPLICATE_EMAIL,
    beforeCreate: async (input, req) => {
      if (input.buyerId !== undefined && !(await buyerExists(db, input.buyerId)))
        throw new HttpError(400, `buyerId: there is no buyer ${input.buyerId}`)
      checkGrant(req.admin, null, input)
      if (input.password !== undefined) assertAcceptablePassword(input.password)
      if (await findAdminByEmail(db, input.email)) throw new HttpError(409, DUPLICATE_EMAIL)
    },
    beforeUpdate: async (input, current, req) => {
      checkGrant(req.admin, current, input)
      const losesAdmin =
        current.role === 'admin' && current.isActive && (input.role === 'editor' || input.isActive === false)
      if (losesAdmin && current.id === req.admin?.id)
        throw new HttpError(409, 'You cannot remove your own admin access')
      if (losesAdmin && (await countOtherActiveAdmins(db, current.id)) === 0)
        throw new HttpError(409, 'At least one active admin is required')
    },
    afterSave: async (event) => {
      if (event.operation === 'create') {
        if (awaitsPassword(event.row)) await sendInvite(services, event.row, event.req.admin)
        return
      }
      const { input, current, row } = event
      // A change of privilege ends the admin's sessions: they sign in again under the new rights.
      if (
        input.isActive === false ||
        (input.role !== undefined && input.role !== current.role) ||
        input.permissions !== undefined
      ) {
        await destroyAdminSessions(db, row.id)
      }
    },
    describe: (row, operation) =>
      operation === 'create'
        ? { role: row.role, invited: awaitsPassword(row) }
        : { role: row.role, isActive: row.isActive },
    routes: (router) => {
      // Users → "Send reset e-mail": the admin gets a reset link by mail; nobody sees the token.
      router.post('/:id/reset-password', async (req, res) => {
        const row = await findAdminById(db, parseId(req.params.id, 'Admin user'))
        if (!row || row.role === 'buyer') throw new HttpError(404, 'Admin user not found')
        if (!row.isActive) throw new HttpError(409, 'This admin is deactivated: reactivate them first')
        await sendPasswordResetLink(services, row.email, req.admin)
        res.json({ message: `A password reset link was sent to ${row.email}` })
      })
      // Another invitation for a user who has not chosen a password yet; the last link stops working.
      router.post('/:id/invite', async (req, res) => {
        const row = await findAdminById(db, parseId(req.params.id, 'Admin user'))
        if (!row || row.role === 'buyer') throw new HttpError(404, 'Admin user not found')
        if (!row.isActive) throw new HttpError(409, 'This admin is deactivated: reactivate them first')
        if (!awaitsPassword(row))
          throw new HttpError(409, 'This user has chosen a password: send a reset e-mail instead')
        const expires = await sendInvite(services, row, req.admin, { resent: true })
        res.json({ message: `A new invitation was sent to ${row.email}`, expiresAt: expires.toISOString() })
      })
      // For a lost phone or key: the user signs in with the password alone and enrols again.
      router.post('/:id/reset-factors', async (req, res) => {
        const row = await findAdminById(db, parseId(req.params.id, 'Admin user'))
        if (!row || row.role === 'buyer') throw new HttpError(404, 'Admin user not found')
        if (row.id === req.admin?.id)
          throw new HttpError(409, 'Manage your own second factors on your account page')
        checkGrant(req.admin, row, { isActive: row.isActive })
        await deleteAllFactors(db, row.id)
        await destroyAdminSessions(db, row.id)
        await audit(db, {
          actor: req.admin,
          action: 'auth.factors_reset',
          entity: 'admin_user',
          entityId: row.id,
        })
        kickAccountNotices(services)
        res.json({ message: `${row.email}'s second factors were removed and their sessions ended` })
      })
    },
  })
}
