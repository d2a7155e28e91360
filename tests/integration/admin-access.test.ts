import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENROL_REQUIRED } from '../../core/mfa-policy.ts'
import type { Permission } from '../../core/permissions.ts'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import {
  accountFactorsRoutes,
  accountSessionsRoutes,
  authApi,
  createAdmin,
  createBuyerAccount,
  factorSignInRoutes,
  mfaPolicyRoutes,
  resetFactorsRoute,
  savePolicy,
  ssoAdminRoutes,
  usersRoutes,
} from '../../server/identity/index.ts'
import { analyticsRoutes, conversionsRoutes, experimentsRoutes } from '../../server/insight/index.ts'
import {
  complaintsRoutes,
  consentCertificatesRoutes,
  leadCaptureRoute,
  leadListRoute,
  leadsAdminRoutes,
  questionnaireRoutes,
  subjectsRoutes,
} from '../../server/leads/index.ts'
import { activityRoutes, json } from '../../server/platform/index.ts'
import {
  buyerAccessRoutes,
  buyerApiRoutes,
  buyersRoutes,
  contractsRoutes,
  createKey,
  returnsRoutes,
  revenueRoutes,
  webhooksRoutes,
} from '../../server/sales/index.ts'
import {
  mediaRoutes,
  pagesRoutes,
  redirectsRoutes,
  savedSectionsRoutes,
  scriptsRoutes,
  settingsRoutes,
  uploadsRoutes,
} from '../../server/site/index.ts'
import {
  type AdminClient,
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { expressRoutesOf } from '../support/express-routes.ts'
import { insertLead } from '../support/factories.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Entity =
  | 'page'
  | 'saved-section'
  | 'redirect'
  | 'script'
  | 'user'
  | 'lead'
  | 'webhook'
  | 'questionnaire'
  | 'buyer'
  | 'contract'
  | 'experiment'
  | 'running-experiment'
  | 'media'
type Db = TestApp['database']['db']

type RouteCase = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** As registered in Express; `:id` is replaced by the id of a record made for each request. */
  path: string
  /** What the caller must hold; 'signed-in' means any active admin. */
  permission: Permission | 'signed-in'
  /** Which kind of record `:id` names. */
  entity?: Entity
  body?: () => unknown
  /** Records for the other `:name` parts of the path (a buyer's key, say), made for each request. */
  params?: (db: Db) => Promise<Record<string, number | string>>
  /** Status a caller allowed to use the route gets for `body`. */
  ok: number
}

let counter = 0
const next = () => `${Date.now().toString(36)}-${++counter}`

/** An editor whose sessions a route lists or ends. */
async function sessionOwner(db: Db) {
  const row = await createAdmin(db, {
    email: uniqueEmail('owner'),
    password: DEFAULT_PASSWORD,
    role: 'editor',
  })
  return row.id
}

/** A buyer and one of its sign-in accounts, with a password chosen. */
async function buyerAccount(db: Db) {
  const buyer = await insertBuyer(db)
  const account = await createBuyerAccount(db, buyer.id, {
    email: uniqueEmail('buyer-account'),
    password: DEFAULT_PASSWORD,
  })
  return { id: buyer.id, userId: account.id }
}

/** What a route needs to be called in this test, beyond what its definition says. */
type Fixture = Pick<RouteCase, 'entity' | 'body' | 'params'> & { ok?: number }

/** Which record `{id}` names under each converted module's path. */
const entityOf: Record<string, Entity> = {
  '/api/admin/scripts': 'script',
  '/api/admin/saved-sections': 'saved-section',
  '/api/admin/redirects': 'redirect',
  '/api/admin/webhooks': 'webhook',
  '/api/admin/users': 'user',
  '/api/admin/buyers': 'buyer',
  '/api/admin/contracts': 'contract',
  '/api/admin/experiments': 'experiment',
  '/api/admin/pages': 'page',
  '/api/admin/media': 'media',
  '/api/admin/questionnaires': 'questionnaire',
  '/api/admin/leads': 'lead',
}

/**
 * One's own second factors and password (tests/integration/second-factors.test.ts), under both
 * bases. The totp rows run in the definitions' order: a set-up is started, a wrong code refused,
 * then the unconfirmed app removed.
 */
