import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'

/** What the ledger needs of a sale to write its entries. */
export type SaleForLedger = {
  id: number
  leadId: number | null
  contractId: number
  buyerId: number
  pricePence: number
  utmSource: string | null
  utmCampaign: string | null
}

/**
 * The ledger is append-only money (docs/decisions/0030-buyers-and-routing.md): the sale's price
 * when a buyer accepts a lead, its negative when a return is approved. One entry of each kind per
 * sale at most (a unique index), written in the caller's transaction with the change it records.
 * Sales come in batches (offers are settled together): one statement for all of them.
 */
export async function recordSales(trx: Kysely<DB>, sales: SaleForLedger[]): Promise<void> {
  if (sales.length === 0) return
  await trx
    .insertInto('ledgerEntry')
    .values(sales.map((sale) => entry(sale, 'sale', sale.pricePence)))
    .execute()
}

export async function recordReturn(trx: Kysely<DB>, sale: SaleForLedger): Promise<void> {
  await trx
    .insertInto('ledgerEntry')
    .values(entry(sale, 'return', -sale.pricePence))
    .execute()
}

function entry(sale: SaleForLedger, kind: 'sale' | 'return', amountPence: number) {
  return {
    kind,
    buyerId: sale.buyerId,
    contractId: sale.contractId,
    saleId: sale.id,
    leadId: sale.leadId,
    amountPence,
    utmSource: sale.utmSource,
    utmCampaign: sale.utmCampaign,
  }
}
