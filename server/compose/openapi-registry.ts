import { accountSessionsApi, authApi, factorsApi, ssoApi, usersApi } from '../identity/index.ts'
import { analyticsApi, conversionsApi, experimentsApi } from '../insight/index.ts'
import {
  complaintsApi,
  consentCertificatesApi,
  leadsApi,
  questionnaireApi,
  subjectsApi,
} from '../leads/index.ts'
import { activityApi, defineApi } from '../platform/index.ts'
import { buyerAccessApi, buyerApi, buyersApi, returnsApi, revenueApi, webhooksApi } from '../sales/index.ts'
import {
  consentApi,
  mediaApi,
  pagesApi,
  redirectsApi,
  savedSectionsApi,
  scriptsApi,
  settingsApi,
  uploadsApi,
} from '../site/index.ts'

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
  complaintsApi,
  activityApi,
  experimentsApi,
  conversionsApi,
  referenceApi,
]