function ownAccountFixtures(base: string): Record<string, Fixture> {
  const missing = { params: async () => ({ id: 999_999 }), ok: 404 }
  return {
    // A code from an app the account does not have: an allowed caller gets as far as 400.
    [`POST ${base}/reauthenticate`]: { body: () => ({ code: '000000' }), ok: 400 },
    // A wrong current password: an allowed caller gets as far as 400, and nothing changes.
    [`POST ${base}/password`]: {
      body: () => ({ currentPassword: 'not the password', newPassword: 'quartz lantern orchard 42' }),
      ok: 400,
    },
    // No registration challenge cookie: an allowed caller gets as far as 400.
    [`POST ${base}/passkeys`]: {
      body: () => ({
        name: 'Key',
        response: { id: 'eA', rawId: 'eA', type: 'public-key', response: { clientDataJSON: 'e30' } },
      }),
      ok: 400,
    },
    [`PUT ${base}/passkeys/{id}`]: { ...missing, body: () => ({ name: 'Renamed' }) },
    [`DELETE ${base}/passkeys/{id}`]: missing,
    [`POST ${base}/totp/confirm`]: { body: () => ({ code: '000000' }), ok: 400 },
  }
}

/**
 * Conversion destinations (tests/integration/conversions.test.ts): this app has no CONVERSIONS_KEY,
 * so an allowed caller saving one gets as far as the 409; a test event answers what it could not do.
 */
