import { accountSessionsApi } from '../identity/account/router.ts'
import { authApi } from '../identity/auth/openapi.ts'
import { factorsApi } from '../identity/mfa/openapi.ts'
import { ssoApi } from '../identity/sso/openapi.ts'
import { usersApi } from '../identity/users/admin-router.ts'
import { analyticsApi } from '../insight/analytics/openapi.ts'
import { experimentsApi } from '../insight/experiments/openapi.ts'
import { consentCertificatesApi } from '../leads/consent/openapi.ts'
import { subjectsApi } from '../leads/data-requests/admin-router.ts'
import { leadsApi } from '../leads/openapi.ts'
import { questionnaireApi } from '../leads/questionnaire/openapi.ts'
import { activityApi } from '../platform/audit/openapi.ts'
import { defineApi } from '../platform/openapi/operation.ts'
import { buyerAccessApi } from '../sales/buyer-access/openapi.ts'
import { buyerApi } from '../sales/buyer-api/openapi.ts'
import { buyersApi } from '../sales/buyers/openapi.ts'
import { returnsApi } from '../sales/returns/admin-router.ts'
import { revenueApi } from '../sales/revenue/admin-router.ts'
import { webhooksApi } from '../sales/webhooks/admin-router.ts'
import { consentApi } from '../site/cookie-consent/openapi.ts'
import { mediaApi } from '../site/media/openapi.ts'
import { pagesApi } from '../site/pages/openapi.ts'
import { redirectsApi } from '../site/redirects/admin-router.ts'
import { savedSectionsApi } from '../site/saved-sections/admin-router.ts'
import { scriptsApi } from '../site/scripts/admin-router.ts'
import { settingsApi } from '../site/settings/admin-router.ts'
import { uploadsApi } from '../site/uploads/openapi.ts'

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
