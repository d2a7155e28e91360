import { accountSessionsApi } from '../account-sessions/router.ts'
import { analyticsApi } from '../analytics/openapi.ts'
import { activityApi } from '../audit/openapi.ts'
import { authApi } from '../auth/openapi.ts'
import { buyerAccessApi } from '../buyer-access/openapi.ts'
import { buyerApi } from '../buyer-api/openapi.ts'
import { buyersApi } from '../buyers/openapi.ts'
import { consentApi } from '../consent/openapi.ts'
import { consentCertificatesApi } from '../consent-certificates/openapi.ts'
import { experimentsApi } from '../experiments/openapi.ts'
import { factorsApi } from '../factors/openapi.ts'
import { leadsApi } from '../leads/openapi.ts'
import { revenueApi } from '../ledger/admin-router.ts'
import { mediaApi } from '../media/openapi.ts'
import { pagesApi } from '../pages/openapi.ts'
import { subjectsApi } from '../privacy/admin-router.ts'
import { questionnaireApi } from '../questionnaire/openapi.ts'
import { redirectsApi } from '../redirects/admin-router.ts'
import { returnsApi } from '../returns/admin-router.ts'
import { savedSectionsApi } from '../saved-sections/admin-router.ts'
import { scriptsApi } from '../scripts/admin-router.ts'
import { settingsApi } from '../settings/admin-router.ts'
import { ssoApi } from '../sso/openapi.ts'
import { uploadsApi } from '../uploads/openapi.ts'
import { usersApi } from '../users/admin-router.ts'
import { webhooksApi } from '../webhooks/admin-router.ts'
import { defineApi } from './operation.ts'

const referenceApi = defineApi({
  tag: { name: 'Reference', description: 'This document.' },
  operations: [
    {
      method: 'get',
      path: '/api/openapi.json',
      summary: 'This OpenAPI 3.1 document',
      auth: 'public',
      response: { type: 'object' },
    },
  ],
})

/**
 * Every module's operations, in the order the reference page shows their tags. A module with
 * routes under /api describes them by its route definitions (apiModule, docs/decisions/0072) or
 * in its own `openapi.ts` (defineApi) and is listed here;
 * tests/integration/openapi.test.ts fails while a route Express serves is missing from this list,
 * or a described one is not served (docs/decisions/0032-openapi.md).
 */
export const apiModules = [
  authApi,
  ssoApi,
  factorsApi,
  consentApi,
  consentCertificatesApi,
  leadsApi,
  pagesApi,
  savedSectionsApi,
  uploadsApi,
  mediaApi,
  redirectsApi,
  questionnaireApi,
  settingsApi,
  scriptsApi,
  webhooksApi,
  buyersApi,
  buyerAccessApi,
  returnsApi,
  revenueApi,
  analyticsApi,
  buyerApi,
  usersApi,
  accountSessionsApi,
  subjectsApi,
  activityApi,
  experimentsApi,
  referenceApi,
]
