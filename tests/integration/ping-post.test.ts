import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LeadDetail } from '../../core/schemas/leads.ts'
import type { WebhookConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { leadPayload } from '../support/factories.ts'
import { ok } from '../support/http.ts'
import { insertBuyer, insertContract } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import {
  type Answer,
  type Receipt,
  type Receiver,
  startReceiver,
  uniqueContact,
  verifySignature,
  waitUntil,
} from '../support/webhook-receiver.ts'

const fast: WebhookConfig = {
  retryDelaysMs: [100],
  offerRetryDelaysMs: [50],
  allowPrivate: true,
  timeoutMs: 800,
  leaseMs: 3000,
  pollMs: 50,
  concurrency: 16,
}

const isPing = (r: Receipt) => r.json?.event === 'lead.ping'
const bid = (pricePence?: number): Answer => ({ status: 200, body: { accepted: true, pricePence } })

describe(`ping, then post, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const receivers: Receiver[] = []
  const db = () => app.database.db

  beforeAll(async () => {
    app = await startTestApp({ webhooks: fast })
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterEach(async () => {
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

  /**
   * A buyer with one contract on a fresh receiver. With `ping`, the contract is pinged first and
   * the receiver answers pings with it; posts are answered 200.
   */
  async function firm(
    name: string,
    { ping, ...terms }: { ping?: (r: Receipt) => Answer } & Parameters<typeof insertContract>[2] = {},
  ) {
    const endpoint = await startReceiver((r) => (isPing(r) ? (ping?.(r) ?? 404) : 200))
    receivers.push(endpoint)
    const buyer = await insertBuyer(db(), { name, namedInConsent: true })
    const contract = await insertContract(db(), buyer.id, {
      url: endpoint.url,
      secret: `${name}-secret`,
      name: `${name} contract`,
      pingUrl: ping ? endpoint.url.replace('/leads', '/ping') : null,
      ...terms,
    })
    return {
      buyer,
      contract,
      endpoint,
      pings: () => endpoint.receipts.filter(isPing),
      posts: () => endpoint.receipts.filter((r) => !isPing(r)),
    }
  }

  async function postLead() {
    const contact = uniqueContact('ping')
    const response = await app.postJson(
      '/api/leads',
      leadPayload({ ...contact, firstName: 'Zebedee', lastName: 'Quixote' }),
      { headers: { 'user-agent': 'PingPostTest/1.0 (unmistakable-agent)' } },
    )
    const { reference } = (await ok(response, 201)) as { reference: string }
    return db().selectFrom('lead').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow()
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
      .execute()

  const routeLog = async (leadId: number) => {
    const detail = (await ok(await admin.get(`/api/admin/leads/${leadId}`))) as unknown as LeadDetail
    return (detail.routing.rounds[0]?.offers ?? []).map((o) => ({
      buyer: o.buyerName,
      decision: o.decision,
      reason: o.reason,
      bid: o.bidPence,
    }))
  }

  it('pings without personal data; a refused ping gets none, and a direct contract still gets the post', async () => {
    const pinged = await firm('Ping Refuser', {
      priority: 1,
      ping: () => ({ status: 200, body: { accepted: false } }),
    })
    const direct = await firm('Direct Buyer', { priority: 2 })
    await app.services.site.changed()

    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')

    const [ping, ...more] = pinged.pings()
    expect(more).toHaveLength(0)
    expect(ping).toBeDefined()
    const raw = ping?.body as string
    expect(verifySignature('Ping Refuser-secret', ping?.signature ?? '', raw)).toBe(true)
    expect(ping?.json).toMatchObject({
      event: 'lead.ping',
      pingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      pricePence: 2500,
      lead: {
        reference: lead.reference,
        phoneType: lead.phoneType,
        campaign: { utmSource: lead.utmSource, utmCampaign: lead.utmCampaign },
        consentVersion: lead.consentVersion,
      },
    })
    expect(ping?.key).toBe(ping?.json.pingId)
    for (const personal of [
      'Zebedee',
      'Quixote',
      lead.email,
      lead.phone,
      lead.phoneE164,
      'unmistakable-agent',
      lead.ipAddress,
    ]) {
      if (personal) expect(raw).not.toContain(personal)
    }
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'ipAddress', 'userAgent', 'carDetails'])
      expect(raw).not.toContain(`"${field}"`)
    // Refused: not a byte of the person.
    expect(pinged.posts()).toHaveLength(0)

    const [post, ...again] = direct.posts()
    expect(again).toHaveLength(0)
    expect(direct.pings()).toHaveLength(0)
    expect(post?.json).toMatchObject({ event: 'lead.created', pingId: null, lead: { email: lead.email } })
    expect(await salesOf(lead.id)).toEqual([{ name: 'Direct Buyer', status: 'accepted', pricePence: 2500 }])
    expect(await routeLog(lead.id)).toEqual([
      { buyer: 'Ping Refuser', decision: 'rejected', reason: 'Ping: Ping declined', bid: null },
      { buyer: 'Direct Buyer', decision: 'accepted', reason: null, bid: null },
    ])
  })

  it('offers a lead to the highest bid among contracts of equal priority, and sells it at that bid', async () => {
    const low = await firm('Low Bidder', { priority: 5, pricePence: 2000, weight: 5, ping: () => bid(2600) })
    const high = await firm('High Bidder', { priority: 5, pricePence: 2000, ping: () => bid(3100) })
    const flat = await firm('Flat Price', { priority: 5, pricePence: 2500, weight: 9 })
    await app.services.site.changed()

    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')

    // Every ping of the group went out; only the winner got the person.
    expect(low.pings()).toHaveLength(1)
    expect(high.pings()).toHaveLength(1)
    expect(flat.pings()).toHaveLength(0)
    expect(low.posts()).toHaveLength(0)
    expect(flat.posts()).toHaveLength(0)
    const [post, ...again] = high.posts()
    expect(again).toHaveLength(0)
    expect(post?.json.pingId).toBe(high.pings()[0]?.json.pingId)
    expect(post?.json.lead).toMatchObject({ email: lead.email, firstName: 'Zebedee' })

    expect(await salesOf(lead.id)).toEqual([{ name: 'High Bidder', status: 'accepted', pricePence: 3100 }])
    const ledger = await db()
      .selectFrom('ledgerEntry')
      .select(['kind', 'amountPence', 'contractId'])
      .where('leadId', '=', lead.id)
      .execute()
    expect(ledger).toEqual([{ kind: 'sale', amountPence: 3100, contractId: high.contract.id }])

    const log = await routeLog(lead.id)
    expect(log).toEqual(
      expect.arrayContaining([
        { buyer: 'High Bidder', decision: 'accepted', reason: 'Ping accepted: bid £31.00', bid: 3100 },
        { buyer: 'Low Bidder', decision: 'passed', reason: 'Not offered: the lead was sold', bid: 2600 },
        { buyer: 'Flat Price', decision: 'passed', reason: 'Not offered: the lead was sold', bid: 2500 },
      ]),
    )
    expect(log).toHaveLength(3)
  })

  it('posts a shared lead to each accepted bid, the highest first, each sold at its own bid', async () => {
    const first = await firm('First Bid', {
      priority: 1,
      exclusive: false,
      maxBuyers: 3,
      ping: () => bid(4000),
    })
    const second = await firm('Second Bid', {
      priority: 1,
      exclusive: false,
      maxBuyers: 3,
      ping: () => bid(3000),
    })
    await app.services.site.changed()

    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')
    expect(first.posts()).toHaveLength(1)
    expect(second.posts()).toHaveLength(1)
    // Highest bid posted first.
    expect(first.posts()[0]?.at).toBeLessThanOrEqual(second.posts()[0]?.at as number)
    const sales = await salesOf(lead.id)
    expect(sales.map((s) => [s.name, s.pricePence]).sort()).toEqual([
      ['First Bid', 4000],
      ['Second Bid', 3000],
    ])
  })

  it('with two instances, each lead goes once to its highest bid and never to a contract that refused', async () => {
    const second = await startTestApp({ webhooks: fast }, { database: app.database })
    try {
      // "Choosy" takes only leads whose reference ends in an even digit or a letter before n.
      const takes = (r: Receipt) => /[02468a-m]$/.test(String(r.json.lead.reference))
      const steady = await firm('Steady', { priority: 1, ping: () => bid(3000) })
      const keen = await firm('Keen', { priority: 1, ping: () => bid(3500) })
      const choosy = await firm('Choosy', {
        priority: 1,
        ping: (r) => (takes(r) ? bid(4000) : { status: 200, body: { accepted: false } }),
      })
      await app.services.site.changed()
      await second.services.site.changed()
      const apps = [app, second]
      const leads = await Promise.all(
        Array.from({ length: 16 }, async (_, i) => {
          const target = apps[i % 2] as TestApp
          const response = await target.postJson('/api/leads', leadPayload(uniqueContact('pair')))
          const { reference } = (await ok(response, 201)) as { reference: string }
          const row = await db()
            .selectFrom('lead')
            .select('id')
            .where('reference', '=', reference)
            .executeTakeFirstOrThrow()
          return { id: row.id, reference }
        }),
      )
      for (const lead of leads) expect(await settled(lead.id)).toBe('sold')

      const posted = (f: Awaited<ReturnType<typeof firm>>) => f.posts().map((p) => p.json.lead.reference)
      expect(posted(steady)).toEqual([])
      for (const lead of leads) {
        const choosyTook = choosy.pings().some((p) => p.json.lead.reference === lead.reference && takes(p))
        const winner = choosyTook ? 'Choosy' : 'Keen'
        expect(await salesOf(lead.id)).toEqual([
          { name: winner, status: 'accepted', pricePence: choosyTook ? 4000 : 3500 },
        ])
        // Every contract was pinged about each lead under one pingId.
        for (const f of [steady, keen, choosy]) {
          const ids = new Set(
            f
              .pings()
              .filter((p) => p.json.lead.reference === lead.reference)
              .map((p) => p.json.pingId),
          )
          expect(ids.size).toBe(1)
        }
      }
      // A refused ping never became a post, and each post names the ping its buyer accepted.
      for (const post of choosy.posts()) {
        const ping = choosy.pings().find((p) => p.json.lead.reference === post.json.lead.reference)
        expect(ping && takes(ping)).toBe(true)
        expect(post.json.pingId).toBe(ping?.json.pingId)
      }
      expect(posted(choosy).length + posted(keen).length).toBe(leads.length)
    } finally {
      await second.close()
    }
  })

  it('refuses a bid below the price, and passes the contract on a ping that never succeeds', async () => {
    const cheap = await firm('Cheap Bidder', { priority: 1, pricePence: 3000, ping: () => bid(2500) })
    const broken = await firm('Broken Pinger', { priority: 2, ping: () => 503 })
    const direct = await firm('Direct Buyer', { priority: 3 })
    await app.services.site.changed()

    const lead = await postLead()
    expect(await settled(lead.id)).toBe('sold')

    expect(cheap.pings()).toHaveLength(1)
    expect(cheap.posts()).toHaveLength(0)
    // Tried again like an offer (one retry), then passed over: never posted.
    expect(broken.pings()).toHaveLength(2)
    expect(new Set(broken.pings().map((p) => p.json.pingId)).size).toBe(1)
    expect(broken.posts()).toHaveLength(0)
    expect(direct.posts()).toHaveLength(1)
    expect(await salesOf(lead.id)).toEqual([{ name: 'Direct Buyer', status: 'accepted', pricePence: 2500 }])
    expect(await routeLog(lead.id)).toEqual([
      {
        buyer: 'Cheap Bidder',
        decision: 'rejected',
        reason: 'Ping: Bid £25.00 is below the price of £30.00',
        bid: null,
      },
      { buyer: 'Broken Pinger', decision: 'failed', reason: 'Ping: HTTP 503', bid: null },
      { buyer: 'Direct Buyer', decision: 'accepted', reason: null, bid: null },
    ])
  })

  it('takes a ping URL through the admin API under the webhook URL rules, and shows it back', async () => {
    const buyer = await insertBuyer(db(), { name: 'Admin Ping Firm' })
    const body = {
      name: 'Pinged',
      pricePence: 1500,
      webhookUrl: 'http://127.0.0.1:9/leads',
      pingUrl: 'http://127.0.0.1:9/ping',
      secret: 'shh-secret',
    }
    const created = (await ok(await admin.post(`/api/admin/buyers/${buyer.id}/contracts`, body), 201)) as {
      id: number
      pingUrl: string | null
    }
    expect(created.pingUrl).toBe('http://127.0.0.1:9/ping')
    const bad = await admin.put(`/api/admin/contracts/${created.id}`, { pingUrl: 'ftp://example.com/x' })
    expect(bad.status).toBe(400)
    const cleared = (await ok(await admin.put(`/api/admin/contracts/${created.id}`, { pingUrl: '' }))) as {
      pingUrl: string | null
    }
    expect(cleared.pingUrl).toBeNull()
  })
})
