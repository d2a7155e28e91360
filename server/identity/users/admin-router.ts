import { Router } from 'express'
import { hasAdminAccess, roles } from '../../../core/permissions.ts'
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  type CurrentAdmin,
} from '../../../core/schemas/users.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  audit,
  HttpError,
  messageSchema,
  mountRoutes,
  ref,
  resourceRoutes,
  route,
  shape,
} from '../../platform/index.ts'
import { buyerExists } from '../../sales/index.ts'
import { kickAccountNotices } from '../account/notices.server.ts'
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
import { deleteAllFactors } from '../mfa/store.server.ts'

const BASE = '/api/admin/users'
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

/** The user an action is for: staff only (a buyer's account is managed with its buyer). */
async function staffUser(services: AppServices, id: number) {
  const row = await findAdminById(services.db, id)
  if (!row || row.role === 'buyer') throw new HttpError(404, 'Admin user not found')
  return row
}

/**
 * For a lost phone or key: the user signs in with the password alone and enrols again. Described
 * with the second factors (server/identity/mfa/openapi.ts lists this definition) until that module's
 * routes are definitions too.
 */
export const resetFactorsRoute = route({
  method: 'post',
  path: `${BASE}/{id}/reset-factors`,
  summary: "Remove a user's second factors",
  description: 'Deletes their passkeys, authenticator app and recovery codes and ends their sessions.',
  auth: 'permission:users',
  label: 'Admin user',
  response: messageSchema,
  responses: { 409: 'Your own factors are managed on your account page' },
  handle: async ({ services, params, actor }) => {
    const { db } = services
    const row = await staffUser(services, params.id)
    if (row.id === actor?.id) throw new HttpError(409, 'Manage your own second factors on your account page')
    checkGrant(actor, row, { isActive: row.isActive })
    await deleteAllFactors(db, row.id)
    await destroyAdminSessions(db, row.id)
    await audit(db, { actor, action: 'auth.factors_reset', entity: 'admin_user', entityId: row.id })
    kickAccountNotices(services)
    return { message: `${row.email}'s second factors were removed and their sessions ended` }
  },
})

/** Admin users have no delete: they are deactivated, so the audit log keeps naming them. */
export const usersRoutes = resourceRoutes({
  base: BASE,
  auth: 'permission:users',
  schema: ref('AdminUser'),
  store: ({ db }) => adminStore(db),
  entity: 'admin_user',
  label: 'Admin user',
  operations: {
    list: { summary: 'List admins' },
    create: {
      summary: 'Create an admin',
      description:
        'Only an admin may grant the admin role or the scripts or users permission. Without `password` (as the admin’s form sends it) the user is invited by email: a link, valid for 7 days and once, to choose their own password.',
      responses: { 409: 'An admin with this email already exists' },
    },
    update: {
      summary: 'Update an admin',
      description: 'A change of role, permissions or status ends that admin’s sessions.',
      responses: { 409: 'The last active admin, or your own admin access, cannot be removed' },
    },
  },
  audit: { create: 'user.create', update: 'user.update' },
  createSchema: adminUserCreateSchema,
  updateSchema: adminUserUpdateSchema,
  view: toAdminView,
  conflict: DUPLICATE_EMAIL,
  beforeCreate: async (input, { services: { db }, actor }) => {
    if (input.buyerId !== undefined && !(await buyerExists(db, input.buyerId)))
      throw new HttpError(400, `buyerId: there is no buyer ${input.buyerId}`)
    checkGrant(actor, null, input)
    if (input.password !== undefined) assertAcceptablePassword(input.password)
    if (await findAdminByEmail(db, input.email)) throw new HttpError(409, DUPLICATE_EMAIL)
  },
  beforeUpdate: async (input, current, { services: { db }, actor }) => {
    checkGrant(actor, current, input)
    const losesAdmin =
      current.role === 'admin' && current.isActive && (input.role === 'editor' || input.isActive === false)
    if (losesAdmin && current.id === actor?.id)
      throw new HttpError(409, 'You cannot remove your own admin access')
    if (losesAdmin && (await countOtherActiveAdmins(db, current.id)) === 0)
      throw new HttpError(409, 'At least one active admin is required')
  },
  afterSave: async (event) => {
    const { services, actor } = event.context
    if (event.operation === 'create') {
      if (awaitsPassword(event.row)) await sendInvite(services, event.row, actor)
      return
    }
    const { input, current, row } = event
    // A change of privilege ends the admin's sessions: they sign in again under the new rights.
    if (
      input.isActive === false ||
      (input.role !== undefined && input.role !== current.role) ||
      input.permissions !== undefined
    ) {
      await destroyAdminSessions(services.db, row.id)
    }
  },
  describe: (row, operation) =>
    operation === 'create'
      ? { role: row.role, invited: awaitsPassword(row) }
      : { role: row.role, isActive: row.isActive },
  after: [
    // Users → "Send reset e-mail": the admin gets a reset link by mail; nobody sees the token.
    route({
      method: 'post',
      path: `${BASE}/{id}/reset-password`,
      summary: 'Mail a password reset link',
      auth: 'permission:users',
      label: 'Admin user',
      response: messageSchema,
      responses: { 409: 'The admin is deactivated' },
      handle: async ({ services, params, actor }) => {
        const row = await staffUser(services, params.id)
        if (!row.isActive) throw new HttpError(409, 'This admin is deactivated: reactivate them first')
        await sendPasswordResetLink(services, row.email, actor)
        return { message: `A password reset link was sent to ${row.email}` }
      },
    }),
    // Another invitation for a user who has not chosen a password yet; the last link stops working.
    route({
      method: 'post',
      path: `${BASE}/{id}/invite`,
      summary: 'Mail a new invitation',
      description:
        'For a user who has not chosen a password yet. The link of the last invitation stops working.',
      auth: 'permission:users',
      label: 'Admin user',
      response: shape({ message: 'string', expiresAt: 'date-time' }),
      responses: { 409: 'The user is deactivated, or has already chosen a password' },
      handle: async ({ services, params, actor }) => {
        const row = await staffUser(services, params.id)
        if (!row.isActive) throw new HttpError(409, 'This admin is deactivated: reactivate them first')
        if (!awaitsPassword(row))
          throw new HttpError(409, 'This user has chosen a password: send a reset e-mail instead')
        const expires = await sendInvite(services, row, actor, { resent: true })
        return { message: `A new invitation was sent to ${row.email}`, expiresAt: expires.toISOString() }
      },
    }),
  ],
})

const permissionList = { type: 'array', items: { type: 'string' } }

export const usersApi = apiModule(
  {
    tag: { name: 'Users', description: 'Admin accounts, roles and permission grants.' },
    schemas: {
      AdminUser: shape({
        id: 'integer',
        email: 'string',
        'firstName?': 'string',
        'lastName?': 'string',
        role: {
          type: 'string',
          description: `${roles.join(', ')}; a stored role this version does not know is answered as it is, and grants nothing`,
        },
        'permissions?': permissionList,
        effectivePermissions: permissionList,
        isActive: 'boolean',
        invited: { type: 'boolean', description: 'Invited by email; no password chosen yet' },
        'lastLogin?': 'date-time',
        createdAt: 'date-time',
        updatedAt: 'date-time',
      }),
    },
  },
  usersRoutes,
)

/** Under /api/admin/users, behind the users permission. */
export function usersAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, [...usersRoutes, resetFactorsRoute])
}
