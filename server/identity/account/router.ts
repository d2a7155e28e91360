import { Router } from 'express'
import { hasAdminAccess } from '../../../core/permissions.ts'
import { accountSessionListSchema, sessionIdSchema } from '../../../core/schemas/account-sessions.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  audit,
  HttpError,
  mountRoutes,
  type RouteContext,
  type RouteDefinition,
  route,
  shape,
} from '../../platform/index.ts'
import { findAdminById } from '../auth/admins.server.ts'
import { clearSessionCookie } from '../auth/middleware.ts'
import { destroyAdminSessions } from '../auth/sessions.server.ts'
import { endSession, listSessions } from './sessions.server.ts'

const NOT_FOUND = 'Session not found'

type Caller = Pick<RouteContext, 'services' | 'req' | 'res' | 'actor'>
const USERS = '/api/admin/users'

const sessionId = {
  sessionId: { type: 'string', format: 'uuid', description: 'The `id` the session list gave out' },
}
const ended = shape({ ended: 'integer', signedOut: 'boolean' })

/** The caller, once the route's guard has let them through. */
function me(actor: CurrentAdmin | undefined) {
  if (!actor) throw new HttpError(401, 'Please sign in to continue')
  return actor
}

/** Ends one session and says whether it was the caller's own (then the caller is signed out too). */
async function endOne(
  { services, req, res, actor }: Caller,
  publicIdParam: string,
  owner: { id: number },
  by: 'self' | 'admin',
) {
  const parsed = sessionIdSchema.safeParse(publicIdParam)
  if (!parsed.success) throw new HttpError(404, NOT_FOUND)
  const publicId = parsed.data
  const done = await endSession(services.db, owner.id, publicId)
  if (!done) throw new HttpError(404, NOT_FOUND)
  const signedOut = done.sid === req.session?.sid
  if (signedOut) clearSessionCookie(res, services)
  await audit(services.db, {
    actor,
    action: 'auth.session_ended',
    entity: 'admin_user',
    entityId: owner.id,
    detail: { session: publicId, by },
  })
  res.setHeader('Cache-Control', 'no-store')
  return { ended: 1, signedOut }
}

/**
 * The user whose sessions an admin lists or ends. Someone who manages users without being an
 * admin may list an admin's sessions but not end them: otherwise the users permission could sign
 * the admins out at will.
 */
async function owner({ services, actor }: Caller, id: number, ending: boolean) {
  const row = await findAdminById(services.db, id)
  if (!row) throw new HttpError(404, 'Admin user not found')
  const self = row.id === actor?.id
  if (ending && !self && actor?.role !== 'admin' && hasAdminAccess(row.role, row.permissions))
    throw new HttpError(403, 'Only an admin can end the sessions of a user with admin access')
  return row
}

/** The signed-in account's own sessions, for any account (a buyer's too). */
const ownRoutes: RouteDefinition[] = [
  route({
    method: 'get',
    path: '/api/account/sessions',
    summary: "The signed-in account's active sessions",
    description: 'Any signed-in account, a buyer’s too. `current` marks the session making the request.',
    auth: 'session',
    anyAccount: true,
    response: accountSessionListSchema,
    handle: async ({ services, actor, req, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return { sessions: await listSessions(services.db, me(actor).id, req.session?.sid) }
    },
  }),
  route({
    method: 'delete',
    path: '/api/account/sessions/{sessionId}',
    summary: 'End one of your sessions',
    description: 'Ending the current session signs out (`signedOut: true`, the cookie is cleared).',
    auth: 'session',
    anyAccount: true,
    params: sessionId,
    response: ended,
    handle: (context) => endOne(context, context.params.sessionId, me(context.actor), 'self'),
  }),
  route({
    method: 'delete',
    path: '/api/account/sessions',
    summary: 'Sign out everywhere else',
    description: 'Ends every session of the account except the current one.',
    auth: 'session',
    anyAccount: true,
    response: ended,
    handle: async ({ services: { db }, actor, req, res }) => {
      const count = await destroyAdminSessions(db, me(actor).id, req.session?.sid)
      if (count > 0) {
        await audit(db, {
          actor,
          action: 'auth.session_ended',
          entity: 'admin_user',
          entityId: me(actor).id,
          detail: { allOthers: true, ended: count, by: 'self' },
        })
      }
      res.setHeader('Cache-Control', 'no-store')
      return { ended: count, signedOut: false }
    },
  }),
]

/** Another account's sessions, under /api/admin/users (behind the users permission). */
export const userSessionsRoutes: RouteDefinition[] = [
  route({
    method: 'get',
    path: `${USERS}/{id}/sessions`,
    summary: "A user's active sessions",
    auth: 'permission:users',
    label: 'Admin user',
    response: accountSessionListSchema,
    handle: async (context) => {
      const row = await owner(context, context.params.id, false)
      context.res.setHeader('Cache-Control', 'no-store')
      return { sessions: await listSessions(context.services.db, row.id, context.req.session?.sid) }
    },
  }),
  route({
    method: 'delete',
    path: `${USERS}/{id}/sessions/{sessionId}`,
    summary: "End one of a user's sessions",
    description: 'Only an admin may end the sessions of a user with admin access.',
    auth: 'permission:users',
    label: 'Admin user',
    params: sessionId,
    response: ended,
    handle: async (context) =>
      endOne(context, context.params.sessionId, await owner(context, context.params.id, true), 'admin'),
  }),
  route({
    method: 'delete',
    path: `${USERS}/{id}/sessions`,
    summary: "End all of a user's sessions",
    description: "Every session of the user but the caller's own.",
    auth: 'permission:users',
    label: 'Admin user',
    response: ended,
    handle: async (context) => {
      const { services, actor, req, res } = context
      const row = await owner(context, context.params.id, true)
      // Everyone's sessions but the caller's own: an admin ending their own "all" stays signed in here.
      const count = await destroyAdminSessions(services.db, row.id, req.session?.sid)
      if (count > 0) {
        await audit(services.db, {
          actor,
          action: 'auth.session_ended',
          entity: 'admin_user',
          entityId: row.id,
          detail: { all: true, ended: count, by: 'admin' },
        })
      }
      res.setHeader('Cache-Control', 'no-store')
      return { ended: count, signedOut: false }
    },
  }),
]

export const accountSessionsRoutes = [...ownRoutes, ...userSessionsRoutes]

export const accountSessionsApi = apiModule(
  {
    tag: {
      name: 'Sessions',
      description:
        'Signed-in sessions an account can see and end (device, browser, network prefix; no geolocation), and an admin can for anyone.',
    },
  },
  accountSessionsRoutes,
)

/** GET /api/account/sessions, DELETE /api/account/sessions/{id}, DELETE /api/account/sessions (all others). */
export function accountSessionsRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, '', ownRoutes)
}

export function userSessionsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, USERS, userSessionsRoutes)
}
