import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The ledger read by lead (docs/decisions/0066-figures-that-add-up.md): the leads list shows each
 * lead's buyers and price, and analytics sums the revenue of a period's leads.
 */
export function ledgerByLead(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`create index ledger_entry_lead_idx on ledger_entry (lead_id)`.execute(db)
    },
  }
}
