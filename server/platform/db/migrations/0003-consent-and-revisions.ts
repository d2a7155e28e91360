import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

export function consentAndRevisions(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table custom_script add column consent_category text not null default 'none'
          check (consent_category in ('none', 'analytics', 'marketing', 'preferences'))`,
        sql`create table consent_record (
          ${t.id('id')},
          consent_id text not null,
          analytics boolean not null,
          marketing boolean not null,
          preferences boolean not null,
          version text not null,
          chosen_at ${t.timestamp} not null,
          user_agent text,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index consent_record_consent_id_idx on consent_record (consent_id)`,
        sql`create index consent_record_created_at_idx on consent_record (created_at)`,
        sql`create table site_revision (
          id integer primary key,
          revision integer not null,
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`insert into site_revision (id, revision) values (1, 1)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
