import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

export function hardening(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table redirect add column keep_query boolean not null default false`,
        sql`alter table consent_record add column client_timestamp ${t.timestamp}`,
        // jsonb reorders keys; page content must come back as it was stored.
        ...(dialect === 'postgres'
          ? [sql`alter table page alter column content type json using content::text::json`]
          : []),
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
