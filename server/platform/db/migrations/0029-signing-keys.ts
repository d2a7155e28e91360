import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Keys that sign consent certificates (docs/decisions/0051-consent-certificates.md). The private
 * key is sealed with a key derived from SESSION_SECRET. `active_slot` is 'active' on the one key
 * that signs and null on retired ones: its unique index lets two instances that both create the
 * first key (or both rotate) end with exactly one active key.
 */
export function signingKeys(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table signing_key (
          kid text primary key,
          alg text not null,
          public_jwk ${t.json} not null,
          private_key text not null,
          active_slot text check (active_slot = 'active'),
          created_at ${t.timestamp} not null default ${t.now},
          retired_at ${t.timestamp}
        )`,
        sql`create unique index signing_key_active_idx on signing_key (active_slot)`,
        sql`create index signing_key_retired_idx on signing_key (retired_at)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
