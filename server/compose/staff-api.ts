import { type RequestHandler, Router } from 'express'
import { loadSession, requireEnrolment, requireSignedIn } from '../identity/index.ts'
import { leadListHandler } from '../leads/index.ts'
import type { AppServices } from '../platform/index.ts'
import { adminApiRouter } from './admin-router.ts'

/** Where one signs up for a second factor: the only staff paths an account held at enrolment may use. */
const ENROLMENT_PATH = /^\/api\/admin\/account(\/|$)/

/**
 * Every staff route: the whole of /api/admin and GET /api/leads (SPEC section 7 keeps that one
 * outside /api/admin). The staff guards run here once, in this order, before any of them: the
 * session, a member of staff (not a buyer), the second-factor policy's enrolment; each route's
 * permission follows. A staff route added anywhere else would skip them: tests walk Express's
 * routes to prove none does (tests/integration/admin-access.test.ts).
 */
export function staffApiRouter(services: AppServices): Router {
  const router = Router()
  const enrolment = requireEnrolment(services)
  const guards = [
    loadSession(services),
    requireSignedIn,
    ((req, res, next) =>
      ENROLMENT_PATH.test(req.originalUrl.split('?')[0] ?? '')
        ? next()
        : enrolment(req, res, next)) as RequestHandler,
  ]
  router.use('/api/admin', ...guards)
  router.use('/api/admin', adminApiRouter(services))
  // Only the list itself, which demands the leads permission: any other path under /api/leads
  // stays a 404 for everyone.
  router.get('/api/leads', ...guards, leadListHandler(services))
  return router
}
