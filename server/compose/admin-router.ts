import express, { type RequestHandler, Router } from 'express'
import { type AdminApiPrefix, adminAreas } from '../../core/admin-areas.ts'
import { userSessionsAdminRouter } from '../identity/account/router.ts'
import { requirePermission } from '../identity/auth/middleware.ts'
import { accountAdminRouter } from '../identity/mfa/account-router.ts'
import { mfaPolicyAdminRouter } from '../identity/mfa/policy-router.ts'
import { ssoAdminRouter } from '../identity/sso/admin-router.ts'
import { usersAdminRouter } from '../identity/users/admin-router.ts'
import { analyticsAdminRouter } from '../insight/analytics/admin-router.ts'
import { experimentsAdminRouter } from '../insight/experiments/admin-router.ts'
import { leadsAdminRouter } from '../leads/admin-router.ts'
import { subjectsAdminRouter } from '../leads/data-requests/admin-router.ts'
import { questionnaireAdminRouter } from '../leads/questionnaire/admin-router.ts'
import { activityAdminRouter } from '../platform/audit/router.ts'
import type { AppServices } from '../platform/context.ts'
import { buyerAccessAdminRouter } from '../sales/buyer-access/admin-router.ts'
import { buyersAdminRouter, contractsAdminRouter } from '../sales/buyers/admin-router.ts'
import { returnsAdminRouter } from '../sales/returns/admin-router.ts'
import { revenueAdminRouter } from '../sales/revenue/admin-router.ts'
import { webhooksAdminRouter } from '../sales/webhooks/admin-router.ts'
import { mediaAdminRouter } from '../site/media/admin-router.ts'
import { pagesAdminRouter } from '../site/pages/admin-router.ts'
import { redirectsAdminRouter } from '../site/redirects/admin-router.ts'
import { savedSectionsAdminRouter } from '../site/saved-sections/admin-router.ts'
import { scriptsAdminRouter } from '../site/scripts/admin-router.ts'
import { settingsAdminRouter } from '../site/settings/admin-router.ts'
import { uploadsAdminRouter } from '../site/uploads/admin-router.ts'

/** Each prefix an admin area owns (core/admin-areas.ts) and the module routers mounted there, in order. */
const mounts: Record<AdminApiPrefix, ((services: AppServices) => Router)[]> = {
  '/pages': [pagesAdminRouter],
  '/saved-sections': [savedSectionsAdminRouter],
  '/media': [mediaAdminRouter],
  '/upload-image': [uploadsAdminRouter],
  '/redirects': [redirectsAdminRouter],
  '/questionnaires': [questionnaireAdminRouter],
  '/settings': [settingsAdminRouter],
  '/scripts': [scriptsAdminRouter],
  '/leads': [leadsAdminRouter],
  '/analytics': [analyticsAdminRouter],
  '/webhooks': [webhooksAdminRouter],
  '/experiments': [experimentsAdminRouter],
  // A buyer's keys and accounts only: other /buyers paths fall through to the buyers module.
  '/buyers': [buyerAccessAdminRouter, buyersAdminRouter],
  '/contracts': [contractsAdminRouter],
  '/revenue': [revenueAdminRouter],
  '/returns': [returnsAdminRouter],
  '/users': [userSessionsAdminRouter, usersAdminRouter],
  '/sso': [ssoAdminRouter],
  '/mfa-policy': [mfaPolicyAdminRouter],
  '/subjects': [subjectsAdminRouter],
  '/activity': [activityAdminRouter],
  // One's own sign-in factors: the enrolment guard lets a held account through to these only.
  '/account': [accountAdminRouter],
}

/**
 * Everything under /api/admin: composition only. The staff guards (session, sign-in, enrolment)
 * sit in front of it in staff-api.ts; here each area's prefixes are mounted behind that area's
 * permission, the one place a permission is tied to a path, so a route added under a prefix
 * inherits all of them. An area without a permission is open to any member of staff.
 */
export function adminApiRouter(services: AppServices): Router {
  const router = Router()
  router.use(express.json({ limit: '1mb' }))
  for (const area of adminAreas) {
    const guard: RequestHandler[] = area.permission ? [requirePermission(area.permission)] : []
    for (const prefix of area.api) {
      router.use(prefix, ...guard, ...mounts[prefix].map((mount) => mount(services)))
    }
  }
  return router
}
