import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { REJECTED_RETURN_INSTRUCTION, RETURNED_DATA_INSTRUCTION } from '../../core/schemas/buyer-access.ts'
import type { LeadDetail } from '../../core/schemas/leads.ts'
import type { WebhookConfig } from '../../server/platform/index.ts'
import { type ContractOffers, claimDeliveries, enqueueReturnNotice } from '../../server/sales/index.ts'
import { type AdminClient, createSignedInAdmin, uniqueEmail } from '../support/admin-client.ts'
import { keyClient, newKey } from '../support/buyer-access.ts'
import { insertLead, leadPayload } from '../support/factories.ts'
import { ok } from '../support/http.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
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
  retryDelaysMs: [100, 100],
  // An offer's schedule that, if a notice were taken for an offer, would give up after one attempt.
  offerRetryDelaysMs: [],
  allowPrivate: true,
  timeoutMs: 800,
  leaseMs: 3000,
  pollMs: 50,
  concurrency: 16,
}

const SECRET = 'return-notice-secret'

/**
 * A return's webhook notice to its buyer (docs/decisions/0052-return-notices.md): one signed
 * `lead.return_decided` per decided return, with what to do and no personal data.
 */
describe(`return notices to buyers on ${testDialect}`, () => {
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
    await db().deleteFrom('buyerApiKey').execute()
    await db().deleteFrom('buyer').execute()
    await db().deleteFrom('webhook').execute()
    await app.services.site.changed()
    for (const r of receivers.splice(0)) await r.close()
  })
  afterAll(async () => {
    await app?.close()
  })

  /** A buyer whose contract posts to a fresh receiver, with an API key. */
  async function firm(terms: Parameters<typeof insertContract>[2] = {}, respond?: (r: Receipt) => Answer) {
    const endpoint = await startReceiver(respond)
    receivers.push(endpoint)
    const buyer = await insertBuyer(db())
    const contract = await insertContract(db(), buyer.id, {
      url: endpoint.url,
      secret: SECRET,
      name: `Contract of ${buyer.name}`,
      ...terms,
    })
    const { key } = await newKey(admin, buyer.id)
    return { buyer, contract, endpoint, api: keyClient(app, key) }
  }

  /** A person's lead sold to the contract (written as routing writes a sale). */
  async function soldLead(contract: Awaited<ReturnType<typeof firm>>['contract']) {
    const person = {
      email: uniqueEmail('returned'),
      firstName: 'Zoë',
      lastName: 'Quill',
      phone: '07700900456',
    }
    const lead = await insertLead(db(), { ...person, consentText: 'I agree to be contacted' })
    const { reference } = await db()
      .selectFrom('lead')
      .select('reference')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow()
    const sale = await insertSale(db(), { leadId: lead.id, contract })
    return { leadId: lead.id, reference, sale, person }
  }

  const notices = (leadId: number) =>
    db()
      .selectFrom('webhookDelivery')
      .selectAll()
      .where('leadId', '=', leadId)
      .where('kind', '=', 'return')
      .execute()

  const delivered = (leadId: number) =>
    waitUntil(
      async () => {
        const rows = await notices(leadId)
        return rows.length === 1 && rows[0]?.status === 'delivered' ? rows[0] : undefined
      },
      { what: `the return notice of lead ${leadId} to be delivered` },
    )

  /** The receipt is the signed notice, and names neither the person nor anything of theirs. */
  function expectSignedWithoutPerson(receipt: Receipt, person: Record<string, string>) {
    expect(verifySignature(SECRET, receipt.signature, receipt.body)).toBe(true)
    expect(receipt.contentType).toBe('application/json')
    for (const value of Object.values(person)) expect(receipt.body).not.toContain(value)
    expect(Object.keys(receipt.json)).toEqual(['event', 'deliveryId', 'return'])
    expect(Object.keys(receipt.json.return).sort()).toEqual(
      ['creditPence', 'decidedAt', 'id', 'instruction', 'reason', 'reference', 'saleId', 'status'].sort(),
    )
  }

  it('tells the buyer once, signed, to delete the person when the operator approves its return', async () => {
    const { contract, endpoint, api } = await firm({ pricePence: 4200 })
    const { leadId, reference, sale, person } = await soldLead(contract)

    const asked = await ok(await api.returnLead(reference, { reason: 'no_consent' }), 201)
    // A pending return tells the buyer nothing yet.
    expect(await notices(leadId)).toHaveLength(0)
    const decided = await ok(await admin.put(`/api/admin/returns/${asked.id}`, { status: 'approved' }))

    const row = await delivered(leadId)
    expect(endpoint.receipts).toHaveLength(1)
    const [receipt] = endpoint.receipts as [Receipt]
    expect(receipt.key).toBe(row.idempotencyKey)
    expectSignedWithoutPerson(receipt, person)
    expect(receipt.json).toEqual({
      event: 'lead.return_decided',
      deliveryId: row.id,
      return: {
        id: asked.id,
        reference,
        saleId: sale.id,
        status: 'approved',
        reason: 'no_consent',
        decidedAt: decided.decidedAt,
        creditPence: 4200,
        instruction: RETURNED_DATA_INSTRUCTION,
      },
    })
    expect(receipt.json.return.instruction).toMatch(/delete this person’s personal data .* now/)
    expect(receipt.json.return.instruction).toMatch(/do not contact them/)
    // No offer: the answer is not read as a buyer's verdict on the lead.
    expect(row.outcome).toBeNull()
    expect(row.contractId).toBe(contract.id)
    expect(row.webhookId).toBe(contract.webhookId)

    // Decided once: a second decision is refused and sends nothing.
    expect((await admin.put(`/api/admin/returns/${asked.id}`, { status: 'rejected' })).status).toBe(409)
    expect(await notices(leadId)).toHaveLength(1)
  })

  it('tells the buyer the lead stays theirs when its return is rejected', async () => {
    const { contract, endpoint, api } = await firm()
    const { leadId, reference, sale, person } = await soldLead(contract)
    const asked = await ok(await api.returnLead(reference, { reason: 'wrong_number' }), 201)
    await ok(await admin.put(`/api/admin/returns/${asked.id}`, { status: 'rejected', note: 'Number works' }))

    const row = await delivered(leadId)
    expect(endpoint.receipts).toHaveLength(1)
    const [receipt] = endpoint.receipts as [Receipt]
    expectSignedWithoutPerson(receipt, person)
    expect(receipt.body).not.toContain('Number works')
    expect(receipt.json).toMatchObject({
      event: 'lead.return_decided',
      deliveryId: row.id,
      return: {
        id: asked.id,
        reference,
        saleId: sale.id,
        status: 'rejected',
        reason: 'wrong_number',
        creditPence: 0,
        instruction: REJECTED_RETURN_INSTRUCTION,
      },
    })
    expect(receipt.json.return.instruction).not.toMatch(/delete/)
  })

  it('sends the notice of a return approved at once under the contract', async () => {
    const { contract, endpoint, api } = await firm({ autoApproveReturns: true, pricePence: 3100 })
    const { leadId, reference, person } = await soldLead(contract)
    const asked = await ok(await api.returnLead(reference, { reason: 'duplicate' }), 201)
    expect(asked).toMatchObject({ status: 'approved' })

    const row = await delivered(leadId)
    expect(endpoint.receipts).toHaveLength(1)
    const [receipt] = endpoint.receipts as [Receipt]
    expect(receipt.key).toBe(row.idempotencyKey)
    expectSignedWithoutPerson(receipt, person)
    expect(receipt.json.return).toMatchObject({
      id: asked.id,
      status: 'approved',
      creditPence: 3100,
      decidedAt: asked.decidedAt,
      instruction: RETURNED_DATA_INSTRUCTION,
    })
  })

  it('tries a failing receiver again with the same Idempotency-Key', async () => {
    let calls = 0
    const { contract, endpoint, api } = await firm({}, () => (++calls === 1 ? 503 : 200))
    const { leadId, reference } = await soldLead(contract)
    const asked = await ok(await api.returnLead(reference, { reason: 'duplicate' }), 201)
    await ok(await admin.put(`/api/admin/returns/${asked.id}`, { status: 'approved' }))

    const row = await delivered(leadId)
    expect(row.attempts).toBe(2)
    expect(endpoint.receipts.map((r) => r.answered)).toEqual([503, 200])
    expect(new Set(endpoint.receipts.map((r) => r.key))).toEqual(new Set([row.idempotencyKey]))
    expect(new Set(endpoint.receipts.map((r) => r.json.deliveryId))).toEqual(new Set([row.id]))
    const attempts = await db()
      .selectFrom('webhookAttempt')
      .select('statusCode')
      .where('deliveryId', '=', row.id)
      .orderBy('id')
      .execute()
    expect(attempts.map((a) => a.statusCode)).toEqual([503, 200])
  })

  it('leaves routing alone: the notice is no offer, and other leads are sold as before', async () => {
    // The receiver takes every lead posted, and answers a notice as a buyer's CRM might: "not accepted".
    const { contract, endpoint, api } = await firm({ priority: 1 }, (r) =>
      r.json?.event === 'lead.return_decided' ? { status: 200, body: { accepted: false } } : 200,
    )
    await app.services.site.changed()
    const postLead = async () => {
      const response = await app.postJson('/api/leads', leadPayload(uniqueContact()))
      const { reference } = (await ok(response, 201)) as { reference: string }
      return db()
        .selectFrom('lead')
        .select(['id', 'reference'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
    }
    const sold = (leadId: number) =>
      waitUntil(
        async () => {
          const lead = await db()
            .selectFrom('lead')
            .select('saleStatus')
            .where('id', '=', leadId)
            .executeTakeFirst()
          return lead?.saleStatus === 'sold' ? lead : undefined
        },
        { what: `lead ${leadId} to be sold` },
      )

    const first = await postLead()
    await sold(first.id)
    const asked = await ok(await api.returnLead(first.reference, { reason: 'no_consent' }), 201)
    await ok(await admin.put(`/api/admin/returns/${asked.id}`, { status: 'approved' }))
    const notice = await delivered(first.id)
    expect(notice.outcome).toBeNull()

    // The lead's detail: its offer to the contract is still the post that sold it.
    const detail = (await ok(await admin.get(`/api/admin/leads/${first.id}`))) as unknown as LeadDetail
    expect(detail.deliveries).toEqual([])
    expect(detail.routing.saleStatus).toBe('sold')
    const offers = detail.routing.rounds.flatMap((r) => r.offers)
    expect(offers).toHaveLength(1)
    expect(offers[0]).toMatchObject({ contractId: contract.id, decision: 'accepted' })
    const post = await db()
      .selectFrom('webhookDelivery')
      .select(['id', 'outcome'])
      .where('leadId', '=', first.id)
      .where('kind', '=', 'post')
      .executeTakeFirstOrThrow()
    expect(offers[0]?.delivery).toMatchObject({ id: post.id, outcome: 'accepted' })
    const sales = await db()
      .selectFrom('sale')
      .select(['status', 'pricePence'])
      .where('leadId', '=', first.id)
      .execute()
    expect(sales).toEqual([{ status: 'accepted', pricePence: contract.pricePence }])

    // The next lead goes to the same contract and is sold as ever.
    const second = await postLead()
    await sold(second.id)
    const next = await db()
      .selectFrom('sale')
      .select(['contractId', 'status'])
      .where('leadId', '=', second.id)
      .execute()
    expect(next).toEqual([{ contractId: contract.id, status: 'accepted' }])
    expect(endpoint.receipts.map((r) => r.json?.event)).toEqual([
      'lead.created',
      'lead.return_decided',
      'lead.created',
    ])
  })

  it('reserves no sale for a notice when it is claimed', async () => {
    const { contract } = await firm()
    const { leadId } = await soldLead(contract)
    const reserved: unknown[] = []
    const spy: ContractOffers = {
      reserve: async (_trx, _dialect, offers) => {
        reserved.push(...offers)
        return new Map()
      },
      settled: async () => 0,
    }
    const rollback = new Error('rollback')
    // Enqueued and claimed in one transaction the test rolls back: the app's worker never sees it.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueReturnNotice(trx, { leadId, contractId: contract.id })
          const claimed = await claimDeliveries(trx, testDialect, 10, 60_000, spy)
          expect(claimed.map((d) => [d.leadId, d.contractId, d.kind])).toEqual([
            [leadId, contract.id, 'return'],
          ])
          throw rollback
        }),
    ).rejects.toBe(rollback)
    expect(reserved).toEqual([])
  })

  it('describes the notice in the OpenAPI document, without personal data', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>
      components: { schemas: Record<string, { properties: Record<string, { properties?: object }> }> }
    }
    expect(doc.webhooks.leadReturnDecided?.post.requestBody.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/LeadReturnDecided',
    })
    const notice = doc.components.schemas.LeadReturnDecided?.properties.return?.properties ?? {}
    expect(Object.keys(notice)).toEqual(
      expect.arrayContaining([
        'id',
        'reference',
        'saleId',
        'status',
        'decidedAt',
        'creditPence',
        'instruction',
      ]),
    )
    for (const personal of ['firstName', 'lastName', 'email', 'phone'])
      expect(notice).not.toHaveProperty(personal)
  })
})
