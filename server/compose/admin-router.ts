import express, { type RequestHandler, Router } from 'express'
import { type AdminApiPrefix, adminAreas } from '../../core/admin-areas.ts'
import {
  accountAdminRouter,
  mfaPolicyAdminRouter,
  requirePermission,
  ssoAdminRouter,
  userSessionsAdminRouter,
  usersAdminRouter,
} from '../identity/index.ts'
import { analyticsAdminRouter, conversionsAdminRouter, experimentsAdminRouter } from '../insight/index.ts'
import { leadsAdminRouter, questionnaireAdminRouter, subjectsAdminRouter } from '../leads/index.ts'
import type { AppServices } from '../platform/index.ts'
import { activityAdminRouter } from '../platform/index.ts'
import {
  buyerAccessAdminRouter,
  buyersAdminRouter,
  contractsAdminRouter,
  returnsAdminRouter,
  revenueAdminRouter,
  webhooksAdminRouter,
} from '../sales/index.ts'
import {
  mediaAdminRouter,
  pagesAdminRouter,
  redirectsAdminRouter,
  savedSectionsAdminRouter,
  scriptsAdminRouter,
  settingsAdminRouter,
  uploadsAdminRouter,
} from '../site/index.ts'

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
  '/conversions': [conversionsAdminRouter],
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