function conversionFixtures(): Record<string, Fixture> {
  const destination = async (db: Db) => {
    const row = await db
      .insertInto('conversionDestination')
      .values({
        platform: 'meta',
        name: 'Access',
        enabled: false,
        testMode: true,
        settings: json({ pixelId: '1' }),
        secret: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: row.id }
  }
  const base = '/api/admin/conversions/destinations'
  return {
    [`POST ${base}`]: {
      body: () => ({ platform: 'meta', name: 'Access', pixelId: '1', accessToken: 'token' }),
      ok: 409,
    },
    [`GET ${base}/{id}`]: { params: destination },
    [`PUT ${base}/{id}`]: { params: destination, body: () => ({ name: 'Renamed' }), ok: 409 },
    [`DELETE ${base}/{id}`]: { params: destination },
    [`POST ${base}/{id}/test`]: { params: destination },
  }
}

/**
 * Per-route fixtures for the routes written as definitions (server/platform/http/route.ts): a body an
 * allowed caller may send, and a status other than the route's own. Method, path and permission
 * come from the definitions.
 */
const fixtures: Record<string, Fixture> = {
  ...conversionFixtures(),
  'POST /api/admin/scripts': {
    body: () => ({
      name: 'Access check',
      position: 'head',
      script: '<script>console.log(1)</script>',
      consentCategory: 'none',
    }),
  },
  'PUT /api/admin/scripts/{id}': { body: () => ({ isActive: false }) },
  'POST /api/admin/saved-sections': {
    body: () => ({
      name: `Access ${next()}`,
      section: { widgets: [{ type: 'heading', content: { text: 'Hi', level: 2 } }] },
    }),
  },
  'PUT /api/admin/saved-sections/{id}': { body: () => ({ name: `Renamed ${next()}` }) },
  'POST /api/admin/redirects': {
    body: () => ({ name: 'Access check', fromUrl: `/from-${next()}`, toUrl: '/to' }),
  },
  'PUT /api/admin/redirects/{id}': { body: () => ({ isActive: false }) },
  // Without ?url= an allowed caller gets as far as 400.
  'GET /api/admin/redirects/test': { ok: 400 },
  // Inactive, at a documentation address: nothing is ever posted to it.
  'POST /api/admin/webhooks': {
    body: () => ({
      name: 'Access check',
      url: 'https://203.0.113.9/hooks',
      secret: 'access-secret',
      isActive: false,
    }),
  },
  'PUT /api/admin/webhooks/{id}': { body: () => ({ name: 'Renamed' }) },
  'POST /api/admin/users': {
    body: () => ({ email: uniqueEmail('new'), password: DEFAULT_PASSWORD, role: 'editor' }),
  },
  'PUT /api/admin/users/{id}': { body: () => ({ firstName: 'Renamed' }) },
  // An invitation again: a user who chose a password is told to use a reset (tests/integration/buyer-portal.test.ts).
  'POST /api/admin/users/{id}/invite': { ok: 409 },
  // Without ?email= or ?phone= an allowed caller gets as far as 400 (the query is checked after access).
  'GET /api/admin/subjects': { ok: 400 },
  'DELETE /api/admin/subjects': { ok: 400 },
  // A complaint made for each request: an allowed caller records its acknowledgement.
  'PUT /api/admin/subjects/complaints/{id}': {
    params: async (db) => {
      const row = await db
        .insertInto('complaint')
        .values({ name: 'Access check', email: uniqueEmail('complainant'), details: 'Access check' })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { id: row.id }
    },
    body: () => ({ status: 'acknowledged' }),
  },
  // A user's sessions (tests/integration/account-sessions.test.ts); a made-up session id is not found.
  'DELETE /api/admin/users/{id}/sessions/{sessionId}': {
    params: async (db) => ({ id: await sessionOwner(db), sessionId: randomUUID() }),
    ok: 404,
  },
  'DELETE /api/admin/users/{id}/sessions': { params: async (db) => ({ id: await sessionOwner(db) }) },
  'DELETE /api/account/sessions/{sessionId}': { params: async () => ({ sessionId: randomUUID() }), ok: 404 },
  // A pending return of a sale made for each request: an allowed caller rejects it.
  'PUT /api/admin/returns/{id}': {
    params: async (db) => {
      const buyer = await insertBuyer(db)
      const contract = await insertContract(db, buyer.id)
      const lead = await insertLead(db, { email: uniqueEmail('returned') })
      const sale = await insertSale(db, { leadId: lead.id, contract })
      const row = await db
        .insertInto('leadReturn')
        .values({ saleId: sale.id, buyerId: buyer.id, reason: 'duplicate' })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { id: row.id }
    },
    body: () => ({ status: 'rejected' }),
  },
  // Without a buyer and a month: the caller gets past the permission to the query's 400 (JSON).
  'GET /api/admin/revenue/statement': { ok: 400 },
  'GET /api/admin/revenue/statement.csv': { ok: 400 },
  'POST /api/admin/settings': { body: () => ({ key: `access_${counter++}`, value: 'x' }) },
  'POST /api/admin/buyers': {
    body: () => ({ name: `Access ${next()}`, fcaNumber: '123456', email: 'access@example.test' }),
  },
  'PUT /api/admin/buyers/{id}': { body: () => ({ isActive: false }) },
  // Inactive, at a documentation address: nothing is ever posted to it.
  'POST /api/admin/buyers/{id}/contracts': {
    body: () => ({
      name: 'Access check',
      pricePence: 1000,
      webhookUrl: 'https://203.0.113.9/leads',
      secret: 'access-secret',
      isActive: false,
    }),
  },
  'PUT /api/admin/contracts/{id}': { body: () => ({ priority: 5 }) },
  'POST /api/admin/buyers/{id}/keys': { body: () => ({ name: 'Access check' }) },
  'DELETE /api/admin/buyers/{id}/keys/{keyId}': {
    params: async (db) => {
      const buyer = await insertBuyer(db)
      const key = await createKey(db, buyer.id, 'Access check')
      return { id: buyer.id, keyId: key.id }
    },
  },
  'POST /api/admin/buyers/{id}/accounts': {
    body: () => ({ email: uniqueEmail('buyer-account'), password: DEFAULT_PASSWORD }),
  },
  'DELETE /api/admin/buyers/{id}/accounts/{userId}': { params: buyerAccount },
  // The account chose its password: told to use "Forgot password?" (an invited one gets a new link).
  'POST /api/admin/buyers/{id}/accounts/{userId}/invite': { params: buyerAccount, ok: 409 },
  // Without a period (`from`, `to`): an allowed caller gets past the permission to the query's 400.
  'GET /api/admin/analytics/funnel': { ok: 400 },
  'GET /api/admin/analytics/breakdown': { ok: 400 },
  'GET /api/admin/analytics/series': { ok: 400 },
  'POST /api/admin/experiments': {
    body: () => ({
      name: `Access ${next()}`,
      path: '/',
      goal: 'lead',
      variants: [
        { name: 'A', weight: 1 },
        { name: 'B', weight: 1, title: 'Another title' },
      ],
    }),
  },
  'PUT /api/admin/experiments/{id}': { body: () => ({ name: 'Renamed' }) },
  // Its page has no contact form: starting it is confirmed (ADR 0065).
  'POST /api/admin/experiments/{id}/start': { body: () => ({ confirm: true }) },
  'POST /api/admin/experiments/{id}/stop': { entity: 'running-experiment' },
  'POST /api/admin/experiments/{id}/variants/{variant}/preview-links': {
    entity: 'experiment',
    params: async () => ({ variant: 'B' }),
  },
  'POST /api/admin/experiments/{id}/promote': {
    entity: 'running-experiment',
    body: () => ({ variant: 'B', force: true }),
  },
  'POST /api/admin/pages': { body: () => ({ title: 'Access check', slug: `access-${next()}` }) },
  'PUT /api/admin/pages/{id}': { body: () => ({ title: 'Renamed' }) },
  'POST /api/admin/pages/preview': { body: () => ({ content: '<p>Preview</p>' }) },
  // No flag has this id: an allowed caller gets as far as 404.
  'POST /api/admin/pages/review/{flagId}/accept': {
    params: async () => ({ flagId: '0123456789abcdef' }),
    body: () => ({ note: 'Checked against the source.' }),
    ok: 404,
  },
  // No revision exists for a fresh page: an allowed caller gets as far as 404.
  'GET /api/admin/pages/{id}/revisions/{revisionId}': { ok: 404 },
  'POST /api/admin/pages/{id}/revisions/{revisionId}/restore': { ok: 404 },
  'GET /api/admin/pages/{id}/revisions/{revisionId}/diff': { ok: 404 },
  // `{id}` names a page, not a publication: an allowed caller gets as far as 404.
  'POST /api/admin/pages/publications/{id}/approve': { ok: 404 },
  'POST /api/admin/pages/publications/{id}/reject': { ok: 404, body: () => ({ note: 'Access check' }) },
  'POST /api/admin/pages/publications/{id}/cancel': { ok: 404 },
  // A JSON body is not the multipart form the uploads take: an allowed caller gets as far as 400.
  'POST /api/admin/media': { ok: 400 },
  'POST /api/admin/upload-image': { ok: 400 },
  'PUT /api/admin/media/{id}': { body: () => ({ alt: 'A blue square' }) },
  'PUT /api/admin/mfa-policy': { body: () => ({ mode: 'off' }) },
  ...ownAccountFixtures('/api/admin/account'),
  ...ownAccountFixtures('/api/account'),
  'POST /api/admin/questionnaires': { body: () => ({ definition: redressSchemeDefinition }) },
  'PUT /api/admin/questionnaires/{id}': { body: () => ({ name: 'Renamed' }) },
  // A fresh draft waits for no approval: an allowed caller gets as far as 409.
  'POST /api/admin/questionnaires/{id}/approve': { ok: 409 },
  'POST /api/admin/questionnaires/{id}/reject': { ok: 409, body: () => ({ note: 'Access check' }) },
  // Publishing needs no body: the shipped scheme set's estimates equal the reference (no note).
  // A fresh lead with no contract to match is routed again to nobody: 200 with no offers.
}

/** The converted modules' routes, from their definitions: the table cannot miss or misstate one. */
const definedRoutes: RouteCase[] = [
  ...scriptsRoutes,
  ...savedSectionsRoutes,
  ...redirectsRoutes,
  ...webhooksRoutes,
  ...usersRoutes,
  resetFactorsRoute,
  ...subjectsRoutes,
  // The caller's own sessions: any signed-in account; a user's, behind the users permission.
  ...accountSessionsRoutes,
  ...returnsRoutes,
  ...revenueRoutes,
  ...settingsRoutes,
  ...buyersRoutes,
  ...contractsRoutes,
  ...buyerAccessRoutes,
  ...analyticsRoutes,
  ...experimentsRoutes,
  ...pagesRoutes,
  ...mediaRoutes,
  ...uploadsRoutes,
  ...activityRoutes,
  ...ssoAdminRoutes,
  ...mfaPolicyRoutes,
  // One's own account: any member of staff, on their own factors; /api/account also for buyers.
  ...accountFactorsRoutes,
  ...questionnaireRoutes,
  ...conversionsRoutes,
  // GET /api/leads (outside /api/admin, SPEC section 7) and the admin's lead screens.
  leadListRoute,
  ...leadsAdminRoutes,
].map(({ operation: { method, path, auth, status } }) => {
  const key = `${method.toUpperCase()} ${path}`
  const fixture = fixtures[key] ?? {}
  const base = Object.keys(entityOf).find((b) => path === b || path.startsWith(`${b}/`))
  // Records named by `params` are made there; a derived entity would be checked as deleted.
  const derived = path.includes('{id}') && base && !fixture.params ? entityOf[base] : undefined
  const entity = fixture.entity ?? derived
  if (path.includes('{id}') && !entity && !fixture.params) throw new Error(`${key}: which record is {id}?`)
  if (!auth.startsWith('permission:') && auth !== 'session') throw new Error(`${key}: not a staff route`)
  return {
    method: method.toUpperCase() as RouteCase['method'],
    path: path.replace(/\{([^}]+)\}/g, ':$1'),
    permission: auth === 'session' ? 'signed-in' : (auth.slice('permission:'.length) as Permission),
    ...(entity ? { entity } : {}),
    ...(fixture.params ? { params: fixture.params } : {}),
    body: fixture.body ?? (() => ({})),
    ok: fixture.ok ?? status ?? 200,
  }
})

