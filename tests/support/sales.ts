import { randomUUID } from 'node:crypto'
import type { Insertable, Kysely } from 'kysely'
import type { BuyerTable, ContractTable, DB } from '../../server/platform/index.ts'
import { recordSales } from '../../server/sales/index.ts'

/** A buyer written straight to the table (tests that are not about the buyers API). */
export async function insertBuyer(db: Kysely<DB>, values: Partial<Insertable<BuyerTable>> = {}) {
  return db
    .insertInto('buyer')
    .values({
      name: `Buyer ${randomUUID().slice(0, 8)}`,
      fcaNumber: '123456',
      email: 'buyer@example.com',
      namedInConsent: true,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A contract with its endpoint row, straight to the tables. */
export async function insertContract(
  db: Kysely<DB>,
  buyerId: number,
  {
    url = 'http://127.0.0.1:9/leads',
    secret = 'test-secret',
    ...values
  }: Partial<Insertable<ContractTable>> & { url?: string; secret?: string } = {},
) {
  const endpoint = await db
    .insertInto('webhook')
    .values({ kind: 'contract', name: 'contract endpoint', url, secret })
    .returning('id')
    .executeTakeFirstOrThrow()
  return db
    .insertInto('contract')
    .values({
      buyerId,
      webhookId: endpoint.id,
      name: 'Contract',
      pricePence: 2500,
      filters: '{}',
      caps: '{}',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** An accepted sale of a lead to a contract, with its ledger entry, as routing writes them. */
export async function insertSale(
  db: Kysely<DB>,
  {
    leadId,
    contract,
    acceptedAt = new Date(),
    utmSource = null,
    utmCampaign = null,
  }: {
    leadId: number
    contract: {
      id: number
      buyerId: number
      pricePence: number
      exclusive?: boolean
      maxBuyers?: number
      returnWindowDays?: number
      autoApproveReturns?: boolean
    }
    acceptedAt?: Date
    utmSource?: string | null
    utmCampaign?: string | null
  },
) {
  return db.transaction().execute(async (trx) => {
    const sale = await trx
      .insertInto('sale')
      .values({
        leadId,
        contractId: contract.id,
        buyerId: contract.buyerId,
        status: 'accepted',
        exclusiveLeadId: contract.exclusive ? leadId : null,
        pricePence: contract.pricePence,
        // The contract's terms, fixed on the sale as routing fixes them.
        exclusive: contract.exclusive ?? false,
        maxBuyers: contract.exclusive ? 1 : contract.maxBuyers,
        returnWindowDays: contract.returnWindowDays,
        autoApproveReturns: contract.autoApproveReturns,
        utmSource,
        utmCampaign,
        createdAt: acceptedAt,
        acceptedAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordSales(trx, [sale])
    await trx
      .updateTable('ledgerEntry')
      .set({ createdAt: acceptedAt } as never)
      .where('saleId', '=', sale.id)
      .execute()
    return sale
  })
}
