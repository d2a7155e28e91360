import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Data-protection complaints (docs/decisions/0074-complaints.md), written by the leads area's data
 * requests. The reference is set from the id once the row exists, hence nullable until then.
 */
export function complaints(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table complaint (
          ${t.id('id')},
          reference text unique,
          name text not null,
          email text not null,
          phone text,
          lead_reference text,
          details text not null,
          contact_by text not null default 'email',
          status text not null default 'new',
          acknowledgement_sent boolean not null default false,
          acknowledged_at ${t.timestamp},
          resolved_at ${t.timestamp},
          outcome text,
          reply text,
          received_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index complaint_email_idx on complaint (email)`,
        sql`create index complaint_received_idx on complaint (received_at)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
