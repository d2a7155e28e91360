import express, { Router } from 'express'
import { userSessionsAdminRouter } from '../account-sessions/router.ts'
import { analyticsAdminRouter } from '../analytics/admin-router.ts'
import { activityAdminRouter } from '../audit/router.ts'
import { requirePermission } from '../auth/middleware.ts'
import { buyerAccessAdminRouter } from '../buyer-access/admin-router.ts'
import { buyersAdminRouter, contractsAdminRouter } from '../buyers/admin-router.ts'
import type { AppServices } from '../context.ts'
import { experimentsAdminRouter } from '../experiments/admin-router.ts'
import { accountAdminRouter } from '../factors/account-router.ts'
import { mfaPolicyAdminRouter } from '../factors/policy-router.ts'
import { leadsAdminRouter } from '../leads/admin-router.ts'
import { revenueAdminRouter } from '../ledger/admin-router.ts'
import { mediaAdminRouter } from '../media/admin-router.ts'
import { pagesAdminRouter } from '../pages/admin-router.ts'
import { subjectsAdminRouter } from '../privacy/admin-router.ts'
import { questionnaireAdminRouter } from '../questionnaire/admin-router.ts'
import { redirectsAdminRouter } from '../redirects/admin-router.ts'
import { returnsAdminRouter } from '../returns/admin-router.ts'
import { savedSectionsAdminRouter } from '../saved-sections/admin-router.ts'
import { scriptsAdminRouter } from '../scripts/admin-router.ts'
import { settingsAdminRouter } from '../settings/admin-router.ts'
import { ssoAdminRouter } from '../sso/admin-router.ts'
import { uploadsAdminRouter } from '../uploads/admin-router.ts'
import { usersAdminRouter } from '../users/admin-router.ts'
import { webhooksAdminRouter } from '../webhooks/admin-router.ts'

/**
 * Everything under /api/admin: composition only. The staff guards (session, sign-in, enrolment)
 * sit in front of it in staff-api.ts, and each module's admin routes sit behind their permission,
 * so a route added later inherits all of them.
 */
export function adminApiRouter(services: AppServices): Router {
  const router = Router()
  router.use(express.json({ limit: '1mb' }))
  // One's own sign-in factors: the enrolment guard lets a held account through to these only.
  router.use('/account', accountAdminRouter(services))
  router.use('/mfa-policy', requirePermission('users'), mfaPolicyAdminRouter(services))
  router.use('/pages', requirePermission('pages'), pagesAdminRouter(services))
  // Images are uploaded to be put in pages: whoever may edit pages may upload them.
  router.use('/upload-image', requirePermission('pages'), uploadsAdminRouter(services))
  router.use('/media', requirePermission('pages'), mediaAdminRouter(services))
  router.use('/saved-sections', requirePermission('pages'), savedSectionsAdminRouter(services))
  router.use('/redirects', requirePermission('redirects'), redirectsAdminRouter(services))
  router.use('/scripts', requirePermission('scripts'), scriptsAdminRouter(services))
  router.use('/settings', requirePermission('settings'), settingsAdminRouter(services))
  router.use('/users', requirePermission('users'), userSessionsAdminRouter(services))
  router.use('/users', requirePermission('users'), usersAdminRouter(services))
  router.use('/sso', requirePermission('users'), ssoAdminRouter(services))
  router.use('/leads', requirePermission('leads'), leadsAdminRouter(services))
  router.use('/activity', requirePermission('activity'), activityAdminRouter(services))
  router.use('/subjects', requirePermission('subjects'), subjectsAdminRouter(services))
  router.use('/webhooks', requirePermission('webhooks'), webhooksAdminRouter(services))
  router.use('/questionnaires', requirePermission('questionnaire'), questionnaireAdminRouter(services))
  router.use('/revenue', requirePermission('buyers'), revenueAdminRouter(services))
  router.use('/analytics', requirePermission('analytics'), analyticsAdminRouter(services))
  // A buyer's keys and accounts only: other /buyers paths fall through to the buyers module.
  router.use('/buyers', requirePermission('buyers'), buyerAccessAdminRouter(services))
  router.use('/buyers', requirePermission('buyers'), buyersAdminRouter(services))
  router.use('/contracts', requirePermission('buyers'), contractsAdminRouter(services))
  router.use('/returns', requirePermission('buyers'), returnsAdminRouter(services))
  router.use('/experiments', requirePermission('analytics'), experimentsAdminRouter(services))
  return router
}
