import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDay } from '../../core/revenue.ts'
import type { Breakdown, BreakdownRow, Funnel } from '../../core/schemas/analytics.ts'
import type { LeadListItem, LeadPage } from '../../core/schemas/leads.ts'
import type { RevenueReport } from '../../core/schemas/revenue.ts'
import { ANALYTICS_JOB } from '../../server/insight/index.ts'
import { liveQuestionnaire } from '../../server/leads/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { allowRepeatLeads, insertLead, leadIdOf, leadPayload } from '../support/factories.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

type Visitor = { ip: string; ua: string }
/** Came in on the spring campaign, then sent five leads that recorded the summer campaign. */
const MANY: Visitor = { ip: '198.51.100.10', ua: DESKTOP }
/** Came in on the autumn campaign and sent one lead on it. */
const ONE: Visitor = { ip: '198.51.100.11', ua: DESKTOP }
/** Came in on the spring campaign and sent nothing. */
const BROWSER: Visitor = { ip: '198.51.100.12', ua: DESKTOP }

/**
 * Issue 32: the admin's figures must add up. A lead and its sale are credited to the lead's own
 * recorded campaign in the analytics funnel and campaign table as in the Overview's revenue, and
 * no rate is ever above 100 % (docs/decisions/0066-figures-that-add-up.md).
 */
