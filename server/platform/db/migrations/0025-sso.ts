import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Single sign-on (docs/decisions/0044-single-sign-on.md). `sso_identity` links a provider's
 * account (issuer and subject, unique together) to an admin user. `sso_attempt` holds a sign-in in
 * flight between /api/auth/sso/start and the callback: the PKCE verifier and nonce, keyed by a
 * digest of `state`, bound to the browser by a digest of a cookie, used once, ten minutes at most.
 */
export function sso(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table sso_identity (
          ${t.id('id')},
          issuer text not null,
          subject text not null,
          admin_id integer not null references admin_user(id) on delete cascade,
          email text not null,
          created_at ${t.timestamp} not null default ${t.now},
          last_used_at ${t.timestamp}
        )`,
        sql`create unique index sso_identity_issuer_subject_idx on sso_identity (issuer, subject)`,
        sql`create index sso_identity_admin_idx on sso_identity (admin_id)`,
        sql`create table sso_attempt (
          state_hash text primary key,
          browser_hash text not null,
          code_verifier text not null,
          nonce text not null,
          expires_at ${t.timestamp} not null
        )`,
        sql`create index sso_attempt_expires_idx on sso_attempt (expires_at)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