/**
 * Every admin route, and GET /api/leads. The test after the table walks the Express router, so a
 * route added without a row here (and so without these checks) fails the suite.
 */
const routes: RouteCase[] = [...definedRoutes]

/** The converted modules' public routes under /api, from their definitions. */
const definedPublicRoutes = [
  // Anyone may check a consent certificate (tests/integration/consent-certificates.test.ts).
  ...consentCertificatesRoutes,
  leadCaptureRoute,
  // Data-protection complaints (tests/integration/complaints.test.ts).
  ...complaintsRoutes,
]
  .filter(({ operation }) => operation.path.startsWith('/api/'))
  .map(({ operation: { method, path, auth } }) => {
    if (auth !== 'public') throw new Error(`${method} ${path}: not a public route`)
    return `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`
  })

/** API routes anyone may call: the public site, sign-in, password recovery and the API's description. */
const publicApiRoutes = [
  'GET /api/openapi.json',
  'GET /api/pages/:slug',
  // Cookieless analytics' beacon (tests/integration/analytics.test.ts).
  'POST /api/events',
  'POST /api/consent',
  // The cookie dialog's plain form (tests/integration/consent.test.ts).
  'POST /api/consent/choice',
  // "Don't count my visits" on the cookie policy (tests/integration/no-count.test.ts).
  'POST /api/consent/counting',
  // Signing in and out, recovery and setup, from their definitions (and the sign-in page).
  ...authApi.operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`),
  // Single sign-on's two ends (tests/integration/sso.test.ts).
  'GET /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  // The second step of signing in, and a passkey alone (tests/integration/second-factors.test.ts).
  ...factorSignInRoutes.map(({ operation: { method, path } }) => `${method.toUpperCase()} ${path}`),
  // A buyer's own API: an API key or a buyer's session (tests/integration/buyer-api.test.ts).
  ...buyerApiRoutes.map(
    ({ operation: { method, path } }) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
  ),
  ...definedPublicRoutes,
]

describe(`admin access control on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let editor: AdminClient
  let expressRoutes: string[]

  /** A new record of `entity` made straight in the database; returns its id. */
  async function makeRecord(entity: Entity): Promise<number> {
    const { db } = app.database
    const n = next()
    switch (entity) {
      case 'page':
        return (
          await db
            .insertInto('page')
            .values({ slug: `record-${n}`, title: 'Record', content: json('') })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      case 'saved-section':
        return (
          await db
            .insertInto('savedSection')
            .values({ name: `Record ${n}`, section: json({ styles: {}, widgets: [] }) })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      case 'redirect':
        return (
          await db
            .insertInto('redirect')
            .values({ name: 'Record', fromUrl: `/record-${n}`, toUrl: '/' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      case 'script':
        return (
          await db
            .insertInto('customScript')
            .values({ name: 'Record', position: 'body', script: 'void 0' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      case 'user':
        return (
          await createAdmin(db, { email: uniqueEmail('record'), password: DEFAULT_PASSWORD, role: 'editor' })
        ).id
      case 'lead':
        return (await insertLead(db, { email: `record-${n}@example.test` })).id
      case 'webhook':
        return (
          await db
            .insertInto('webhook')
            .values({
              name: 'Record',
              url: 'https://203.0.113.9/hooks',
              secret: 'record-secret',
              isActive: false,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      case 'buyer':
        return (await insertBuyer(db, { isActive: false, namedInConsent: false })).id
      case 'contract':
        return (
          await insertContract(db, (await insertBuyer(db, { isActive: false, namedInConsent: false })).id, {
            isActive: false,
          })
        ).id
      case 'experiment':
      case 'running-experiment': {
        // Each on a page of its own, so that starting one never meets another running on its path.
        const slug = `experiment-${n}`.toLowerCase()
        await db
          .insertInto('page')
          .values({ slug, title: 'Record', content: json(''), isPublished: true })
          .execute()
        await app.services.site.changed()
        return (
          await db
            .insertInto('experiment')
            .values({
              name: 'Record',
              path: `/${slug}`,
              goal: 'lead',
              variants: json([
                { name: 'A', weight: 1 },
                { name: 'B', weight: 1, title: 'Variant B' },
              ]),
              ...(entity === 'running-experiment'
                ? { status: 'running' as const, startsAt: new Date() }
                : {}),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      }
      case 'media': {
        const hash = `${n}`
          .replace(/[^0-9a-z]/g, '')
          .padStart(16, '0')
          .slice(-16)
        const url = `/uploads/${hash}-480.webp`
        return (
          await db
            .insertInto('media')
            .values({
              hash,
              url,
              width: 480,
              height: 240,
              renditions: json([{ url, width: 480, height: 240, bytes: 10 }]),
              bytes: 10,
              fileName: 'record.png',
              contentType: 'image/png',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      }
      case 'questionnaire':
        return (
          await db
            .insertInto('questionnaireVersion')
            .values({
              version: 10_000 + ++counter,
              name: 'Record',
              definition: json(redressSchemeDefinition),
              status: 'draft',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
    }
  }

  async function recordExists(entity: Entity, id: number): Promise<boolean> {
    const table = {
      page: 'page',
      'saved-section': 'savedSection',
      redirect: 'redirect',
      script: 'customScript',
      user: 'adminUser',
      lead: 'lead',
      webhook: 'webhook',
      questionnaire: 'questionnaireVersion',
      buyer: 'buyer',
      contract: 'contract',
      experiment: 'experiment',
      'running-experiment': 'experiment',
      media: 'media',
    } as const
    const row = await app.database.db
      .selectFrom(table[entity])
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
    return row !== undefined
  }

  /** Calls the route once, as `cookie` (or nobody), on a fresh record when it needs one. */
  async function call(route: RouteCase, cookie?: string) {
    const id = route.entity ? await makeRecord(route.entity) : undefined
    let pathname = id === undefined ? route.path : route.path.replace(':id', String(id))
    const params = route.params ? await route.params(app.database.db) : {}
    for (const [name, value] of Object.entries(params)) pathname = pathname.replace(`:${name}`, String(value))
    const headers: Record<string, string> = {}
    if (cookie) headers.cookie = cookie
    const init: RequestInit = { method: route.method, headers }
    if (route.method === 'POST' || route.method === 'PUT') {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(route.body?.() ?? {})
    }
    const response = await app.request(pathname, init)
    return { response, id }
  }

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor' })
    expressRoutes = await expressRoutesOf(app.services)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists every /api route Express has in the table above or among the public routes', () => {
    // Proves the walk works at all, so an empty or broken walk cannot pass the comparison below.
    expect(expressRoutes).toContain('GET /api/admin/pages/:id')
    expect(expressRoutes).toContain('GET /healthz')
    const apiRoutes = [...new Set(expressRoutes.filter((r) => r.split(' ')[1]?.startsWith('/api')))].sort()
    const known = [...routes.map((r) => `${r.method} ${r.path}`), ...publicApiRoutes].sort()
    expect(apiRoutes).toEqual(known)
  })

  it('answers 401 signed out on paths under /api/admin that no route handles (the guard covers the router)', async () => {
    for (const [method, pathname] of [
      ['GET', '/api/admin'],
      ['GET', '/api/admin/new-thing'],
      ['POST', '/api/admin/new-thing'],
      ['GET', '/api/admin/pages/1/anything'],
      ['DELETE', '/api/admin/leads/1'],
    ] as const) {
      const response = await app.request(pathname, { method })
      expect(response.status, `${method} ${pathname}`).toBe(401)
      expect(await response.json()).toEqual({ message: 'Please sign in to continue' })
    }
  })

  describe('signed out', () => {
    it.each(routes)('$method $path answers 401', async (route) => {
      const { response, id } = await call(route)
      expect(response.status).toBe(401)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ message: 'Please sign in to continue' })
      if (route.method === 'DELETE' && route.entity && id)
        expect(await recordExists(route.entity, id)).toBe(true)
    })

    it.each(routes)('$method $path answers 401 with a made-up session cookie', async (route) => {
      const { response } = await call(route, 'sid=not-a-real-session-token')
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ message: 'Please sign in to continue' })
    })
  })

  describe('as an editor (pages and redirects only)', () => {
    const forbidden = routes.filter(
      (r) => r.permission !== 'signed-in' && !['pages', 'redirects'].includes(r.permission),
    )
    const allowed = routes.filter((r) => !forbidden.includes(r))

    it('leaves something on both sides', () => {
      expect(forbidden.length).toBeGreaterThanOrEqual(10)
      expect(allowed.length).toBeGreaterThanOrEqual(10)
    })

    it.each(forbidden)('$method $path answers 403', async (route) => {
      const { response, id } = await call(route, editor.cookie)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        message: `Your role does not allow managing ${route.permission}`,
      })
      if (route.method === 'DELETE' && route.entity && id)
        expect(await recordExists(route.entity, id)).toBe(true)
    })

    it.each(allowed)('$method $path is allowed', async (route) => {
      const { response, id } = await call(route, editor.cookie)
      expect(response.status, await response.clone().text()).toBe(route.ok)
      if (route.method === 'DELETE' && route.entity && id)
        expect(await recordExists(route.entity, id)).toBe(false)
    })
  })

  describe('as an admin', () => {
    it.each(routes)('$method $path is allowed', async (route) => {
      const { response, id } = await call(route, admin.cookie)
      expect(response.status, await response.clone().text()).toBe(route.ok)
      if (route.ok === 204) expect(await response.text()).toBe('')
      else
        expect(response.headers.get('content-type')).toMatch(
          route.path.endsWith('.csv') && route.ok === 200 ? /^text\/csv/ : /^application\/json/,
        )
      if (route.method === 'DELETE' && route.entity && id)
        expect(await recordExists(route.entity, id)).toBe(false)
    })
  })

  it('grants a permission an editor holds one by one, and only that one', async () => {
    const leadsEditor = await createSignedInAdmin(app, { role: 'editor', permissions: ['leads'] })
    expect((await leadsEditor.get('/api/leads')).status).toBe(200)
    expect((await leadsEditor.get('/api/admin/leads/stats')).status).toBe(200)
    expect((await leadsEditor.get('/api/admin/pages')).status).toBe(200)
    expect((await leadsEditor.get('/api/admin/scripts')).status).toBe(403)
    expect((await leadsEditor.get('/api/admin/users')).status).toBe(403)
  })

  it('ends the sessions of a deactivated admin and refuses their sign-in', async () => {
    const other = await createSignedInAdmin(app, { role: 'admin' })
    const secondSession = await signIn(app, other.email, other.password)
    expect((await other.get('/api/admin/scripts')).status).toBe(200)

    const update = await admin.put(`/api/admin/users/${other.id}`, { isActive: false })
    expect(update.status).toBe(200)
    expect(await update.json()).toMatchObject({ id: other.id, isActive: false })

    for (const cookie of [other.cookie, secondSession]) {
      const client = apiClient(app, cookie)
      expect((await client.get('/api/admin/scripts')).status).toBe(401)
      expect((await client.get('/api/admin/activity')).status).toBe(401)
      expect((await client.get('/api/auth/user')).status).toBe(401)
    }
    const login = await app.postJson('/api/login', { email: other.email, password: other.password })
    expect(login.status).toBe(401)
    expect(await login.json()).toEqual({ message: 'Invalid email or password' })
  })

  it('stops a session at once when an admin is deactivated straight in the database', async () => {
    const other = await createSignedInAdmin(app, { role: 'editor' })
    expect((await other.get('/api/admin/pages')).status).toBe(200)
    await app.database.db
      .updateTable('adminUser')
      .set({ isActive: false })
      .where('id', '=', other.id)
      .execute()
    const response = await other.get('/api/admin/pages')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Please sign in to continue' })
  })

  it('ends the sessions of an admin whose role changes', async () => {
    const other = await createSignedInAdmin(app, { role: 'editor' })
    expect((await other.get('/api/admin/scripts')).status).toBe(403)

    const update = await admin.put(`/api/admin/users/${other.id}`, { role: 'admin' })
    expect(update.status).toBe(200)
    expect(await update.json()).toMatchObject({ role: 'admin' })

    expect((await other.get('/api/admin/scripts')).status).toBe(401)
    expect((await other.get('/api/auth/user')).status).toBe(401)
    const fresh = apiClient(app, await signIn(app, other.email, other.password))
    expect((await fresh.get('/api/admin/scripts')).status).toBe(200)
    expect(await (await fresh.get('/api/auth/user')).json()).toMatchObject({ role: 'admin' })
  })

  describe('granting access equivalent to admin', () => {
    const GRANT = /^Only an admin can grant the admin role or the scripts or users permission/
    const CHANGE = /^Only an admin can change the role, permissions or status of a user with admin access/
    let manager: AdminClient

    beforeAll(async () => {
      manager = await createSignedInAdmin(app, { role: 'editor', permissions: ['users'] })
    })

    async function expectForbidden(response: Response, message: RegExp) {
      expect(response.status).toBe(403)
      expect((await response.json()).message).toMatch(message)
    }

    async function stored(id: number) {
      return app.database.db
        .selectFrom('adminUser')
        .select(['role', 'permissions', 'isActive', 'firstName'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    }

    it.each([
      ['the scripts permission', { permissions: ['scripts'] }],
      ['the users permission', { permissions: ['pages', 'users'] }],
      ['the admin role', { role: 'admin' }],
    ])('refuses a non-admin creating a user with %s (403), even holding users', async (_label, grant) => {
      const email = uniqueEmail('granted')
      const response = await manager.post('/api/admin/users', { email, password: DEFAULT_PASSWORD, ...grant })
      await expectForbidden(response, GRANT)
      const row = await app.database.db
        .selectFrom('adminUser')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst()
      expect(row).toBeUndefined()
    })

    it('lets a non-admin holding users create editors with other permissions', async () => {
      const response = await manager.post('/api/admin/users', {
        email: uniqueEmail('leads-editor'),
        password: DEFAULT_PASSWORD,
        permissions: ['leads'],
      })
      expect(response.status).toBe(201)
      expect(await response.json()).toMatchObject({ role: 'editor', permissions: ['leads'] })
    })

    it.each([
      ['the scripts permission', { permissions: ['scripts'] }],
      ['the users permission', { permissions: ['users'] }],
      ['the admin role', { role: 'admin' }],
    ])('refuses a non-admin giving an editor %s (403)', async (_label, grant) => {
      const target = await createAdmin(app.database.db, {
        email: uniqueEmail('target'),
        password: DEFAULT_PASSWORD,
        role: 'editor',
      })
      await expectForbidden(await manager.put(`/api/admin/users/${target.id}`, grant), GRANT)
      expect(await stored(target.id)).toMatchObject({ role: 'editor', permissions: null })
    })

    it.each([
      ['demoting an admin', 'admin', null, { role: 'editor' }],
      ['deactivating an admin', 'admin', null, { isActive: false }],
      ['taking scripts from an editor', 'editor', ['scripts'], { permissions: [] }],
      ['deactivating a holder of users', 'editor', ['users'], { isActive: false }],
    ])('refuses a non-admin %s (403)', async (_label, role, permissions, change) => {
      const target = await createAdmin(app.database.db, {
        email: uniqueEmail('target'),
        password: DEFAULT_PASSWORD,
        role,
        permissions,
      })
      await expectForbidden(await manager.put(`/api/admin/users/${target.id}`, change), CHANGE)
      expect(await stored(target.id)).toMatchObject({ role, isActive: true })
    })

    it('refuses a non-admin widening their own grants, but lets them rename an admin', async () => {
      await expectForbidden(
        await manager.put(`/api/admin/users/${manager.id}`, { permissions: ['users', 'leads'] }),
        GRANT,
      )
      const renamed = await manager.put(`/api/admin/users/${admin.id}`, { firstName: 'Renamed' })
      expect(renamed.status).toBe(200)
      expect((await stored(admin.id)).firstName).toBe('Renamed')
    })

    it('lets an admin grant scripts and users, create with them, and change such users', async () => {
      const created = await admin.post('/api/admin/users', {
        email: uniqueEmail('script-editor'),
        password: DEFAULT_PASSWORD,
        permissions: ['scripts'],
      })
      expect(created.status).toBe(201)
      const { id } = (await created.json()) as { id: number }
      const widened = await admin.put(`/api/admin/users/${id}`, { permissions: ['scripts', 'users'] })
      expect(widened.status).toBe(200)
      expect(await widened.json()).toMatchObject({ permissions: ['scripts', 'users'] })
      expect((await admin.put(`/api/admin/users/${id}`, { isActive: false })).status).toBe(200)
    })
  })

  // Last: the policy it turns on would hold every account above that has no factor.
  describe('held at enrolment by the second-factor policy', () => {
    /** One's own account (factors, sessions): where a held account enrols, so not held. */
    const ownAccount = /^\/api\/(admin\/)?account(\/|$)/
    let held: AdminClient
    let leadsEditor: AdminClient
    let staffRoutes: string[]

    beforeAll(async () => {
      held = await createSignedInAdmin(app, { role: 'admin' })
      leadsEditor = await createSignedInAdmin(app, { role: 'editor', permissions: ['leads'] })
      await savePolicy(app.database.db, { mode: 'all' }, admin.id)
      // Every /api route Express serves that is not public (the first test above proves the split).
      staffRoutes = [...new Set(expressRoutes)].filter((r) => {
        const pathname = r.split(' ')[1] ?? ''
        return pathname.startsWith('/api') && !publicApiRoutes.includes(r) && !ownAccount.test(pathname)
      })
    })
    afterAll(async () => {
      await savePolicy(app.database.db, { mode: 'off' }, admin.id)
    })

    it('finds the staff routes by walking Express, GET /api/leads among them', () => {
      expect(staffRoutes.length).toBeGreaterThan(100)
      expect(staffRoutes).toContain('GET /api/leads')
      expect(staffRoutes).toContain('GET /api/admin/leads/:id')
    })

    it('refuses every staff route to an account without a factor, with { enrol: true }', async () => {
      const refused: string[] = []
      for (const route of staffRoutes) {
        const [method = 'GET', pattern = ''] = route.split(' ')
        // The guard runs before any parameter is read: any id will do.
        const pathname = pattern.replace(/:[A-Za-z]+/g, '1')
        const init: RequestInit = { method, headers: { cookie: held.cookie } }
        if (method === 'POST' || method === 'PUT') {
          init.headers = { cookie: held.cookie, 'content-type': 'application/json' }
          init.body = '{}'
        }
        const response = await app.request(pathname, init)
        const body = response.status === 403 ? await response.json() : null
        if (body?.enrol !== true || body?.message !== ENROL_REQUIRED)
          refused.push(`${route}: ${response.status}`)
      }
      expect(refused).toEqual([])
    })

    it('refuses GET /api/leads to an editor holding leads but no factor, as /api/admin does', async () => {
      for (const pathname of ['/api/leads', '/api/leads?page=1', '/api/admin/leads/stats']) {
        const response = await leadsEditor.get(pathname)
        expect(response.status, pathname).toBe(403)
        expect(await response.json()).toEqual({ message: ENROL_REQUIRED, enrol: true })
      }
    })

    it('still lets the held account reach its own account, to enrol', async () => {
      const security = await held.get('/api/admin/account/security')
      expect(security.status).toBe(200)
      expect(await security.json()).toMatchObject({ required: true, mustEnrol: true })
      expect((await held.get('/api/account/sessions')).status).toBe(200)
    })
  })

  it('keeps the sessions of an admin when only their name changes', async () => {
    const other = await createSignedInAdmin(app, { role: 'editor' })
    const update = await admin.put(`/api/admin/users/${other.id}`, { firstName: 'Still', lastName: 'Here' })
    expect(update.status).toBe(200)
    const me = await other.get('/api/auth/user')
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ firstName: 'Still', lastName: 'Here', role: 'editor' })
  })
})
