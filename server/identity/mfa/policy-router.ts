import { type RequestHandler, Router } from 'express'
import { ENROL_REQUIRED } from '../../../core/mfa-policy.ts'
import { mfaPolicySchema } from '../../../core/schemas/mfa.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit, parseBody } from '../../platform/index.ts'
import { needsEnrolment, readPolicy, savePolicy } from './store.server.ts'

/** /api/admin/mfa-policy (users permission): who must have a second factor. */
export function mfaPolicyAdminRouter(services: AppServices): Router {
  const { db } = services
  const router = Router()
  router.get('/', async (_req, res) => {
    res.json(await readPolicy(db))
  })
  router.put('/', async (req, res) => {
    const policy = parseBody(mfaPolicySchema, req)
    const before = await readPolicy(db)
    await savePolicy(db, policy, req.admin?.id as number)
    await audit(db, {
      actor: req.admin,
      action: 'auth.mfa_policy_changed',
      entity: 'mfa_policy',
      detail: { before, after: policy },
    })
    res.json(await readPolicy(db))
  })
  return router
}

/**
 * Holds an account the policy covers, and that has no second factor yet, at enrolment: every admin
 * API call but its own account's is refused with 403 `{ enrol: true }`.
 */
export function requireEnrolment(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    if (req.admin && (await needsEnrolment(services.db, req.admin))) {
      res.status(403).json({ message: ENROL_REQUIRED, enrol: true })
      return
    }
    next()
  }
}
