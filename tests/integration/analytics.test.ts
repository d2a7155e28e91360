import { gzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDay } from '../../core/revenue.ts'
import type { Breakdown, Funnel, Series } from '../../core/schemas/analytics.ts'
import { ANALYTICS_JOB } from '../../server/insight/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { allowRepeatLeads, leadIdOf, leadPayload } from '../support/factories.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const MOBILE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

type Visitor = { ip: string; ua: string }
const A: Visitor = { ip: '203.0.113.1', ua: DESKTOP }
const B: Visitor = { ip: '203.0.113.2', ua: MOBILE }
const C: Visitor = { ip: '203.0.113.3', ua: DESKTOP }
/** A's address with another browser: another visitor. */
const D: Visitor = { ip: '203.0.113.1', ua: `${DESKTOP} Edg/130.0` }
const BOT: Visitor = { ip: '66.249.66.1', ua: GOOGLEBOT }

describe(`cookieless analytics on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const today = londonDay(new Date())
  const range = `from=${today}&to=${today}`

  const headers = (v: Visitor, extra: Record<string, string> = {}) => ({
    'x-forwarded-for': v.ip,
    'user-agent': v.ua,
    ...extra,
  })
  const view = async (v: Visitor, path: string, referer?: string) => {
    const res = await app.request(path, { headers: headers(v, referer ? { referer } : {}) })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
  }
  const beacon = (v: Visitor, event: unknown, contentType = 'text/plain;charset=UTF-8') =>
    app.request('/api/events', {
      method: 'POST',
      body: typeof event === 'string' ? event : JSON.stringify(event),
      headers: headers(v, { 'content-type': contentType, 'sec-fetch-site': 'same-origin' }),
    })
  const lead = async (v: Visitor, email: string, attribution: Record<string, string>) => {
    const res = await app.postJson('/api/leads', leadPayload({ email, attribution }), { headers: headers(v) })
    expect(res.status).toBe(201)
    return leadIdOf(app.database.db, ((await res.json()) as { reference: string }).reference)
  }
  const flush = () => app.services.jobs.run(ANALYTICS_JOB)
  const funnelOf = async (query = '') => {
    const res = await admin.get(`/api/admin/analytics/funnel?${range}${query}`)
    expect(res.status).toBe(200)
    return (await res.json()) as Funnel
  }
  const counts = (f: Funnel) => Object.fromEntries(f.steps.map((s) => [s.name, s.count]))

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: 'loopback' })
    await allowRepeatLeads(app)
    admin = await createSignedInAdmin(app, { role: 'admin' })

    // A: from a Google campaign, with JavaScript, all the way to a lead (two page views, one rendered, one cached).
    const origin = app.baseUrl
    await view(A, '/?utm_source=google&utm_campaign=spring&utm_medium=cpc')
    await view(A, '/?utm_source=google&utm_campaign=spring&utm_medium=cpc')
    const attributionA = { utm_source: 'google', utm_campaign: 'spring', utm_medium: 'cpc' }
    const js = (event: object) => ({ path: '/', attribution: attributionA, ...event })
    for (const event of [
      { type: 'pageview', elapsed: 40 },
      { type: 'questionnaire_start', elapsed: 2000 },
      { type: 'step', step: 'hadPcpFinance', elapsed: 3000 },
      { type: 'step', step: 'purchaseDateRange', elapsed: 4000 },
      { type: 'step', step: 'purchaseDateRange', elapsed: 4500 },
      { type: 'result', result: 'eligible', elapsed: 5000 },
      { type: 'form_start', elapsed: 6000 },
      { type: 'lead', elapsed: 9000 },
    ]) {
      expect((await beacon(A, js(event))).status).toBe(202)
    }
    const leadA = await lead(A, 'a@example.com', {
      ...attributionA,
      landing_page: `${origin}/?utm_source=google&utm_campaign=spring`,
    })

    // B: from Facebook on a phone, no JavaScript: the server's page view and lead only.
    await view(B, '/?utm_source=facebook&utm_campaign=spring', 'https://www.facebook.com/some/post')
    const leadB = await lead(B, 'b@example.com', { utm_source: 'facebook', utm_campaign: 'spring' })

    // C: direct, JavaScript, not eligible; a step too quick to be a person, and one with no timing.
    await view(C, '/cookie-policy')
    await beacon(C, { type: 'questionnaire_start', path: '/cookie-policy', elapsed: 1500 })
    await beacon(C, { type: 'step', step: 'hadPcpFinance', path: '/cookie-policy', elapsed: 2500 })
    await beacon(C, { type: 'step', step: 'loanAmount', path: '/cookie-policy', elapsed: 20 })
    await beacon(C, { type: 'step', step: 'loanAmount', path: '/cookie-policy' })
    await beacon(C, { type: 'result', result: 'not_eligible', path: '/cookie-policy', elapsed: 3000 })

    // D: A's address, another browser.
    await view(D, '/')

    // A crawler: its pages and beacons count for nothing.
    await view(BOT, '/')
    await beacon(BOT, { type: 'questionnaire_start', path: '/', elapsed: 2000 })

    // A's lead sold for £25; B's sold for £30 and was returned.
    const buyer = await insertBuyer(app.database.db)
    const contract = await insertContract(app.database.db, buyer.id, { pricePence: 2500 })
    await insertSale(app.database.db, { leadId: leadA, contract: { ...contract, pricePence: 2500 } })
    const saleB = await insertSale(app.database.db, {
      leadId: leadB,
      contract: { ...contract, pricePence: 3000 },
    })
    await app.database.db
      .insertInto('ledgerEntry')
      .values({
        kind: 'return',
        buyerId: buyer.id,
        contractId: contract.id,
        saleId: saleB.id,
        leadId: leadB,
        amountPence: -3000,
      })
      .execute()
    await app.database.db
      .updateTable('lead')
      .set({ saleStatus: 'sold' })
      .where('id', 'in', [leadA, leadB])
      .execute()
    await flush()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('counts the funnel exactly: visitors across addresses and browsers, server page views and leads, JS steps', async () => {
    const f = await funnelOf()
    expect(f.steps.map((s) => s.name)).toEqual([
      'visitors',
      'questionnaire_start',
      'step:hadPcpFinance',
      'step:purchaseDateRange',
      'eligible',
      'form_start',
      'lead',
      'sold',
    ])
    expect(counts(f)).toEqual({
      visitors: 4,
      questionnaire_start: 2,
      'step:hadPcpFinance': 2,
      'step:purchaseDateRange': 1,
      eligible: 1,
      form_start: 1,
      lead: 2,
      sold: 2,
    })
    expect(f).toMatchObject({ visitors: 4, pageviews: 5, leads: 2, sold: 2, revenuePence: 2500 })
  })

  it('filters by campaign, source and landing page, and (none) finds visitors without one', async () => {
    const spring = await funnelOf('&utm_campaign=spring')
    expect(counts(spring)).toMatchObject({ visitors: 2, questionnaire_start: 1, lead: 2, sold: 2 })
    expect(spring.revenuePence).toBe(2500)
    const google = await funnelOf('&utm_source=google')
    expect(google).toMatchObject({ visitors: 1, pageviews: 2, leads: 1, sold: 1, revenuePence: 2500 })
    const facebook = await funnelOf('&utm_source=facebook')
    expect(facebook).toMatchObject({ visitors: 1, leads: 1, sold: 1, revenuePence: 0 })
    expect(counts(await funnelOf('&path=%2Fcookie-policy'))).toMatchObject({
      visitors: 1,
      questionnaire_start: 1,
    })
    expect((await funnelOf('&utm_campaign=(none)')).visitors).toBe(2)
    expect((await funnelOf('&variant=b')).visitors).toBe(0)
    const yesterday = await admin.get(`/api/admin/analytics/funnel?from=2020-01-01&to=2020-01-31`)
    expect(((await yesterday.json()) as Funnel).visitors).toBe(0)
  })

  it('breaks down by source and device with conversion and revenue per visitor, and a daily series', async () => {
    const bySource = (await (
      await admin.get(`/api/admin/analytics/breakdown?${range}&by=utm_source`)
    ).json()) as Breakdown
    expect(bySource.rows).toEqual([
      expect.objectContaining({ value: '(none)', visitors: 2, questionnaireStarts: 1, leads: 0 }),
      expect.objectContaining({
        value: 'facebook',
        visitors: 1,
        leads: 1,
        sold: 1,
        revenuePence: 0,
        conversionRate: 1,
      }),
      expect.objectContaining({
        value: 'google',
        visitors: 1,
        leads: 1,
        revenuePence: 2500,
        revenuePerVisitorPence: 2500,
      }),
    ])
    const byDevice = (await (
      await admin.get(`/api/admin/analytics/breakdown?${range}&by=device`)
    ).json()) as Breakdown
    expect(byDevice.rows.map((r) => [r.value, r.visitors])).toEqual([
      ['desktop', 3],
      ['mobile', 1],
    ])
    const series = (await (await admin.get(`/api/admin/analytics/series?${range}`)).json()) as Series
    expect(series.days).toEqual([
      { date: today, visitors: 4, pageviews: 5, questionnaireStarts: 2, leads: 2 },
    ])
  })

  it('answers any table as CSV', async () => {
    const res = await admin.get(`/api/admin/analytics/funnel?${range}&format=csv`)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="analytics-funnel-${today}-to-${today}.csv"`,
    )
    const text = await res.text()
    expect(text).toContain(
      'Step,Label,Count,Share,Share of,Lost from step before\r\nvisitors,Visitors,4,1.0000,of visitors,\r\n',
    )
    expect(text).toContain('\r\nsold,Leads sold,2,1.0000,of leads,\r\n')
    const byCampaign = await (
      await admin.get(`/api/admin/analytics/breakdown?${range}&by=utm_campaign&format=csv`)
    ).text()
    expect(byCampaign).toContain('spring,2,1,2,2,2,25.00,1.0000,1.0000,12.50')
  })

  it('refuses bad queries, other roles and anonymous callers', async () => {
    expect((await admin.get('/api/admin/analytics/funnel?from=2026-13-01&to=2026-12-01')).status).toBe(400)
    expect((await admin.get(`/api/admin/analytics/funnel?from=${today}`)).status).toBe(400)
    expect((await admin.get(`/api/admin/analytics/breakdown?${range}&by=colour`)).status).toBe(400)
    const editor = await createSignedInAdmin(app, { role: 'editor' })
    expect((await editor.get(`/api/admin/analytics/funnel?${range}`)).status).toBe(403)
    expect((await app.request(`/api/admin/analytics/funnel?${range}`)).status).toBe(401)
  })

  it('takes beacons as text or JSON up to 2 KB: 202 with no body, 400 when invalid, 413 when larger', async () => {
    const ok = await beacon(C, { type: 'form_start', path: '/', elapsed: 900 }, 'application/json')
    expect(ok.status).toBe(202)
    expect(await ok.text()).toBe('')
    expect((await beacon(C, 'not json')).status).toBe(400)
    expect((await beacon(C, { type: 'purchase', path: '/' })).status).toBe(400)
    expect((await beacon(C, { type: 'step', path: 'https://elsewhere.example/' })).status).toBe(400)
    const big = {
      type: 'pageview',
      path: '/',
      attribution: { referrer: `https://x.example/${'a'.repeat(2100)}` },
    }
    expect((await beacon(C, big)).status).toBe(413)
    // A compressed body is left to the Express pipeline, which answers alike.
    const gzipped = await app.request('/api/events', {
      method: 'POST',
      body: gzipSync(JSON.stringify({ type: 'form_start', path: '/', elapsed: 900 })),
      headers: headers(C, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }),
    })
    expect(gzipped.status).toBe(202)
    const crossSite = await app.request('/api/events', {
      method: 'POST',
      body: JSON.stringify({ type: 'pageview', path: '/' }),
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
  })

  it('answers a beacon alike on the lean path and through Express (a compressed body)', async () => {
    const bodies = [
      JSON.stringify({ type: 'form_start', path: '/', elapsed: 900 }),
      'not json',
      JSON.stringify({ type: 'purchase', path: '/' }),
      JSON.stringify({
        type: 'pageview',
        path: '/',
        attribution: { referrer: `https://x.example/${'a'.repeat(2100)}` },
      }),
    ]
    // A bot's events are answered as any other and never counted.
    const send = (body: string, gzip: boolean) =>
      app.request('/api/events', {
        method: 'POST',
        body: gzip ? gzipSync(body) : body,
        headers: headers(BOT, {
          'content-type': 'text/plain',
          'sec-fetch-site': 'same-origin',
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        }),
      })
    const seen = async (res: Response) => ({
      status: res.status,
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
      body: await res.text(),
    })
    const statuses: number[] = []
    for (const body of bodies) {
      const lean = await seen(await send(body, false))
      expect(await seen(await send(body, true))).toEqual(lean)
      statuses.push(lean.status)
    }
    expect(statuses).toEqual([202, 400, 400, 413])
  })

  it('counts a visitor once a UK day however many hours they come back, and again another day', async () => {
    const { analytics } = app.services
    const V: Visitor = { ip: '198.51.100.20', ua: DESKTOP }
    const W: Visitor = { ip: '198.51.100.21', ua: MOBILE }
    const page = (v: Visitor, at: string) =>
      analytics.page(v.ip, v.ua, '/?utm_campaign=days', undefined, null, new Date(at).getTime())
    // In time order, as the queue holds them. 23:30 UTC on 5 October is 00:30 on the 6th in London.
    page(V, '2026-10-05T08:00:00Z')
    page(V, '2026-10-05T14:00:00Z')
    analytics.beacon(
      V.ip,
      V.ua,
      { type: 'questionnaire_start', path: '/', elapsed: 900 },
      Date.parse('2026-10-05T14:01:00Z'),
    )
    page(W, '2026-10-05T23:30:00Z')
    page(V, '2026-10-06T09:00:00Z')
    await flush()
    const on = async (from: string, to: string) =>
      (await (
        await admin.get(`/api/admin/analytics/funnel?from=${from}&to=${to}&utm_campaign=days`)
      ).json()) as Funnel
    expect(await on('2026-10-05', '2026-10-05')).toMatchObject({ visitors: 1, pageviews: 2 })
    expect(counts(await on('2026-10-05', '2026-10-05')).questionnaire_start).toBe(1)
    expect(await on('2026-10-06', '2026-10-06')).toMatchObject({ visitors: 2, pageviews: 2 })
    expect(await on('2026-10-05', '2026-10-06')).toMatchObject({ visitors: 3, pageviews: 4 })
    const hours = await app.database.db
      .selectFrom('analyticsHourly')
      .select(['hour', 'visitors', 'events'])
      .where('day', '=', '2026-10-05')
      .where('stage', '=', 'pageview')
      .orderBy('hour')
      .execute()
    expect(hours.map((h) => [h.hour, Number(h.events), Number(h.visitors)])).toEqual([
      ['2026-10-05T08', 1, 1],
      ['2026-10-05T14', 1, 0],
    ])
  })

  it('deletes raw events once rolled up and stores no address or user agent anywhere', async () => {
    await flush()
    const raw = await app.database.db
      .selectFrom('analyticsEvent')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(raw.n)).toBe(0)
    const visitors = await app.database.db
      .selectFrom('analyticsVisitor')
      .selectAll()
      .where('day', '=', today)
      .execute()
    expect(visitors).toHaveLength(4)
    expect(visitors.find((v) => v.device === 'mobile')?.referrer).toBe('facebook.com')
    for (const table of [
      'analytics_event',
      'analytics_visitor',
      'analytics_reach',
      'analytics_hourly',
      'analytics_lead',
    ]) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        app.database.db,
      )
      const text = JSON.stringify(rows)
      for (const secret of ['203.0.113', '66.249', 'Mozilla', 'iPhone', 'Googlebot', 'x-forwarded']) {
        expect(text, `${table} holds ${secret}`).not.toContain(secret)
      }
    }
  })
})
