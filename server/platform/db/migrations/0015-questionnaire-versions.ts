import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Questionnaire definitions as versions (docs/decisions/0026): drafts are edited, a published
 * version never changes again, exactly one is live (a partial unique index says so on both
 * engines), and a retired one is kept so every lead can show what its visitor saw.
 */
export function questionnaireVersions(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table questionnaire_version (
          ${t.id('id')},
          version integer not null unique,
          name text not null,
          definition ${t.json} not null,
          status text not null default 'draft' check (status in ('draft', 'live', 'retired')),
          evidence_note text,
          reference_amount integer,
          created_by_email text,
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now},
          published_by_email text,
          published_at ${t.timestamp},
          retired_at ${t.timestamp}
        )`,
        sql`create unique index questionnaire_version_one_live on questionnaire_version (status) where status = 'live'`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
