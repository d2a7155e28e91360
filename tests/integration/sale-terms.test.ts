import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BuyerLeadPage, BuyerReturnListItem } from '../../core/schemas/buyer-access.ts'
import type { StatementEntry } from '../../core/schemas/revenue.ts'
import type { WebhookConfig } from '../../server/platform/index.ts'
import { statementEntries } from '../../server/sales/index.ts'
import {
  type AdminClient,
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { buyerWithLeads, keyClient, newKey } from '../support/buyer-access.ts'
import { insertLead, leadPayload } from '../support/factories.ts'
import { expectError, ok } from '../support/http.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { type Receiver, startReceiver, uniqueContact, waitUntil } from '../support/webhook-receiver.ts'

const fast: WebhookConfig = {
  retryDelaysMs: [100],
  allowPrivate: true,
  timeoutMs: 800,
  leaseMs: 3000,
  pollMs: 50,
  concurrency: 16,
}

/**
 * What a buyer bought on is fixed on the sale (docs/decisions/0049-sale-terms-fixed-at-sale.md):
 * the attacks of the security review, through the admin and buyer APIs.
 */
describe(`sale terms fixed at sale on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const receivers: Receiver[] = []
  const db = () => app.database.db

  beforeAll(async () => {
    app = await startTestApp({ webhooks: fast })
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close()
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('routing', () => {
    afterEach(async () => {
      // Each routing test starts from no contracts: every lead is judged by every contract.
      await db().deleteFrom('ledgerEntry').execute()
      await db().deleteFrom('leadReturn').execute()
      await db().deleteFrom('sale').execute()
      await db().deleteFrom('contract').execute()
      await db().deleteFrom('buyerApiKey').execute()
      await db().deleteFrom('buyer').execute()
      await db().deleteFrom('webhook').execute()
      await app.services.site.changed()
    })

    async function firm(name: string, terms: Parameters<typeof insertContract>[2] = {}) {
      const endpoint = await startReceiver()
      receivers.push(endpoint)
      const buyer = await insertBuyer(db(), { name })
      const contract = await insertContract(db(), buyer.id, {
        url: endpoint.url,
        name: `${name} contract`,
        ...terms,
      })
      return { buyer, contract, endpoint }
    }

    async function postLead() {
      const response = await app.postJson('/api/leads', leadPayload(uniqueContact()))
      const { reference } = (await ok(response, 201)) as { reference: string }
      return db()
        .selectFrom('lead')
        .select(['id', 'saleStatus'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
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

    const buyersOf = async (leadId: number) =>
      (
        await db()
          .selectFrom('sale')
          .innerJoin('buyer', 'buyer.id', 'sale.buyerId')
          .select('buyer.name')
          .where('sale.leadId', '=', leadId)
          .orderBy('sale.id')
          .execute()
      ).map((s) => s.name)

    it('never sells an exclusive lead again, even once its contract is made shared', async () => {
      const x = await firm('Exclusive X', { priority: 1 })
      const y = await firm('Shared Y', { priority: 2, exclusive: false, maxBuyers: 3 })
      await app.services.site.changed()
      const lead = await postLead()
      expect(await settled(lead.id)).toBe('sold')
      expect(await buyersOf(lead.id)).toEqual(['Exclusive X'])

      await ok(await admin.put(`/api/admin/contracts/${x.contract.id}`, { exclusive: false, maxBuyers: 3 }))
      await expectError(await admin.post(`/api/admin/leads/${lead.id}/route`, {}), 409, /exclusively/)
      expect(await buyersOf(lead.id)).toEqual(['Exclusive X'])
      expect(y.endpoint.receipts).toHaveLength(0)

      // The database refuses a second sale of an exclusively sold lead, whatever the code does.
      await expect(
        insertSale(db(), { leadId: lead.id, contract: { ...y.contract, exclusive: false } }),
      ).rejects.toThrow(/sale_exclusive_alone/)
      expect(await buyersOf(lead.id)).toEqual(['Exclusive X'])
    })

    it('keeps a shared lead to the fewest buyers any of its sales was promised', async () => {
      const a = await firm('Shared A', { priority: 1, exclusive: false, maxBuyers: 2 })
      await firm('Shared B', { priority: 2, exclusive: false, maxBuyers: 5 })
      const c = await firm('Shared C', { priority: 3, exclusive: false, maxBuyers: 5 })
      await app.services.site.changed()
      const lead = await postLead()
      expect(await settled(lead.id)).toBe('sold')
      expect(await buyersOf(lead.id)).toEqual(['Shared A', 'Shared B'])
      expect(c.endpoint.receipts).toHaveLength(0)

      // A sold to B on "at most 2": widening A's contract later does not let C in.
      await ok(await admin.put(`/api/admin/contracts/${a.contract.id}`, { maxBuyers: 5 }))
      await ok(await admin.post(`/api/admin/leads/${lead.id}/route`, {}))
      expect(await settled(lead.id)).toBe('sold')
      expect(await buyersOf(lead.id)).toEqual(['Shared A', 'Shared B'])
      expect(c.endpoint.receipts).toHaveLength(0)
    })

    it('stores the terms on the sale when it is made', async () => {
      await firm('Terms', { exclusive: false, maxBuyers: 4, returnWindowDays: 7, autoApproveReturns: true })
      await app.services.site.changed()
      const lead = await postLead()
      expect(await settled(lead.id)).toBe('sold')
      const sale = await db()
        .selectFrom('sale')
        .select(['exclusive', 'maxBuyers', 'returnWindowDays', 'autoApproveReturns', 'exclusiveLeadId'])
        .where('leadId', '=', lead.id)
        .executeTakeFirstOrThrow()
      expect(sale).toEqual({
        exclusive: false,
        maxBuyers: 4,
        returnWindowDays: 7,
        autoApproveReturns: true,
        exclusiveLeadId: null,
      })
    })
  })

  describe('returns', () => {
    const person = (leadId: number) =>
      db()
        .selectFrom('lead')
        .select(['email', 'phone', 'reference'])
        .where('id', '=', leadId)
        .executeTakeFirstOrThrow()

    it('shows a lead whose return was approved without the person: API, CSV and page', async () => {
      const { buyer, sales } = await buyerWithLeads(db(), [2, 1])
      const [given, kept] = sales as [(typeof sales)[0], (typeof sales)[0]]
      const { key } = await newKey(admin, buyer.id)
      const buyerApi = keyClient(app, key)
      const asked = await ok(await buyerApi.returnLead(given.reference, { reason: 'no_consent' }), 201)
      expect(asked).toMatchObject({ status: 'pending', instruction: null })
      const decided = await ok(await admin.put(`/api/admin/returns/${asked.id}`, { status: 'approved' }))
      expect(decided).toMatchObject({ status: 'approved', instruction: expect.stringMatching(/delete/) })

      const page = (await ok(await buyerApi.get('/api/buyer/leads'))) as unknown as BuyerLeadPage
      const returned = page.items.find((i) => i.saleId === given.sale.id)
      expect(returned).toMatchObject({
        reference: given.reference,
        returned: true,
        erased: false,
        person: null,
        answers: null,
        outcome: null,
        consent: null,
        utmSource: null,
        utmCampaign: null,
        pricePence: 2500,
        return: expect.objectContaining({ status: 'approved', reason: 'no_consent' }),
      })
      expect(returned?.return?.instruction).toMatch(/delete this person’s personal data/)
      const held = page.items.find((i) => i.saleId === kept.sale.id)
      expect(held).toMatchObject({ returned: false, person: expect.objectContaining({ firstName: 'Zoë' }) })

      const returns = (await ok(await buyerApi.get('/api/buyer/returns'))) as unknown as BuyerReturnListItem[]
      expect(returns[0]?.instruction).toMatch(/delete/)

      const gone = await person(given.leadId)
      const still = await person(kept.leadId)
      const csv = await (await buyerApi.get('/api/buyer/leads.csv')).text()
      const line = (reference: string) => csv.split('\r\n').find((l) => l.startsWith(reference)) ?? ''
      expect(line(given.reference)).not.toContain(gone.email)
      expect(line(given.reference)).not.toContain('Zoë')
      expect(line(given.reference)).toContain('approved')
      expect(line(kept.reference)).toContain(still.email)
      expect(line(given.reference)).not.toContain(gone.phone.replace(/\s/g, ''))

      const email = uniqueEmail('buyer')
      await ok(
        await admin.post(`/api/admin/buyers/${buyer.id}/accounts`, { email, password: DEFAULT_PASSWORD }),
        201,
      )
      const portal = apiClient(app, await signIn(app, email, DEFAULT_PASSWORD))
      const html = await (await portal.get('/buyer')).text()
      expect(html).toContain(given.reference)
      expect(html).not.toContain(gone.email)
      expect(html).toContain(still.email)
      expect(html).toContain('delete this person’s personal data')
    })

    it('reads the return window and auto-approval from the sale, not from the contract of today', async () => {
      // Sold with no window: widening the contract's window later reopens nothing.
      const closed = await buyerWithLeads(db(), [2], { returnWindowDays: 0 })
      await ok(
        await admin.put(`/api/admin/contracts/${closed.contract.id}`, {
          returnWindowDays: 30,
          autoApproveReturns: true,
        }),
      )
      const closedKey = (await newKey(admin, closed.buyer.id)).key
      const [closedSale] = closed.sales
      await expectError(
        await keyClient(app, closedKey).returnLead(closedSale?.reference as string, { reason: 'duplicate' }),
        400,
        /closed/,
      )
      const listed = (await ok(
        await keyClient(app, closedKey).get('/api/buyer/leads'),
      )) as unknown as BuyerLeadPage
      expect(Date.parse(listed.items[0]?.returnableUntil as string)).toBeLessThan(Date.now())

      // Sold with 30 days, reviewed by the operator: narrowing the window or approving at once later
      // changes neither.
      const open = await buyerWithLeads(db(), [2], { returnWindowDays: 30 })
      await ok(
        await admin.put(`/api/admin/contracts/${open.contract.id}`, {
          returnWindowDays: 0,
          autoApproveReturns: true,
        }),
      )
      const openKey = (await newKey(admin, open.buyer.id)).key
      const taken = await ok(
        await keyClient(app, openKey).returnLead(open.sales[0]?.reference as string, { reason: 'duplicate' }),
        201,
      )
      expect(taken).toMatchObject({ status: 'pending' })
    })
  })

  describe('statements', () => {
    it('lists each entry once across pages when entries share a millisecond, totals equal to the lines', async () => {
      const buyer = await insertBuyer(db(), { name: 'Same Millisecond Ltd' })
      const contract = await insertContract(db(), buyer.id, { name: 'Busy', pricePence: 1000 })
      const sales = []
      for (let i = 0; i < 5; i++) {
        const lead = await insertLead(db(), { email: uniqueEmail('ms') })
        sales.push(await insertSale(db(), { leadId: lead.id, contract }))
      }
      // Five entries within one millisecond, microseconds apart, as PostgreSQL keeps them under load.
      for (const [i, sale] of sales.entries()) {
        await sql`update ledger_entry set created_at = ${`2026-10-15T10:00:00.12340${i + 1}Z`} where sale_id = ${sale.id}`.execute(
          db(),
        )
      }

      const listed: StatementEntry[] = []
      for await (const batch of statementEntries(db(), buyer.id, '2026-10', 2)) listed.push(...batch)
      expect(listed.map((e) => e.id).sort((a, b) => a - b)).toEqual(
        (
          await db()
            .selectFrom('ledgerEntry')
            .select('id')
            .where('buyerId', '=', buyer.id)
            .orderBy('id')
            .execute()
        ).map((e) => e.id),
      )

      const statement = (await ok(
        await admin.get(`/api/admin/revenue/statement?buyerId=${buyer.id}&month=2026-10`),
      )) as unknown as { entries: StatementEntry[]; totals: { salesCount: number; salesPence: number } }
      expect(statement.entries).toHaveLength(5)
      expect(new Set(statement.entries.map((e) => e.id)).size).toBe(5)
      expect(statement.totals).toMatchObject({ salesCount: 5, salesPence: 5000 })
      const csv = await (
        await admin.get(`/api/admin/revenue/statement.csv?buyerId=${buyer.id}&month=2026-10`)
      ).text()
      const rows = csv.split('\r\n').filter((l) => l.includes('Busy'))
      expect(rows).toHaveLength(5)
      expect(csv).toContain('Total sales (5)')
    })
  })
})
