import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Second factors (docs/decisions/0043-second-factors.md): passkeys, one authenticator app per
 * account, hashed recovery codes, the short-lived challenges of a sign-in in progress, and the
 * policy saying who must have a factor (one row, off until an admin turns it on).
 */
export function secondFactors(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table passkey (
          ${t.id('id')},
          admin_id integer not null references admin_user (id) on delete cascade,
          credential_id text not null unique,
          public_key text not null,
          counter bigint not null default 0,
          transports ${t.json} not null,
          device_type text not null,
          backed_up boolean not null default false,
          name text not null,
          created_at ${t.timestamp} not null default ${t.now},
          last_used_at ${t.timestamp}
        )`,
        sql`create index passkey_admin_idx on passkey (admin_id)`,
        sql`create table totp_secret (
          admin_id integer primary key references admin_user (id) on delete cascade,
          secret text not null,
          confirmed_at ${t.timestamp},
          last_used_step bigint not null default 0,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create table recovery_code (
          ${t.id('id')},
          admin_id integer not null references admin_user (id) on delete cascade,
          code_hash text not null unique,
          created_at ${t.timestamp} not null default ${t.now},
          used_at ${t.timestamp}
        )`,
        sql`create index recovery_code_admin_idx on recovery_code (admin_id)`,
        sql`create table auth_challenge (
          token_hash text primary key,
          kind text not null,
          admin_id integer references admin_user (id) on delete cascade,
          challenge text,
          expires_at ${t.timestamp} not null
        )`,
        sql`create table mfa_policy (
          id integer primary key,
          mode text not null default 'off',
          roles ${t.json} not null,
          updated_at ${t.timestamp} not null default ${t.now},
          updated_by integer references admin_user (id) on delete set null
        )`,
        sql`insert into mfa_policy (id, mode, roles) values (1, 'off', '[]')`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
