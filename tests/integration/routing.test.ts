import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { consentWording, type LeadDetail, type LeadPage } from '../../core/schemas/leads.ts'
import type { WebhookConfig } from '../../server/platform/index.ts'
import { json } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { leadPayload } from '../support/factories.ts'
import { ok } from '../support/http.ts'
import { insertBuyer, insertContract } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import {
  type Answer,
  type Receiver,
  startReceiver,
  uniqueContact,
  waitUntil,
} from '../support/webhook-receiver.ts'

const fast: WebhookConfig = {
  retryDelaysMs: [100],
  allowPrivate: true,
  timeoutMs: 800,
  leaseMs: 3000,
  pollMs: 50,
  concurrency: 16,
}

describe(`routing leads to buyers' contracts on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const receivers: Receiver[] = []
  const receiver = async (respond?: () => Answer) => {
    const r = await startReceiver(respond)
    receivers.push(r)
    return r
  }
  const db = () => app.database.db

  beforeAll(async () => {
    app = await startTestApp({ webhooks: fast })
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterEach(async () => {
    // Sales and ledger entries pin their contracts; each test starts from no buyers.
    await db().deleteFrom('ledgerEntry').execute()
    await db().deleteFrom('leadReturn').execute()
    await db().deleteFrom('sale').execute()
    await db().deleteFrom('contract').execute()
    await db().deleteFrom('buyer').execute()
    await db().deleteFrom('webhook').execute()
    await app.services.site.changed()
    for (const r of receivers.splice(0)) await r.close()
  })
  afterAll(async () => {
    await app?.close()
  })

  /** A buyer with one contract posting to a fresh receiver. */
  async function firm(
    name: string,
    {
      named = true,
      respond,
      consentOrder = 0,
      ...terms
    }: { named?: boolean; respond?: () => Answer; consentOrder?: number } & Parameters<
      typeof insertContract
    >[2] = {},
  ) {
    const endpoint = await receiver(respond)
    const buyer = await insertBuyer(db(), { name, namedInConsent: named, consentOrder })
    const contract = await insertContract(db(), buyer.id, {
      url: endpoint.url,
      name: `${name} contract`,
      ...terms,
    })
    return { buyer, contract, endpoint }
  }

  async function postLead(overrides: Record<string, unknown> = {}) {
    const response = await app.postJson('/api/leads', leadPayload({ ...uniqueContact(), ...overrides }))
    const { reference } = (await ok(response, 201)) as { reference: string }
    const lead = await db()
      .selectFrom('lead')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    return lead
  }

  const settled = (leadId: number) =>
    waitUntil(
      async () => {
        const lead = await db()
          .selectFrom('lead')
          .select('saleStatus')
          .where('id', '=', leadId)
          .executeTakeFirst()
        return lead?.saleStatus === 'sold' || lead?.saleStatus === 'unsold' ? lead.saleStatus : undefined
      },
      { what: `lead ${leadId} to be sold or unsold` },
    )

  const salesOf = (leadId: number) =>
    db()
      .selectFrom('sale')
      .innerJoin('buyer', 'buyer.id', 'sale.buyerId')
      .select(['buyer.name', 'sale.status', 'sale.pricePence'])
      .where('sale.leadId', '=', leadId)
      .orderBy('sale.id')
      .execute()

  it('names the buyers in the consent and offers a lead only to them, in priority order', async () => {
    const first = await firm('Alpha Claims', { priority: 1, consentOrder: 2 })
    const second = await firm('Beta Legal', { priority: 2, consentOrder: 1 })
    const unnamed = await firm('Gamma Not Named', { named: false, priority: 0 })
    await app.services.site.changed()

    const lead = await postLead()
    expect(lead.consentBuyers).toEqual([
      {
        id: second.buyer.id,
        name: 'Beta Legal',
        legalName: 'Beta Legal',
        tradingName: null,
        fcaNumber: '123456',
      },
      {
        id: first.buyer.id,
        name: 'Alpha Claims',
        legalName: 'Alpha Claims',
        tradingName: null,
        fcaNumber: '123456',
      },
    ])
    expect(lead.consentText).toBe(consentWording(['Beta Legal', 'Alpha Claims']))
    expect(lead.consentText).toContain('Beta Legal and Alpha Claims, claims management companies')

    expect(await settled(lead.id)).toBe('sold')
    expect(first.endpoint.receipts).toHaveLength(1)
    expect(second.endpoint.receipts).toHaveLength(0)
    expect(unnamed.endpoint.receipts).toHaveLength(0)
    expect(await salesOf(lead.id)).toEqual([{ name: 'Alpha Claims', status: 'accepted', pricePence: 2500 }])

    const routing = await db().selectFrom('leadRouting').selectAll().where('leadId', '=', lead.id).execute()
    expect(routing).toHaveLength(1)
    expect(routing[0]?.skipped).toEqual([
      expect.objectContaining({ buyerName: 'Gamma Not Named', reason: expect.stringContaining('not named') }),
    ])
    const detail = (await ok(await admin.get(`/api/admin/leads/${lead.id}`))) as unknown as LeadDetail
    expect(
      detail.routing.rounds[0]?.offers.map((o) => [o.position, o.buyerName, o.decision, o.reason]),
    ).toEqual([
      [1, 'Alpha Claims', 'accepted', null],
      [2, 'Beta Legal', 'passed', 'Not offered: the lead was sold'],
    ])
    const ledger = await db().selectFrom('ledgerEntry').selectAll().where('leadId', '=', lead.id).execute()
    expect(ledger).toEqual([
      expect.objectContaining({ kind: 'sale', amountPence: 2500, buyerId: first.buyer.id }),
    ])
  })

  it('moves a lead on when a buyer rejects it, and keeps nothing of the rejection but the log', async () => {
    const rejecting = await firm('Rejects', { priority: 1, respond: () => 422 })
    const taking = await firm('Takes', { priority: 2, pricePence: 4000 })
    await app.services.site.changed()
    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')
    expect(rejecting.endpoint.receipts).toHaveLength(1)
    expect(taking.endpoint.receipts).toHaveLength(1)
    expect(await salesOf(lead.id)).toEqual([{ name: 'Takes', status: 'accepted', pricePence: 4000 }])
    const delivery = await db()
      .selectFrom('webhookDelivery')
      .select(['outcome', 'status'])
      .where('leadId', '=', lead.id)
      .where('contractId', '=', rejecting.contract.id)
      .executeTakeFirstOrThrow()
    expect(delivery).toEqual({ outcome: 'rejected', status: 'failed' })
  })

  it('reads the answer at the accept path, and passes a lead on after a timeout and its retries', async () => {
    const saysNo = await firm('Says no', {
      priority: 1,
      acceptPath: 'result.status',
      respond: () => 200,
    })
    saysNo.endpoint.answer(() => 200)
    const slow = await firm('Slow', { priority: 2, respond: () => 'hang' })
    const last = await firm('Last', { priority: 3 })
    await app.services.site.changed()
    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')
    // 200 without {result: {status: accepted}} is a rejection; the slow one is tried twice (one retry).
    expect(saysNo.endpoint.receipts).toHaveLength(1)
    expect(slow.endpoint.receipts).toHaveLength(2)
    expect(new Set(slow.endpoint.receipts.map((r) => r.key)).size).toBe(1)
    expect(last.endpoint.receipts).toHaveLength(1)
    expect((await salesOf(lead.id)).map((s) => s.name)).toEqual(['Last'])
  })

  it('skips a contract outside its hours and one whose filters do not match; a lead nothing takes is unsold', async () => {
    const now = new Date()
    const closedDay = ((now.getUTCDay() + 3) % 7) + 1
    const closed = await firm('Closed today', {
      schedule: json({ days: [closedDay], from: '00:00', to: '24:00' }),
    })
    const mobiles = await firm('Landlines only', { filters: json({ phoneTypes: ['landline'] }) })
    await app.services.site.changed()
    const lead = await postLead()
    expect(lead.saleStatus).toBe('unsold')
    const routing = await db()
      .selectFrom('leadRouting')
      .selectAll()
      .where('leadId', '=', lead.id)
      .executeTakeFirstOrThrow()
    expect(routing.skipped.map((s) => s.buyerName).sort()).toEqual(['Closed today', 'Landlines only'])
    expect(closed.endpoint.receipts).toHaveLength(0)
    expect(mobiles.endpoint.receipts).toHaveLength(0)
    // The leads panel lists it as unsold, and filters by it.
    const unsold = (await ok(await admin.get('/api/leads?sale=unsold&pageSize=200'))) as unknown as LeadPage
    expect(unsold.items.find((l) => l.id === lead.id)?.saleStatus).toBe('unsold')
    expect(unsold.items.every((l) => l.saleStatus === 'unsold')).toBe(true)
    const sold = (await ok(await admin.get('/api/leads?sale=sold&pageSize=200'))) as unknown as LeadPage
    expect(sold.items.some((l) => l.id === lead.id)).toBe(false)
    const bad = await admin.get('/api/leads?sale=maybe')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toMatch(/sale must be/)
  })

  it('sells an exclusive lead once, and a shared lead to at most its number of buyers', async () => {
    const a = await firm('Shared A', { priority: 1, exclusive: false, maxBuyers: 2 })
    const b = await firm('Shared B', { priority: 2, exclusive: false, maxBuyers: 2 })
    const c = await firm('Shared C', { priority: 3, exclusive: false, maxBuyers: 2 })
    await app.services.site.changed()
    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')
    expect((await salesOf(lead.id)).map((s) => s.name)).toEqual(['Shared A', 'Shared B'])
    expect([a, b, c].map((f) => f.endpoint.receipts.length)).toEqual([1, 1, 0])
  })

  it('stops at a cap: the next lead goes to the next contract, counted in the database', async () => {
    const capped = await firm('Capped', { priority: 1, caps: json({ day: 1 }) })
    const next = await firm('Next', { priority: 2 })
    await app.services.site.changed()
    const one = await postLead()
    expect(await settled(one.id)).toBe('sold')
    const two = await postLead()
    expect(await settled(two.id)).toBe('sold')
    expect((await salesOf(one.id)).map((s) => s.name)).toEqual(['Capped'])
    expect((await salesOf(two.id)).map((s) => s.name)).toEqual(['Next'])
    expect(capped.endpoint.receipts).toHaveLength(1)
    expect(next.endpoint.receipts).toHaveLength(1)
  })

  it('keeps the operator’s own webhooks getting every lead, apart from the sale', async () => {
    const own = await receiver()
    await ok(
      await admin.post('/api/admin/webhooks', { name: 'CRM', url: own.url, secret: 'whsec_own_0123456789' }),
      201,
    )
    const seller = await firm('Buyer')
    await app.services.site.changed()
    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')
    await waitUntil(() => own.receipts.length === 1, { what: 'the CRM copy' })
    expect(seller.endpoint.receipts).toHaveLength(1)
    const listed = (await ok(await admin.get('/api/admin/webhooks'))) as unknown as { name: string }[]
    expect(listed.map((w) => w.name)).toEqual(['CRM'])
  })

  it('shows the decision in the lead detail, and routes an unsold lead again once its window opens', async () => {
    const now = new Date()
    const closedDay = ((now.getUTCDay() + 3) % 7) + 1
    const later = await firm('Opens later', {
      exclusive: false,
      maxBuyers: 3,
      schedule: json({ days: [closedDay], from: '00:00', to: '24:00' }),
    })
    await app.services.site.changed()
    const lead = await postLead()
    expect(lead.saleStatus).toBe('unsold')

    await db().updateTable('contract').set({ schedule: null }).where('id', '=', later.contract.id).execute()
    const routed = (await ok(await admin.post(`/api/admin/leads/${lead.id}/route`, {}))) as {
      offers: number
      round: number
    }
    expect(routed).toMatchObject({ offers: 1, round: 2 })
    expect(await settled(lead.id)).toBe('sold')
    expect(later.endpoint.receipts).toHaveLength(1)

    const detail = (await ok(await admin.get(`/api/admin/leads/${lead.id}`))) as unknown as LeadDetail
    expect(detail.consent.buyers).toMatchObject([{ id: later.buyer.id, name: 'Opens later' }])
    expect(detail.routing.saleStatus).toBe('sold')
    expect(detail.routing.rounds.map((r) => [r.round, r.offers.length, r.skipped.length])).toEqual([
      [1, 0, 1],
      [2, 1, 0],
    ])
    expect(detail.routing.rounds[0]?.skipped[0]?.reason).toMatch(/hours|closed/i)
    expect(detail.routing.rounds[1]?.offers[0]).toMatchObject({
      buyerName: 'Opens later',
      decision: 'accepted',
      delivery: expect.objectContaining({ status: 'delivered', outcome: 'accepted', lastStatus: 200 }),
    })
    expect(detail.routing.sales).toEqual([
      expect.objectContaining({ buyerName: 'Opens later', pricePence: 2500 }),
    ])
    // Every contract has had its one offer: routing again finds nothing, and says so.
    const again = (await ok(await admin.post(`/api/admin/leads/${lead.id}/route`, {}))) as { offers: number }
    expect(again.offers).toBe(0)
    expect(
      (await db().selectFrom('lead').select('saleStatus').where('id', '=', lead.id).executeTakeFirst())
        ?.saleStatus,
    ).toBe('sold')
    expect((await admin.post('/api/admin/leads/999999/route', {})).status).toBe(404)
  })

  it('routes again a lead whose offer went with its deleted contract', async () => {
    const gone = await firm('Goes away', { priority: 1 })
    const next = await firm('Takes over', { priority: 2 })
    // Its endpoint is paused, so the offer waits unclaimed.
    await db()
      .updateTable('webhook')
      .set({ isActive: false })
      .where('id', '=', gone.contract.webhookId)
      .execute()
    await app.services.site.changed()
    const lead = await postLead()
    expect(lead.saleStatus).toBe('routing')
    expect((await admin.post(`/api/admin/leads/${lead.id}/route`, {})).status).toBe(409)
    await ok(await admin.del(`/api/admin/contracts/${gone.contract.id}`))
    const routed = (await ok(await admin.post(`/api/admin/leads/${lead.id}/route`, {}))) as { offers: number }
    expect(routed.offers).toBe(1)
    expect(await settled(lead.id)).toBe('sold')
    expect(next.endpoint.receipts).toHaveLength(1)
    const detail = (await ok(await admin.get(`/api/admin/leads/${lead.id}`))) as unknown as LeadDetail
    expect(detail.routing.rounds[0]?.offers[0]).toMatchObject({
      decision: 'passed',
      reason: 'The contract was deleted',
    })
  })

  it('refuses to route an exclusively sold lead again', async () => {
    await firm('Exclusive')
    await app.services.site.changed()
    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')
    const response = await admin.post(`/api/admin/leads/${lead.id}/route`, {})
    expect(response.status).toBe(409)
    expect(((await response.json()) as { message: string }).message).toMatch(/exclusively/)
  })

  it('holds caps and exclusivity with two instances posting and delivering at once', async () => {
    const second = await startTestApp({ webhooks: fast }, { database: app.database })
    try {
      const slowly = () => 200
      const capped = await firm('Capped exclusive', { priority: 1, caps: json({ day: 7 }), respond: slowly })
      const sharedA = await firm('Shared A', {
        priority: 2,
        exclusive: false,
        maxBuyers: 2,
        caps: json({ hour: 5 }),
      })
      const sharedB = await firm('Shared B', {
        priority: 2,
        exclusive: false,
        maxBuyers: 2,
        caps: json({ hour: 5 }),
      })
      const rest = await firm('Rest', { priority: 3, caps: json({ day: 4 }) })
      await app.services.site.changed()
      await second.services.site.changed()
      const apps = [app, second]
      const leads = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const target = apps[i % 2] as TestApp
          const response = await target.postJson('/api/leads', leadPayload(uniqueContact('pair')))
          const { reference } = (await ok(response, 201)) as { reference: string }
          return (
            await db()
              .selectFrom('lead')
              .select('id')
              .where('reference', '=', reference)
              .executeTakeFirstOrThrow()
          ).id
        }),
      )
      for (const id of leads) await settled(id)
      const taken = (r: Receiver) =>
        new Set(r.receipts.filter((x) => x.answered === 200).map((x) => x.json.lead.id))
      expect(taken(capped.endpoint).size).toBe(7)
      expect(taken(sharedA.endpoint).size).toBeLessThanOrEqual(5)
      expect(taken(sharedB.endpoint).size).toBeLessThanOrEqual(5)
      expect(taken(rest.endpoint).size).toBe(4)
      // An exclusive lead went to no one else.
      for (const id of taken(capped.endpoint)) {
        for (const other of [sharedA, sharedB, rest]) expect(taken(other.endpoint).has(id)).toBe(false)
      }
      const sales = await db().selectFrom('sale').select(['contractId', 'leadId', 'status']).execute()
      expect(sales.every((s) => s.status === 'accepted')).toBe(true)
      const perContract = (id: number) => sales.filter((s) => s.contractId === id).length
      expect([capped, sharedA, sharedB, rest].map((f) => perContract(f.contract.id))).toEqual([
        7,
        taken(sharedA.endpoint).size,
        taken(sharedB.endpoint).size,
        4,
      ])
    } finally {
      await second.close()
    }
  })
})
