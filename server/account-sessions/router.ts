import { type Request, type Response, Router } from 'express'
import { hasAdminAccess } from '../../core/permissions.ts'
import { sessionIdSchema } from '../../core/schemas/account-sessions.ts'
import { audit } from '../audit/audit.server.ts'
import { findAdminById } from '../auth/admins.server.ts'
import { clearSessionCookie, loadSession, requireAnyAccount } from '../auth/middleware.ts'
import { destroyAdminSessions } from '../auth/sessions.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { parseId } from '../http/validate.ts'
import { endSession, listSessions } from './sessions.server.ts'

const NOT_FOUND = 'Session not found'

/** The caller, once requireAnyAccount has let them through. */
function me(req: Request) {
  if (!req.admin) throw new HttpError(401, 'Please sign in to continue')
  return req.admin
}

function sessionIdOf(req: Request): string {
  const parsed = sessionIdSchema.safeParse(req.params.sessionId)
  if (!parsed.success) throw new HttpError(404, NOT_FOUND)
  return parsed.data
}

/** Ends one session and says whether it was the caller's own (then the caller is signed out too). */
async function endOne(
  services: AppServices,
  req: Request,
  res: Response,
  owner: { id: number },
  by: 'self' | 'admin',
) {
  const publicId = sessionIdOf(req)
  const ended = await endSession(services.db, owner.id, publicId)
  if (!ended) throw new HttpError(404, NOT_FOUND)
  const signedOut = ended.sid === req.session?.sid
  if (signedOut) clearSessionCookie(res, services)
  await audit(services.db, {
    actor: req.admin,
    action: 'auth.session_ended',
    entity: 'admin_user',
    entityId: owner.id,
    detail: { session: publicId, by },
  })
  res.setHeader('Cache-Control', 'no-store')
  res.json({ ended: 1, signedOut })
}

/**
 * The signed-in account's own sessions, for any account (a buyer's too):
 * GET /api/account/sessions, DELETE /api/account/sessions/{id}, DELETE /api/account/sessions (all others).
 */
export function accountSessionsRouter(services: AppServices): Router {
  const { db } = services
  const router = Router()
  const signedIn = [loadSession(services), requireAnyAccount]

  router.get('/api/account/sessions', ...signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ sessions: await listSessions(db, me(req).id, req.session?.sid) })
  })

  router.delete('/api/account/sessions/:sessionId', ...signedIn, async (req, res) => {
    await endOne(services, req, res, me(req), 'self')
  })

  router.delete('/api/account/sessions', ...signedIn, async (req, res) => {
    const ended = await destroyAdminSessions(db, me(req).id, req.session?.sid)
    if (ended > 0) {
      await audit(db, {
        actor: req.admin,
        action: 'auth.session_ended',
        entity: 'admin_user',
        entityId: me(req).id,
        detail: { allOthers: true, ended, by: 'self' },
      })
    }
    res.setHeader('Cache-Control', 'no-store')
    res.json({ ended, signedOut: false })
  })

  return router
}

/**
 * Another account's sessions, under /api/admin/users (behind the users permission). Someone who
 * manages users without being an admin may list an admin's sessions but not end them: otherwise
 * the users permission could sign the admins out at will.
 */
export function userSessionsAdminRouter(services: AppServices): Router {
  const { db } = services
  const router = Router()

  async function owner(req: Request, ending: boolean) {
    const row = await findAdminById(db, parseId(req.params.id, 'Admin user'))
    if (!row) throw new HttpError(404, 'Admin user not found')
    const self = row.id === req.admin?.id
    if (ending && !self && req.admin?.role !== 'admin' && hasAdminAccess(row.role, row.permissions))
      throw new HttpError(403, 'Only an admin can end the sessions of a user with admin access')
    return row
  }

  router.get('/:id/sessions', async (req, res) => {
    const row = await owner(req, false)
    res.setHeader('Cache-Control', 'no-store')
    res.json({ sessions: await listSessions(db, row.id, req.session?.sid) })
  })

  router.delete('/:id/sessions/:sessionId', async (req, res) => {
    await endOne(services, req, res, await owner(req, true), 'admin')
  })

  router.delete('/:id/sessions', async (req, res) => {
    const row = await owner(req, true)
    // Everyone's sessions but the caller's own: an admin ending their own "all" stays signed in here.
    const ended = await destroyAdminSessions(db, row.id, req.session?.sid)
    if (ended > 0) {
      await audit(db, {
        actor: req.admin,
        action: 'auth.session_ended',
        entity: 'admin_user',
        entityId: row.id,
        detail: { all: true, ended, by: 'admin' },
      })
    }
    res.setHeader('Cache-Control', 'no-store')
    res.json({ ended, signedOut: false })
  })

  return router
}
