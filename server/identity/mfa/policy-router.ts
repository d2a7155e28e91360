import { type RequestHandler, Router } from 'express'
import { ENROL_REQUIRED } from '../../../core/mfa-policy.ts'
import { mfaPolicySchema } from '../../../core/schemas/mfa.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit, mountRoutes, ref, route } from '../../platform/index.ts'
import { needsEnrolment, readPolicy, savePolicy } from './store.server.ts'

const BASE = '/api/admin/mfa-policy'

/** /api/admin/mfa-policy (users permission): who must have a second factor. */
export const mfaPolicyRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'Who must have a second factor',
    auth: 'permission:users',
    response: ref('MfaPolicy'),
    handle: ({ services }) => readPolicy(services.db),
  }),
  route({
    method: 'put',
    path: BASE,
    summary: 'Change who must have a second factor',
    auth: 'permission:users',
    body: mfaPolicySchema,
    response: ref('MfaPolicy'),
    handle: async ({ services: { db }, actor, body: policy }) => {
      const before = await readPolicy(db)
      await savePolicy(db, policy, actor?.id as number)
      await audit(db, {
        actor,
        action: 'auth.mfa_policy_changed',
        entity: 'mfa_policy',
        detail: { before, after: policy },
      })
      return readPolicy(db)
    },
  }),
]

export function mfaPolicyAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, mfaPolicyRoutes)
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
