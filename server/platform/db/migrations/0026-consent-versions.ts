import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Consent as a fact fixed when it was shown (docs/decisions/0048-consent-versions.md).
 * `consent_version` keeps each distinct consent a page showed, keyed by the SHA-256 of its content
 * (the wording and each named firm's id, legal name, trading name and FCA number), immutable but for
 * `superseded_at`, set when another version became the one pages show. `buyer_identity` keeps every
 * identity a buyer has had. A lead and a submission keep the page revision the form was on and, once
 * signed, their consent certificate.
 */
export function consentVersions(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table consent_version (
          hash text primary key,
          wording text not null,
          firms ${t.json} not null,
          partner_name text,
          privacy_version text not null,
          created_at ${t.timestamp} not null default ${t.now},
          superseded_at ${t.timestamp}
        )`,
        sql`create table buyer_identity (
          ${t.id('id')},
          buyer_id integer not null references buyer(id) on delete cascade,
          name text not null,
          trading_name text,
          fca_number text not null,
          valid_from ${t.timestamp} not null default ${t.now},
          valid_to ${t.timestamp}
        )`,
        sql`create index buyer_identity_buyer_idx on buyer_identity (buyer_id, id)`,
        sql`insert into buyer_identity (buyer_id, name, trading_name, fca_number, valid_from)
          select id, name, trading_name, fca_number, created_at from buyer`,
        sql`alter table lead add column page_revision text`,
        sql`alter table lead add column consent_certificate text`,
        sql`alter table lead_submission add column page_revision text`,
        sql`alter table lead_submission add column consent_certificate text`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
