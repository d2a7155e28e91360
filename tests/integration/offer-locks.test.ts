import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractOffers, enqueue } from '../../server/sales/index.ts'
import { insertLead } from '../support/factories.ts'
import { insertBuyer, insertContract } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

// Issue 36: claims of offers to one contract queued on its row even without caps. Now only a
// capped contract's row is locked alone (its count stays exact); one without caps is shared.
describe.runIf(testDialect === 'postgres')('locks taken when offers are reserved (postgres)', () => {
  let app: TestApp
  const db = () => app.database.db
  const offers = contractOffers()

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  async function offerOf(contract: { id: number; webhookId: number; buyerId: number }) {
    const buyer = await db()
      .selectFrom('buyer')
      .selectAll()
      .where('id', '=', contract.buyerId)
      .executeTakeFirstOrThrow()
    // The consent named the contract's buyer, as it is now.
    const lead = await insertLead(db(), {
      consentBuyers: JSON.stringify([
        {
          id: buyer.id,
          name: buyer.name,
          legalName: buyer.name,
          tradingName: buyer.tradingName,
          fcaNumber: buyer.fcaNumber,
        },
      ]),
    })
    await enqueue(db(), [{ leadId: lead.id, webhookId: contract.webhookId, contractId: contract.id }])
    const delivery = await db()
      .selectFrom('webhookDelivery')
      .select('id')
      .where('leadId', '=', lead.id)
      .executeTakeFirstOrThrow()
    return { deliveryId: delivery.id, leadId: lead.id, contractId: contract.id }
  }

  /** A second claim's reservation while `first` holds its own: refused by lock_timeout if it waits. */
  async function reserveBeside(first: Awaited<ReturnType<typeof offerOf>>, second: typeof first) {
    const a = await db().startTransaction().execute()
    const b = await db().startTransaction().execute()
    try {
      expect([...(await offers.reserve(a, 'postgres', [first])).values()]).toEqual([])
      await sql`set local lock_timeout = '1s'`.execute(b)
      return await offers
        .reserve(b, 'postgres', [second])
        .then((refused) => ({ waited: false, refused: refused.size }))
        .catch((error: unknown) => {
          if (/lock timeout/i.test(String(error))) return { waited: true, refused: 0 }
          throw error
        })
    } finally {
      await b.rollback().execute()
      await a.rollback().execute()
    }
  }

  it('claims for a contract without caps do not wait for each other', async () => {
    const buyer = await insertBuyer(db())
    const contract = await insertContract(db(), buyer.id, { exclusive: false, maxBuyers: 3 })
    expect(await reserveBeside(await offerOf(contract), await offerOf(contract))).toEqual({
      waited: false,
      refused: 0,
    })
  })

  it('claims for a capped contract still take turns, so its count stays exact', async () => {
    const buyer = await insertBuyer(db())
    const contract = await insertContract(db(), buyer.id, { caps: JSON.stringify({ hour: 100 }) })
    expect(await reserveBeside(await offerOf(contract), await offerOf(contract))).toEqual({
      waited: true,
      refused: 0,
    })
  })
})
