import type { Kysely } from 'kysely'
import type { SaleStatus } from '../../core/schemas/buyers.ts'
import type { DB } from '../platform/index.ts'

/**
 * A lead's sale status, as sales decides it while routing, selling and settling the lead. The row
 * is this area's; sales writes it through here, in its own transaction.
 */
export async function setSaleStatus(
  db: Kysely<DB>,
  leadIds: number | readonly number[],
  saleStatus: SaleStatus,
) {
  const ids = typeof leadIds === 'number' ? [leadIds] : leadIds
  if (ids.length === 0) return
  // A lead whose status stays is not written: each write of the wide, indexed lead row costs a new
  // version and an entry in every one of its indexes.
  await db
    .updateTable('lead')
    .set({ saleStatus })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('saleStatus', 'is', null), eb('saleStatus', '!=', saleStatus)]))
    .execute()
}

/**
 * Takes the lead's row lock until the transaction ends (an update locks the row on PostgreSQL;
 * SQLite has one writer), so two instances settling the same lead take turns.
 */
export async function lockLead(db: Kysely<DB>, leadId: number) {
  await db
    .updateTable('lead')
    .set((eb) => ({ saleStatus: eb.ref('saleStatus') }))
    .where('id', '=', leadId)
    .execute()
}