describe(`figures that add up on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const today = londonDay(new Date())
  const range = `from=${today}&to=${today}`
  const headers = (v: Visitor, extra: Record<string, string> = {}) => ({
    'x-forwarded-for': v.ip,
    'user-agent': v.ua,
    ...extra,
  })
  const view = async (v: Visitor, path: string) => {
    const res = await app.request(path, { headers: headers(v) })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
  }
  const beacon = async (v: Visitor, event: object) => {
    const res = await app.request('/api/events', {
      method: 'POST',
      body: JSON.stringify(event),
      headers: headers(v, { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' }),
    })
    expect(res.status).toBe(202)
  }
  const lead = async (v: Visitor, email: string, attribution: Record<string, string>) => {
    const res = await app.postJson('/api/leads', leadPayload({ email, attribution }), { headers: headers(v) })
    expect(res.status).toBe(201)
    return leadIdOf(app.database.db, ((await res.json()) as { reference: string }).reference)
  }
  const get = async <T>(path: string) => {
    const res = await admin.get(path)
    expect(res.status).toBe(200)
    return (await res.json()) as T
  }
  const campaignRow = (b: Breakdown, value: string) => b.rows.find((r) => r.value === value)
  const everyShare = (rows: BreakdownRow[]) => rows.flatMap((r) => [r.conversionRate, r.soldRate])
  const withinOne = (shares: (number | null)[]) =>
    shares.every((s) => s === null || (Number.isFinite(s) && s >= 0 && s <= 1))

  let buyerName = ''
  const summerLeads: number[] = []
  let autumnLead = 0

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: 'loopback' })
    await allowRepeatLeads(app)
    admin = await createSignedInAdmin(app, { role: 'admin' })

    await view(MANY, '/?utm_source=google&utm_campaign=spring')
    await beacon(MANY, { type: 'questionnaire_start', path: '/', elapsed: 2000 })
    await beacon(MANY, { type: 'step', step: 'hadPcpFinance', path: '/', elapsed: 3000 })
    for (let i = 0; i < 5; i++) {
      summerLeads.push(
        await lead(MANY, `many${i}@example.com`, { utm_source: 'facebook', utm_campaign: 'summer' }),
      )
    }
    await view(ONE, '/?utm_source=bing&utm_campaign=autumn')
    autumnLead = await lead(ONE, 'one@example.com', { utm_source: 'bing', utm_campaign: 'autumn' })
    await view(BROWSER, '/?utm_source=google&utm_campaign=spring')

    // Every lead sold at £20, the sale crediting the lead's campaign as routing does; one summer sale returned.
    const buyer = await insertBuyer(app.database.db)
    buyerName = buyer.name
    const contract = await insertContract(app.database.db, buyer.id, { pricePence: 2000 })
    const sales = []
    for (const [leadId, utmSource, utmCampaign] of [
      ...summerLeads.map((id) => [id, 'facebook', 'summer'] as const),
      [autumnLead, 'bing', 'autumn'] as const,
    ]) {
      sales.push(await insertSale(app.database.db, { leadId, contract, utmSource, utmCampaign }))
    }
    const returned = sales[0]
    if (!returned) throw new Error('no sale')
    await app.database.db
      .insertInto('ledgerEntry')
      .values({
        kind: 'return',
        buyerId: buyer.id,
        contractId: contract.id,
        saleId: returned.id,
        leadId: returned.leadId,
        amountPence: -2000,
        utmSource: 'facebook',
        utmCampaign: 'summer',
      })
      .execute()
    await app.database.db
      .updateTable('lead')
      .set({ saleStatus: 'sold' })
      .where('id', 'in', [...summerLeads, autumnLead])
      .execute()
    await app.services.jobs.run(ANALYTICS_JOB)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('credits leads, sales and revenue to the lead’s own campaign in the campaign table, as the Overview does', async () => {
    const byCampaign = await get<Breakdown>(`/api/admin/analytics/breakdown?${range}&by=utm_campaign`)
    const overview = await get<RevenueReport>(`/api/admin/revenue?from=${today}&to=${today}`)
    const overviewNet = (campaign: string) =>
      overview.byCampaign.filter((c) => c.utmCampaign === campaign).reduce((sum, c) => sum + c.netPence, 0)

    expect(campaignRow(byCampaign, 'summer')).toMatchObject({
      visitors: 0,
      leadVisitors: 0,
      leads: 5,
      sold: 5,
      revenuePence: 8000,
      conversionRate: null,
      soldRate: 1,
    })
    // The visitors' first touch: spring brought two visitors, one of whom sent leads; it sold nothing.
    expect(campaignRow(byCampaign, 'spring')).toMatchObject({
      visitors: 2,
      leadVisitors: 1,
      leads: 0,
      sold: 0,
      revenuePence: 0,
      conversionRate: 0.5,
    })
    expect(campaignRow(byCampaign, 'autumn')).toMatchObject({
      visitors: 1,
      leadVisitors: 1,
      leads: 1,
      sold: 1,
      revenuePence: 2000,
      conversionRate: 1,
    })
    for (const campaign of ['summer', 'spring', 'autumn']) {
      expect(campaignRow(byCampaign, campaign)?.revenuePence).toBe(overviewNet(campaign))
    }
    expect(withinOne(everyShare(byCampaign.rows))).toBe(true)

    const bySource = await get<Breakdown>(`/api/admin/analytics/breakdown?${range}&by=utm_source`)
    expect(campaignRow(bySource, 'facebook')).toMatchObject({ leads: 5, sold: 5, revenuePence: 8000 })
    expect(campaignRow(bySource, 'google')).toMatchObject({ visitors: 2, leads: 0 })
    expect(withinOne(everyShare(bySource.rows))).toBe(true)
  })

  it('gives the funnel the same leads, sales and revenue, with every share at most 100 % and of what it divides', async () => {
    const funnel = await get<Funnel>(`/api/admin/analytics/funnel?${range}`)
    const overview = await get<RevenueReport>(`/api/admin/revenue?from=${today}&to=${today}`)
    expect(funnel).toMatchObject({ visitors: 3, leads: 6, sold: 6, revenuePence: overview.totals.netPence })
    expect(overview.totals).toMatchObject({ salesCount: 6, netPence: 10000 })
    const step = (name: string) => funnel.steps.find((s) => s.name === name)
    expect(step('lead')).toMatchObject({ label: 'Visitors who sent a lead', count: 2, of: 'visitors' })
    expect(step('lead')?.share).toBeCloseTo(2 / 3)
    // Six sold leads of three visitors would be 200 %: the sold step divides the leads.
    expect(step('sold')).toMatchObject({ label: 'Leads sold', count: 6, of: 'leads', share: 1 })
    expect(withinOne(funnel.steps.map((s) => s.share))).toBe(true)
    expect(funnel.conversionRate).toBeCloseTo(2 / 3)
    expect(funnel.soldRate).toBe(1)

    // Filtered by campaign, the funnel's leads are the lead's own campaign's, as the Overview's.
    const summer = await get<Funnel>(`/api/admin/analytics/funnel?${range}&utm_campaign=summer`)
    const summerOverview = await get<RevenueReport>(
      `/api/admin/revenue?from=${today}&to=${today}&utmCampaign=summer`,
    )
    expect(summer).toMatchObject({
      visitors: 0,
      leads: 5,
      sold: 5,
      revenuePence: summerOverview.totals.netPence,
    })
    expect(summer.conversionRate).toBeNull()
    expect(withinOne(summer.steps.map((s) => s.share))).toBe(true)
    const spring = await get<Funnel>(`/api/admin/analytics/funnel?${range}&utm_campaign=spring`)
    expect(spring).toMatchObject({ visitors: 2, leads: 0, sold: 0, revenuePence: 0, conversionRate: 0.5 })
    expect(withinOne(spring.steps.map((s) => s.share))).toBe(true)
  })

  it('labels question steps with the live questionnaire’s text, not the question id', async () => {
    const live = await liveQuestionnaire(app.database.db)
    const title = live?.definition.questions.find((q) => q.id === 'hadPcpFinance')?.title
    expect(title).toBeTruthy()
    const funnel = await get<Funnel>(`/api/admin/analytics/funnel?${range}`)
    expect(funnel.steps.find((s) => s.name === 'step:hadPcpFinance')).toMatchObject({
      label: `Answered “${title}”`,
      count: 1,
      of: 'visitors',
    })
    expect(funnel.steps.map((s) => s.label).join(' ')).not.toContain('hadPcpFinance')
  })

  it('makes the leads panel’s conversion rate visitors who sent a lead of the visitors of the same days', async () => {
    const stats = await get<Record<string, unknown>>(`/api/admin/leads/stats?${range}`)
    expect(stats).toMatchObject({
      from: today,
      to: today,
      days: 1,
      leads: 6,
      visitors: 3,
      leadVisitors: 2,
      conversionRate: 67,
      averagePerDay: 6,
    })
  })

  it('lists each lead with its buyers, price and source', async () => {
    const page = await get<LeadPage>('/api/leads?page=1&pageSize=50')
    const byId = new Map<number, LeadListItem>(page.items.map((l) => [l.id, l]))
    expect(byId.get(autumnLead)).toMatchObject({
      buyers: [buyerName],
      pricePence: 2000,
      netPence: 2000,
      utmSource: 'bing',
      utmCampaign: 'autumn',
    })
    // The returned sale: what the buyer paid, and nothing kept.
    expect(byId.get(summerLeads[0] ?? 0)).toMatchObject({
      buyers: [buyerName],
      pricePence: 2000,
      netPence: 0,
      utmSource: 'facebook',
      utmCampaign: 'summer',
    })
    // The unpaged list answers the same items.
    const all = await get<LeadListItem[]>('/api/leads')
    expect(all.find((l) => l.id === autumnLead)).toMatchObject({ buyers: [buyerName], pricePence: 2000 })
  })

  it('filters leads never offered to a buyer, whether or not routing ran', async () => {
    const db = app.database.db
    const neverRouted = await insertLead(db, { email: 'never@example.com', saleStatus: null })
    const noContractTookIt = await insertLead(db, { email: 'nobody@example.com', saleStatus: 'unsold' })
    const offeredUnsold = await insertLead(db, { email: 'offered@example.com', saleStatus: 'unsold' })
    await db
      .insertInto('leadRoute')
      .values({
        leadId: offeredUnsold.id,
        round: 1,
        position: 1,
        contractId: null,
        contractName: 'Contract',
        buyerName: 'A buyer',
        decision: 'rejected',
      } as never)
      .execute()
    const ids = async (query: string) =>
      (await get<LeadPage>(`/api/leads?page=1&pageSize=200&${query}`)).items.map((l) => l.id)

    const notOffered = await ids('sale=not_offered')
    expect(notOffered).toEqual(expect.arrayContaining([neverRouted.id, noContractTookIt.id]))
    expect(notOffered).not.toContain(offeredUnsold.id)
    expect(notOffered).not.toContain(autumnLead)
    const counted = await get<LeadPage>('/api/leads?page=1&pageSize=1&sale=not_offered')
    expect(counted.total).toBe(notOffered.length)
    expect(await ids('sale=none')).toContain(neverRouted.id)
    expect(await ids('sale=none')).not.toContain(noContractTookIt.id)
    const bad = await admin.get('/api/leads?sale=offered-maybe')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toMatch(/sale must be one of/)
  })
  it('keeps crediting an erased lead to the campaign it was sent with', async () => {
    const erased = summerLeads[1] ?? 0
    await app.database.db.deleteFrom('leadSubmission').where('leadId', '=', erased).execute()
    await app.database.db.deleteFrom('lead').where('id', '=', erased).execute()
    const byCampaign = await get<Breakdown>(`/api/admin/analytics/breakdown?${range}&by=utm_campaign`)
    expect(campaignRow(byCampaign, 'summer')?.leads).toBe(5)
    expect(campaignRow(byCampaign, 'spring')?.leads).toBe(0)
  })
})
