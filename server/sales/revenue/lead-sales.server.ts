import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'

/** What the leads list shows of a lead's sales: who bought it, what they paid, what is kept after returns. */
export type LeadSales = { buyers: string[]; pricePence: number | null; netPence: number | null }

export const noSales: LeadSales = { buyers: [], pricePence: null, netPence: null }

/**
 * Each lead's sales from the ledger (docs/decisions/0066-figures-that-add-up.md): the buyers it was
 * sold to (in the order they bought), the prices they paid, and that less approved returns, the
 * figure the revenue reports sum. Leads never sold are absent from the map.
 */
export async function leadSales(db: Kysely<DB>, leadIds: readonly number[]): Promise<Map<number, LeadSales>> {
  const out = new Map<number, LeadSales>()
  if (leadIds.length === 0) return out
  const entries = await db
    .selectFrom('ledgerEntry')
    .innerJoin('buyer', 'buyer.id', 'ledgerEntry.buyerId')
    .select(['ledgerEntry.leadId', 'ledgerEntry.kind', 'ledgerEntry.amountPence', 'buyer.name'])
    .where('ledgerEntry.leadId', 'in', [...leadIds])
    .orderBy('ledgerEntry.id')
    .execute()
  for (const entry of entries) {
    if (entry.leadId === null) continue
    let sales = out.get(entry.leadId)
    if (!sales) {
      sales = { buyers: [], pricePence: 0, netPence: 0 }
      out.set(entry.leadId, sales)
    }
    const amount = Number(entry.amountPence)
    sales.netPence = (sales.netPence ?? 0) + amount
    if (entry.kind === 'sale') {
      sales.pricePence = (sales.pricePence ?? 0) + amount
      if (!sales.buyers.includes(entry.name)) sales.buyers.push(entry.name)
    }
  }
  return out
}
