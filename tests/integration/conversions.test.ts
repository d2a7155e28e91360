import { createHash, randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_COOKIE, formatConsentCookie } from '../../core/consent.ts'
import { CONVERSIONS_JOB, claimEvents, discoverEvents } from '../../server/insight/index.ts'
import type { ConversionsConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import {
  GOOGLE_ACCESS_TOKEN,
  GOOGLE_CLIENT_EMAIL,
  googleKeys,
  META_ACCESS_TOKEN,
  type Platforms,
  startPlatforms,
  TIKTOK_ACCESS_TOKEN,
} from '../support/conversion-receivers.ts'
import { allowRepeatLeads, eligibleAnswers, leadIdOf, leadPayload } from '../support/factories.ts'
import { ok } from '../support/http.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { uniqueContact, waitUntil } from '../support/webhook-receiver.ts'

const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const USER_AGENT = 'Mozilla/5.0 (conversions test)'

/**
 * Server-side conversions (docs/decisions/0082-server-side-conversions.md): local stand-ins for
 * Google's Data Manager API (and token endpoint), Meta's Conversions API and TikTok's Events API
 * check each request's authentication, shape and hashing; the sender runs when the test says
 * (its poll is an hour) and when a lead is posted.
 */
describe(`server-side conversions on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let editor: AdminClient
  let platforms: Platforms
  const db = () => app.database.db
  const run = () => app.services.jobs.run(CONVERSIONS_JOB)
  let conversions: ConversionsConfig
  const key = randomBytes(32)

  beforeAll(async () => {
    platforms = await startPlatforms()
    conversions = {
      key,
      googleDataManagerUrl: `${platforms.base}/google`,
      googleTokenUrl: `${platforms.base}/google/token`,
      metaGraphUrl: `${platforms.base}/meta`,
      tiktokEventsUrl: `${platforms.base}/tiktok`,
      retryDelaysMs: [20, 20],
      pollMs: 3_600_000,
      timeoutMs: 2000,
    }
    app = await startTestApp({ conversions })
    await allowRepeatLeads(app)
    admin = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterEach(async () => {
    await db().deleteFrom('conversionEvent').execute()
    await db().deleteFrom('conversionDestination').execute()
    await db().deleteFrom('ledgerEntry').execute()
    await db().deleteFrom('leadReturn').execute()
    await db().deleteFrom('sale').execute()
    platforms.requests.splice(0)
    platforms.answer(() => undefined)
    app.services.config.conversions.key = key
  })
  afterAll(async () => {
    await app?.close()
    await platforms?.close()
  })

  async function destinations() {
    const google = (event: string, actionId: string) =>
      admin.post('/api/admin/conversions/destinations', {
        platform: 'google',
        name: `Google ${event}`,
        accountId: '123-456-7890',
        loginAccountId: '111-222-3333',
        conversionActionId: actionId,
        event,
        clientEmail: GOOGLE_CLIENT_EMAIL,
        privateKey: googleKeys.privateKey,
      })
    const created = [
      await google('lead', '1001'),
      await google('sale', '1003'),
      await admin.post('/api/admin/conversions/destinations', {
        platform: 'meta',
        name: 'Meta pixel',
        pixelId: '555000111',
        accessToken: META_ACCESS_TOKEN,
      }),
      await admin.post('/api/admin/conversions/destinations', {
        platform: 'tiktok',
        name: 'TikTok pixel',
        pixelCode: 'CTIKTOK123',
        accessToken: TIKTOK_ACCESS_TOKEN,
        testEventCode: 'TEST123',
      }),
    ]
    for (const response of created) expect(response.status, await response.clone().text()).toBe(201)
    return Promise.all(created.map((r) => r.json()))
  }

  async function postLead(options: {
    consent: boolean
    attribution?: Record<string, string>
    eligible?: boolean
  }) {
    const contact = uniqueContact('conv')
    const response = await app.postJson(
      '/api/leads',
      leadPayload({
        ...contact,
        ...(options.eligible === false ? {} : { answers: eligibleAnswers }),
        marketingConsent: options.consent,
        attribution: options.attribution,
      }),
      { headers: { 'user-agent': USER_AGENT } },
    )
    expect(response.status).toBe(201)
    const { reference } = (await response.json()) as { reference: string }
    return { reference, id: await leadIdOf(db(), reference), ...contact }
  }

  const events = async (query = '') =>
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the fields it checks
    (await ok(await admin.get(`/api/admin/conversions/events${query}`))).events as any[]

  it('takes marketing consent from the cookie banner’s cookie when the post carries it, else the field', async () => {
    const banner = (marketing: boolean) =>
      `${CONSENT_COOKIE}=${encodeURIComponent(
        formatConsentCookie({
          version: '1.0',
          essential: true,
          analytics: false,
          marketing,
          preferences: false,
          timestamp: Date.now(),
          consentId: '7d1c1a52-51b4-4b8e-9a39-1f0e1c2d3e4f',
        }),
      )}`
    const stored = async (consent: boolean | undefined, cookie?: string) => {
      const contact = uniqueContact('banner')
      const response = await app.postJson(
        '/api/leads',
        leadPayload({ ...contact, answers: eligibleAnswers, marketingConsent: consent }),
        { headers: cookie ? { cookie } : {} },
      )
      expect(response.status).toBe(201)
      const id = await leadIdOf(db(), ((await response.json()) as { reference: string }).reference)
      const row = await db()
        .selectFrom('lead')
        .select('marketingConsent')
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.marketingConsent
    }
    expect(await stored(undefined, banner(true))).toBe(true)
    expect(await stored(true, banner(false))).toBe(false)
    expect(await stored(true)).toBe(true)
    expect(await stored(undefined)).toBe(false)
  })

  it('is for admins only, and keeps credentials write-only and encrypted', async () => {
    expect((await editor.get('/api/admin/conversions/destinations')).status).toBe(403)
    expect((await editor.get('/api/admin/conversions/events')).status).toBe(403)
    const [google, , meta] = await destinations()
    expect(meta).toMatchObject({
      platform: 'meta',
      pixelId: '555000111',
      hasCredentials: true,
      enabled: true,
    })
    expect(JSON.stringify(meta)).not.toContain(META_ACCESS_TOKEN)
    expect(JSON.stringify(google)).not.toContain('PRIVATE KEY')
    const list = await (await admin.get('/api/admin/conversions/destinations')).text()
    expect(list).not.toContain(META_ACCESS_TOKEN)
    const stored = await db().selectFrom('conversionDestination').select('secret').execute()
    for (const row of stored) {
      expect(row.secret).toMatch(/^v1\./)
      expect(row.secret).not.toContain(META_ACCESS_TOKEN)
    }
    // A change without the token keeps it: the sender still authenticates.
    const renamed = await admin.put(`/api/admin/conversions/destinations/${meta.id}`, {
      name: 'Meta renamed',
    })
    expect(renamed.status).toBe(200)
    const test = await ok(await admin.post(`/api/admin/conversions/destinations/${meta.id}/test`, {}))
    expect(test.ok).toBe(true)
    expect(platforms.requests.at(-1)?.query.get('access_token')).toBe(META_ACCESS_TOKEN)
    // A platform missing what it needs is refused with its reason.
    const incomplete = await admin.post('/api/admin/conversions/destinations', {
      platform: 'tiktok',
      name: 'x',
      accessToken: 't',
    })
    expect(incomplete.status).toBe(400)
    expect(((await incomplete.json()) as { message: string }).message).toMatch(/pixel code/)
  })

  it('refuses to save destinations without CONVERSIONS_KEY (409)', async () => {
    app.services.config.conversions.key = undefined
    const response = await admin.post('/api/admin/conversions/destinations', {
      platform: 'meta',
      name: 'Meta',
      pixelId: '1',
      accessToken: 'x',
    })
    expect(response.status).toBe(409)
    expect(((await response.json()) as { message: string }).message).toMatch(/CONVERSIONS_KEY/)
  })

  it('sends a consenting lead to every platform with hashed contact details and each click id', async () => {
    await destinations()
    const lead = await postLead({
      consent: true,
      attribution: { gclid: 'GCLID-1', fbclid: 'FBCLID-1', ttclid: 'TTCLID-1' },
    })
    await run()
    const email = sha(lead.email.trim().toLowerCase())
    const e164 = `+44${lead.phone.slice(1)}`

    const meta = platforms.events('meta').filter((e) => e.event.event_id.startsWith(lead.reference))
    expect(meta.map((e) => e.event.event_name).sort()).toEqual(['Lead', 'QualifiedLead'])
    const metaLead = meta.find((e) => e.event.event_name === 'Lead')
    expect(metaLead?.request.path).toBe('/meta/v23.0/555000111/events')
    expect(metaLead?.event).toMatchObject({
      event_id: `${lead.reference}-lead`,
      action_source: 'website',
      user_data: {
        em: [email],
        ph: [sha(e164.slice(1))],
        client_ip_address: expect.any(String),
        client_user_agent: USER_AGENT,
        fbc: expect.stringMatching(/^fb\.1\.\d{13}\.FBCLID-1$/),
      },
    })
    expect(metaLead?.request.json.test_event_code).toBeUndefined()

    const tiktok = platforms.events('tiktok').filter((e) => e.event.event_id.startsWith(lead.reference))
    expect(tiktok.map((e) => e.event.event).sort()).toEqual(['CompleteRegistration', 'SubmitForm'])
    const tiktokLead = tiktok.find((e) => e.event.event === 'SubmitForm')
    expect(tiktokLead?.request.headers['access-token']).toBe(TIKTOK_ACCESS_TOKEN)
    expect(tiktokLead?.request.json).toMatchObject({ event_source: 'web', event_source_id: 'CTIKTOK123' })
    expect(tiktokLead?.request.json.test_event_code).toBeUndefined()
    expect(tiktokLead?.event).toMatchObject({
      event_id: `${lead.reference}-lead`,
      user: { email, phone: sha(e164), ttclid: 'TTCLID-1', user_agent: USER_AGENT },
    })

    const token = platforms.requests.find((r) => r.platform === 'google-token')
    expect(token).toBeDefined()
    const google = platforms.events('google').filter((e) => e.event.transactionId.startsWith(lead.reference))
    expect(google).toHaveLength(1)
    expect(google[0]?.request.headers.authorization).toBe(`Bearer ${GOOGLE_ACCESS_TOKEN}`)
    expect(google[0]?.request.json).toMatchObject({
      destinations: [
        {
          operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' },
          loginAccount: { accountType: 'GOOGLE_ADS', accountId: '1112223333' },
          productDestinationId: '1001',
        },
      ],
      encoding: 'HEX',
      consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_GRANTED' },
    })
    expect(google[0]?.event).toMatchObject({
      transactionId: `${lead.reference}-lead`,
      adIdentifiers: { gclid: 'GCLID-1' },
      userData: { userIdentifiers: [{ emailAddress: email }, { phoneNumber: sha(e164) }] },
      consent: { adUserData: 'CONSENT_GRANTED' },
    })

    const listed = await events(`?leadId=${lead.id}`)
    expect(listed.every((e) => e.status === 'sent')).toBe(true)
    expect(listed).toHaveLength(5)
    // Sent once: another run sends nothing more.
    const before = platforms.requests.length
    await run()
    expect(platforms.requests.length).toBe(before)
  })

  it('sends in test mode as each platform tests, nothing when turned off, and no lead from before', async () => {
    const before = await postLead({ consent: true, attribution: { gclid: 'G-BEFORE' } })
    const [googleLead, googleSale, meta, tiktok] = await destinations()
    for (const d of [googleLead, tiktok])
      expect(
        (await admin.put(`/api/admin/conversions/destinations/${d.id}`, { testMode: true })).status,
      ).toBe(200)
    for (const d of [googleSale, meta])
      expect(
        (await admin.put(`/api/admin/conversions/destinations/${d.id}`, { enabled: false })).status,
      ).toBe(200)
    const lead = await postLead({ consent: true, attribution: { gclid: 'G-TEST' } })
    await run()
    const tiktokEvents = platforms.events('tiktok')
    expect(tiktokEvents.length).toBeGreaterThan(0)
    for (const e of tiktokEvents) expect(e.request.json.test_event_code).toBe('TEST123')
    const google = platforms.events('google')
    expect(google.map((e) => e.event.transactionId)).toEqual([`${lead.reference}-lead`])
    expect(google[0]?.request.json.validateOnly).toBe(true)
    expect(platforms.events('meta')).toHaveLength(0)
    const all = platforms.requests.map((r) => r.body).join('\n')
    expect(all).not.toContain(before.reference)
    expect(await events(`?leadId=${before.id}`)).toEqual([])
    expect(await events(`?leadId=${lead.id}&platform=tiktok`)).toContainEqual(
      expect.objectContaining({ status: 'sent', reason: 'Sent in test mode' }),
    )
  })

  it('carries gbraid and wbraid to Google', async () => {
    await destinations()
    const a = await postLead({ consent: true, attribution: { gbraid: 'GB-1' } })
    const b = await postLead({ consent: true, attribution: { wbraid: 'WB-1' } })
    await run()
    const google = platforms.events('google')
    expect(google.find((e) => e.event.transactionId === `${a.reference}-lead`)?.event.adIdentifiers).toEqual({
      gbraid: 'GB-1',
    })
    expect(google.find((e) => e.event.transactionId === `${b.reference}-lead`)?.event.adIdentifiers).toEqual({
      wbraid: 'WB-1',
    })
  })

  it('without marketing consent sends Google only its click id, consent denied, and says why elsewhere', async () => {
    await destinations()
    const withClick = await postLead({
      consent: false,
      attribution: { gclid: 'GCLID-2', fbclid: 'F2', ttclid: 'T2' },
    })
    const without = await postLead({ consent: false })
    await run()
    const google = platforms.events('google')
    const event = google.find((e) => e.event.transactionId === `${withClick.reference}-lead`)
    expect(event?.event.userData).toBeUndefined()
    expect(event?.event).toMatchObject({
      adIdentifiers: { gclid: 'GCLID-2' },
      consent: { adUserData: 'CONSENT_DENIED', adPersonalization: 'CONSENT_DENIED' },
    })
    expect(event?.request.json.consent).toEqual({
      adUserData: 'CONSENT_DENIED',
      adPersonalization: 'CONSENT_DENIED',
    })
    expect(google.find((e) => e.event.transactionId.startsWith(without.reference))).toBeUndefined()
    for (const platform of ['meta', 'tiktok'] as const) {
      expect(platforms.events(platform).some((e) => e.event.event_id.startsWith(withClick.reference))).toBe(
        false,
      )
    }
    const detail = await events(`?leadId=${without.id}`)
    expect(detail.every((e) => e.status === 'skipped' && /consent/.test(e.reason))).toBe(true)
    expect(detail.length).toBeGreaterThan(0)
    // The lead's detail says the same.
    const lead = await ok(await admin.get(`/api/admin/leads/${without.id}`))
    expect(lead.conversions).toEqual(detail)
    // Nothing personal reaches a platform without consent.
    const all = platforms.requests.map((r) => r.body).join('\n')
    expect(all).not.toContain(sha(withClick.email))
    expect(all).not.toContain(USER_AGENT)
  })

  it('sends one sale per lead summing shared sales, then Google’s restatement on a return', async () => {
    const [, googleSale] = await destinations()
    const lead = await postLead({ consent: true, attribution: { gclid: 'GCLID-S' } })
    await run()
    // Routing under way: the sale waits for every buyer's acceptance.
    await db().updateTable('lead').set({ saleStatus: 'routing' }).where('id', '=', lead.id).execute()
    const buyerA = await insertBuyer(db())
    const buyerB = await insertBuyer(db())
    const contractA = await insertContract(db(), buyerA.id, {
      pricePence: 2500,
      exclusive: false,
      maxBuyers: 3,
    })
    const contractB = await insertContract(db(), buyerB.id, {
      pricePence: 1500,
      exclusive: false,
      maxBuyers: 3,
    })
    const saleA = await insertSale(db(), { leadId: lead.id, contract: contractA })
    await run()
    expect((await events(`?leadId=${lead.id}&event=sale`)).length).toBe(0)
    await insertSale(db(), { leadId: lead.id, contract: contractB })
    await db().updateTable('lead').set({ saleStatus: 'sold' }).where('id', '=', lead.id).execute()
    await run()
    const meta = platforms.events('meta').filter((e) => e.event.event_id === `${lead.reference}-sale`)
    expect(meta).toHaveLength(1)
    expect(meta[0]?.event).toMatchObject({
      event_name: 'Purchase',
      custom_data: { currency: 'GBP', value: 40 },
    })
    const tiktok = platforms.events('tiktok').filter((e) => e.event.event_id === `${lead.reference}-sale`)
    expect(tiktok[0]?.event).toMatchObject({
      event: 'CompletePayment',
      properties: { currency: 'GBP', value: 40 },
    })
    const google = platforms
      .events('google')
      .filter((e) => e.event.transactionId === `${lead.reference}-sale`)
    expect(google).toHaveLength(1)
    expect(google[0]?.event).toMatchObject({ conversionValue: 40, currency: 'GBP' })
    expect(google[0]?.request.json.destinations[0].productDestinationId).toBe('1003')

    // Buyer A's return is approved: Google restates the sale at what is left.
    const returned = await db()
      .insertInto('leadReturn')
      .values({ saleId: saleA.id, buyerId: buyerA.id, reason: 'duplicate' })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await admin.put(`/api/admin/returns/${returned.id}`, { status: 'approved' })).status).toBe(200)
    await run()
    const adjusted = platforms
      .events('google')
      .filter((e) => e.event.transactionId === `${lead.reference}-sale`)
    expect(adjusted).toHaveLength(2)
    expect(adjusted[1]?.event).toMatchObject({
      conversionValue: 15,
      currency: 'GBP',
      adIdentifiers: { gclid: 'GCLID-S' },
    })
    expect(adjusted[1]?.request.json.destinations[0].productDestinationId).toBe(
      String(googleSale.conversionActionId),
    )
    const returns = await events(`?leadId=${lead.id}&event=return`)
    expect(returns.find((e) => e.platform === 'google')).toMatchObject({ status: 'sent', valuePence: 1500 })
    for (const platform of ['meta', 'tiktok'])
      expect(returns.find((e) => e.platform === platform)).toMatchObject({
        status: 'skipped',
        reason: expect.stringMatching(/no correction/),
      })
    expect(
      platforms.events('meta').filter((e) => e.event.event_id === `${lead.reference}-sale`),
    ).toHaveLength(1)
  })

  it('sends each event once with two instances claiming, and again after a dead claimer’s lease', async () => {
    await destinations()
    const second = await startTestApp({ conversions }, { database: app.database })
    try {
      const leads = []
      for (let i = 0; i < 4; i++)
        leads.push(await postLead({ consent: true, attribution: { gclid: `G-${i}` } }))
      await Promise.all([
        run(),
        second.services.jobs.run(CONVERSIONS_JOB),
        run(),
        second.services.jobs.run(CONVERSIONS_JOB),
      ])
      const ids = [
        ...platforms.events('meta').map((e) => `meta:${e.event.event_id}`),
        ...platforms.events('tiktok').map((e) => `tiktok:${e.event.event_id}`),
        ...platforms
          .events('google')
          .map((e) => `${e.request.json.destinations[0].productDestinationId}:${e.event.transactionId}`),
      ]
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.length).toBe(4 * 5)
    } finally {
      await second.close()
    }
    // A claimer that dies holding events: they go out once its lease ends.
    const lead = await postLead({ consent: true })
    await run()
    await db().deleteFrom('conversionEvent').where('leadId', '=', lead.id).execute()
    platforms.requests.splice(0)
    const rows = await db().selectFrom('conversionDestination').selectAll().execute()
    await discoverEvents(db(), rows)
    const held = await claimEvents(db(), 100, 150)
    expect(held.length).toBeGreaterThan(0)
    await run()
    expect(platforms.requests.filter((r) => r.platform !== 'google-token')).toHaveLength(0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await run()
    const sent = platforms.events('meta').map((e) => e.event.event_id)
    expect(sent.sort()).toEqual([`${lead.reference}-lead`, `${lead.reference}-qualified`])
  })

  it('shows a rejected event with the platform’s message and does not retry it; retries a 5xx, then fails', async () => {
    await destinations()
    platforms.answer((r) =>
      r.platform === 'meta'
        ? {
            status: 400,
            body: { error: { message: 'Invalid parameter: user_data', code: 100, type: 'OAuthException' } },
          }
        : r.platform === 'tiktok'
          ? { status: 503, body: { message: 'unavailable' } }
          : undefined,
    )
    const lead = await postLead({ consent: true })
    await run()
    await waitUntil(
      async () => {
        await run()
        const rows = await events(`?leadId=${lead.id}&platform=tiktok`)
        return rows.length > 0 && rows.every((e) => e.status === 'failed')
      },
      { what: 'TikTok events failed after their retries' },
    )
    const meta = await events(`?leadId=${lead.id}&platform=meta`)
    expect(meta.map((e) => e.status)).toEqual(['rejected', 'rejected'])
    expect(meta[0]).toMatchObject({ reason: 'Invalid parameter: user_data', httpStatus: 400, attempts: 1 })
    expect(meta[0].answer).toContain('OAuthException')
    const tiktok = await events(`?leadId=${lead.id}&platform=tiktok`)
    expect(tiktok[0]).toMatchObject({ attempts: 3, httpStatus: 503 })
    const metaPosts = platforms.requests.filter((r) => r.platform === 'meta').length
    await run()
    await run()
    expect(platforms.requests.filter((r) => r.platform === 'meta').length).toBe(metaPosts)
    const rejected = await events('?status=rejected')
    expect(rejected.length).toBe(2)
  })

  it('lists events as CSV and writes Google’s offline import CSV', async () => {
    await destinations()
    const lead = await postLead({ consent: true, attribution: { gclid: 'GCLID-CSV' } })
    await run()
    const csv = await (await admin.get('/api/admin/conversions/events.csv?platform=meta')).text()
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^Id,Lead,Destination,Platform,Event,Event id,Status/)
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`${lead.reference}-`)
    const response = await admin.get('/api/admin/conversions/google-import.csv')
    expect(response.headers.get('content-type')).toMatch(/text\/csv/)
    const rows = (await response.text()).trim().split('\r\n')
    expect(rows[0]).toBe(
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
    )
    expect(rows.find((r) => r.startsWith('GCLID-CSV,Google lead,'))).toMatch(
      /^GCLID-CSV,Google lead,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0000,,$/,
    )
    expect(rows.some((r) => r.startsWith('GCLID-CSV,QualifiedLead,'))).toBe(true)
  })
})
