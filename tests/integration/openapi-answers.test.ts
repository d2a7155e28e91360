import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_VERSION } from '../../core/consent.ts'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { createBuyerAccount } from '../../server/identity/index.ts'
import type { WebhookConfig } from '../../server/platform/index.ts'
import { type Drift, documentChecker, json, pointer } from '../../server/platform/index.ts'
import {
  type AdminClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { buyerWithLeads, keyClient, newKey } from '../support/buyer-access.ts'
import { eligibleAnswers, insertPage, leadPayload } from '../support/factories.ts'
import { ok } from '../support/http.ts'
import { insertBuyer, insertContract } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import {
  type Receipt,
  type Receiver,
  startReceiver,
  uniqueContact,
  waitUntil,
} from '../support/webhook-receiver.ts'

/**
 * The document is the contract: every answer of every documented GET, the public POSTs and every
 * body posted to a buyer are checked against /api/openapi.json with Ajv (docs/decisions/0070-answers-match-the-document.md).
 */

type Schema = Record<string, unknown>
type Operation = {
  'x-auth': string
  parameters?: { name: string; in: string; required?: boolean }[]
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
  requestBody?: { content: Record<string, { schema: Schema }> }
}
type Document = {
  paths: Record<string, Record<string, Operation>>
  webhooks: Record<string, Record<string, Operation>>
}

const fast: WebhookConfig = {
  retryDelaysMs: [100],
  offerRetryDelaysMs: [50],
  allowPrivate: true,
  timeoutMs: 2000,
  leaseMs: 5000,
  pollMs: 50,
  concurrency: 8,
}

const isPing = (r: Receipt) => r.json?.event === 'lead.ping'

describe(`every answer matches the OpenAPI document, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let doc: Document
  let checker: Awaited<ReturnType<typeof documentChecker>>
  let receiver: Receiver
  const db = () => app.database.db
  /** Values for path parameters, by `METHOD path` or by name. */
  const params: Record<string, string> = {}
  const ids: Record<string, number> = {}
  let buyerKey: string

  /** Ajv's errors for `body` against the schema at `ref` in the document, or null when it matches. */
  function check(ref: string, body: unknown): Drift | null {
    return checker(ref, body)
  }

  function expectDocumented(name: string, path: string, method: string, status: number, body: unknown) {
    const op = doc.paths[path]?.[method]
    expect(op, `${name} is not in the document`).toBeDefined()
    const answer = op?.responses[String(status)]
    expect(answer, `${name} answered ${status}, which the document does not list`).toBeDefined()
    const media = answer?.content?.['application/json']
    expect(media, `${name} ${status} has no JSON body in the document`).toBeDefined()
    const errors = check(
      pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema'),
      body,
    )
    expect(
      errors,
      `${name} ${status} drifted from the document:\n${JSON.stringify(errors, null, 2)}`,
    ).toBeNull()
  }

  function expectWebhookBody(name: string, body: unknown) {
    expect(doc.webhooks[name]?.post?.requestBody, `webhook ${name} is not in the document`).toBeDefined()
    const errors = check(
      pointer('webhooks', name, 'post', 'requestBody', 'content', 'application/json', 'schema'),
      body,
    )
    expect(
      errors,
      `the ${name} body drifted from the document:\n${JSON.stringify(errors, null, 2)}`,
    ).toBeNull()
  }

  beforeAll(async () => {
    // The server checks its own answers too, and answers 500 on a drift.
    app = await startTestApp({ webhooks: fast, answerCheck: 'throw' })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    doc = (await (await app.request('/api/openapi.json')).json()) as Document
    // Ajv, draft 2020-12, formats on: the document's own dialect.
    checker = await documentChecker(doc)

    // A buyer whose contract is pinged, bids and buys, on a local receiver.
    receiver = await startReceiver((r) => (isPing(r) ? { status: 200, body: { accepted: true } } : 200))
    const buyer = await insertBuyer(db(), { name: 'Contract Buyer', namedInConsent: true })
    const contract = await insertContract(db(), buyer.id, {
      url: receiver.url,
      pingUrl: receiver.url.replace('/leads', '/ping'),
      secret: 'answers-secret',
      name: 'Answers contract',
      returnWindowDays: 30,
    })
    ids.buyer = buyer.id
    ids.contract = contract.id
    await app.services.site.changed()
    buyerKey = (await newKey(admin, buyer.id)).key
    // More sold leads (written straight to the tables, with few details) for the lists.
    await buyerWithLeads(db(), [1, 3])
  })
  afterAll(async () => {
    await receiver?.close()
    await app?.close()
  })

  it('answers POST /api/leads as documented, and posts the ping and the lead as documented', async () => {
    const contact = uniqueContact('answers')
    params.email = contact.email
    const response = await app.postJson('/api/leads', leadPayload({ ...contact, answers: eligibleAnswers }), {
      headers: { 'user-agent': 'AnswersTest/1.0' },
    })
    const body = await response.json()
    expectDocumented('POST /api/leads', '/api/leads', 'post', response.status, body)
    expect(response.status).toBe(201)
    const lead = await db()
      .selectFrom('lead')
      .select(['id', 'reference', 'consentCertificate'])
      .where('reference', '=', (body as { reference: string }).reference)
      .executeTakeFirstOrThrow()
    ids.lead = lead.id
    params.ref = lead.reference
    await waitUntil(() => receiver.receipts.some((r) => !isPing(r)), { what: 'the lead to be posted' })
    const ping = receiver.receipts.find(isPing)
    const post = receiver.receipts.find((r) => !isPing(r))
    expect(ping?.json.lead.reference).toBe(lead.reference)
    expectWebhookBody('leadPing', ping?.json)
    expectWebhookBody('leadPost', post?.json)
    // The lead itself is a named schema buyers can generate a type from.
    expect(check('#/components/schemas/DeliveredLead', post?.json.lead)).toBeNull()
    // Not an empty schema that takes anything: a post without its lead does not pass.
    expect(
      check(pointer('webhooks', 'leadPost', 'post', 'requestBody', 'content', 'application/json', 'schema'), {
        ...post?.json,
        lead: undefined,
      }),
    ).not.toBeNull()

    if (lead.consentCertificate) {
      const verified = await app.postJson('/api/consent-certificates/verify', {
        certificate: lead.consentCertificate,
      })
      expectDocumented(
        'POST /api/consent-certificates/verify',
        '/api/consent-certificates/verify',
        'post',
        verified.status,
        await verified.json(),
      )
    }
    const consent = await app.postJson('/api/consent', {
      consentId: randomUUID(),
      analytics: true,
      marketing: false,
      preferences: true,
      version: CONSENT_VERSION,
      timestamp: Date.now(),
    })
    expectDocumented('POST /api/consent', '/api/consent', 'post', consent.status, await consent.json())
  })

  it('answers a buyer’s return as documented, and posts the decision as documented', async () => {
    expect(params.ref, 'the lead of the first test').toBeDefined()
    // A buyer returns an accepted lead: a sale is reserved before its post, and accepted once the
    // buyer has answered it (a return asked in between is a 404, as for any lead not sold to it).
    await waitUntil(
      async () =>
        (await db()
          .selectFrom('sale')
          .select('id')
          .where('leadId', '=', ids.lead as number)
          .where('status', '=', 'accepted')
          .executeTakeFirst()) ?? false,
      { what: 'the accepted sale' },
    )
    const api = keyClient(app, buyerKey)
    const asked = await api.returnLead(params.ref as string, { reason: 'no_consent' })
    const body = await asked.json()
    expectDocumented(
      'POST /api/buyer/leads/{ref}/return',
      '/api/buyer/leads/{ref}/return',
      'post',
      asked.status,
      body,
    )
    const decided = await admin.put(`/api/admin/returns/${(body as { id: number }).id}`, {
      status: 'approved',
    })
    expectDocumented(
      'PUT /api/admin/returns/{id}',
      '/api/admin/returns/{id}',
      'put',
      decided.status,
      await decided.json(),
    )
    const notice = await waitUntil(
      () => receiver.receipts.find((r) => r.json?.event === 'lead.return_decided'),
      { what: 'the return notice' },
    )
    expectWebhookBody('leadReturnDecided', notice.json)
  })

  it('answers every documented GET as documented', async () => {
    const n = randomUUID().slice(0, 8)
    // One record of every kind the GETs name.
    const page = await insertPage(db(), { slug: `answers-${n}`, title: 'Answers', isPublished: true })
    await ok(await admin.put(`/api/admin/pages/${page.id}`, { title: 'Answers, again' }))
    const revision = await db()
      .selectFrom('pageRevision')
      .select('id')
      .where('pageId', '=', page.id)
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('savedSection')
      .values({ name: `Section ${n}`, section: json({ styles: {}, widgets: [] }) })
      .execute()
    const redirect = await db()
      .insertInto('redirect')
      .values({ name: 'Old', fromUrl: `/old-${n}`, toUrl: '/' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const script = await db()
      .insertInto('customScript')
      .values({ name: 'Tag', position: 'body', script: 'void 0' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const webhook = await db()
      .insertInto('webhook')
      .values({ name: 'Ops', url: 'https://203.0.113.9/hooks', secret: 'ops-secret', isActive: false })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('page')
      .values({ slug: `experiment-${n}`, title: 'Experiment', content: json(''), isPublished: true })
      .execute()
    await app.services.site.changed()
    const experiment = await db()
      .insertInto('experiment')
      .values({
        name: 'Headline',
        path: `/experiment-${n}`,
        goal: 'lead',
        variants: json([
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, title: 'Variant B' },
        ]),
        status: 'running',
        startsAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const hash = n.padStart(16, '0')
    const mediaUrl = `/uploads/${hash}-480.webp`
    await db()
      .insertInto('media')
      .values({
        hash,
        url: mediaUrl,
        width: 480,
        height: 240,
        renditions: json([{ url: mediaUrl, width: 480, height: 240, bytes: 10 }]),
        bytes: 10,
        fileName: 'answers.png',
        contentType: 'image/png',
      })
      .execute()
    const questionnaire = await db()
      .insertInto('questionnaireVersion')
      .values({ version: 20_000, name: 'Draft', definition: json(redressSchemeDefinition), status: 'draft' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const editor = await createSignedInAdmin(app, { role: 'editor' })
    await app.services.site.changed()
    const destination = await db()
      .insertInto('conversionDestination')
      .values({
        platform: 'google',
        name: 'Google leads',
        enabled: false,
        testMode: true,
        settings: json({ accountId: '1234567890', conversionActionId: '42', event: 'lead' }),
        secret: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()

    const idOf: Record<string, number> = {
      pages: page.id,
      redirects: redirect.id,
      scripts: script.id,
      webhooks: webhook.id,
      experiments: experiment.id,
      questionnaires: questionnaire.id,
      users: editor.id,
      buyers: ids.buyer as number,
      contracts: ids.contract as number,
      leads: ids.lead as number,
      destinations: destination.id,
    }
    const month = new Date().toISOString().slice(0, 7)
    const today = new Date().toISOString().slice(0, 10)
    const queries: Record<string, Record<string, string>> = {
      '/api/admin/analytics/breakdown': { from: today, to: today, by: 'utm_source' },
      '/api/admin/analytics/funnel': { from: today, to: today },
      '/api/admin/analytics/series': { from: today, to: today },
      '/api/admin/redirects/test': { url: `/old-${n}` },
      '/api/admin/revenue/statement': { buyerId: String(ids.buyer), month },
      '/api/admin/subjects': { email: params.email as string },
    }
    const buyerHeaders = { authorization: `Bearer ${buyerKey}` }
    const account = await createBuyerAccount(db(), ids.buyer as number, {
      email: uniqueEmail('buyer-account'),
      password: DEFAULT_PASSWORD,
    })
    const buyerCookie = await signIn(app, account.email, DEFAULT_PASSWORD)

    const checked: string[] = []
    const empty: string[] = []
    const failures: string[] = []
    for (const [template, item] of Object.entries(doc.paths)) {
      const op = item.get
      if (!op) continue
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))
      // Redirects (sign-in flows) and files (CSV, HTML) have no JSON body to check.
      if (!success?.[1].content?.['application/json']) continue
      const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        if (name === 'revisionId') return String(revision.id)
        if (name === 'slug') return page.slug
        if (name === 'ref') return params.ref as string
        const collection = template.split('/').at(template.split('/').indexOf(`{${name}}`) - 1) as string
        const id = idOf[collection]
        if (id === undefined) throw new Error(`no record for {${name}} of ${template}`)
        return String(id)
      })
      const query = queries[template] ? `?${new URLSearchParams(queries[template])}` : ''
      // The buyer API as the buyer's integration (its key) and as a person on the buyer portal.
      const callers: [string, Record<string, string>][] =
        op['x-auth'] === 'buyer-key'
          ? [
              ['key', buyerHeaders],
              ['buyer session', { cookie: buyerCookie }],
            ]
          : [
              [
                op['x-auth'] === 'public' ? 'anyone' : 'admin',
                op['x-auth'] === 'public' ? {} : { cookie: admin.cookie },
              ],
            ]
      for (const [caller, headers] of callers) {
        const response = await app.request(`${path}${query}`, { headers })
        const name = `GET ${template}`
        const text = await response.text()
        if (response.status !== Number(success[0])) {
          failures.push(
            `${name} as ${caller}: answered ${response.status}, documented ${success[0]}: ${text.slice(0, 300)}`,
          )
          continue
        }
        const body = JSON.parse(text)
        if (
          (Array.isArray(body) && body.length === 0) ||
          (Array.isArray(body?.items) && body.items.length === 0)
        )
          empty.push(name)
        const errors = check(
          pointer('paths', template, 'get', 'responses', success[0], 'content', 'application/json', 'schema'),
          body,
        )
        if (errors) failures.push(`${name} as ${caller}: ${JSON.stringify(errors.slice(0, 40), null, 1)}`)
        checked.push(name)
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([])
    // The walk reached the documented GETs, the buyer API's included.
    expect(checked.length).toBeGreaterThanOrEqual(55)
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /api/admin/pages',
        'GET /api/admin/sso',
        'GET /api/admin/pages/render-context',
        'GET /api/buyer/leads',
        'GET /api/buyer/leads/{ref}',
        'GET /api/admin/leads/{id}',
      ]),
    )
    // An empty list validates whatever its items' schema says: these must have rows to check.
    const seeded = [
      'GET /api/admin/pages',
      'GET /api/admin/pages/{id}/revisions',
      'GET /api/admin/redirects',
      'GET /api/admin/scripts',
      'GET /api/admin/webhooks',
      'GET /api/admin/experiments',
      'GET /api/admin/media',
      'GET /api/admin/questionnaires',
      'GET /api/admin/saved-sections',
      'GET /api/admin/users',
      'GET /api/admin/buyers',
      'GET /api/admin/buyers/{id}/contracts',
      'GET /api/admin/buyers/{id}/keys',
      'GET /api/admin/buyers/{id}/accounts',
      'GET /api/admin/returns',
      'GET /api/leads',
      'GET /api/buyer/leads',
      'GET /api/buyer/returns',
    ]
    expect(empty.filter((name) => seeded.includes(name))).toEqual([])
  })
})
