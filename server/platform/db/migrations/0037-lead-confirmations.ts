import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * The visitor's confirmation email, one row per new lead written in the lead's own transaction and
 * mailed by the `lead-confirmations` job (docs/decisions/0059-thank-you-reference.md). Leads taken
 * before this migration get no row: they are never mailed.
 */
export function leadConfirmations(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table lead_confirmation (
          lead_id integer primary key references lead (id) on delete cascade,
          state text not null default 'pending',
          attempts integer not null default 0,
          created_at ${t.timestamp} not null default ${t.now},
          sent_at ${t.timestamp}
        )`,
        sql`create index lead_confirmation_pending_idx on lead_confirmation (lead_id) where state = 'pending'`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
