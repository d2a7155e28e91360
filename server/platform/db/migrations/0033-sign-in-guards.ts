import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Guards on the second step of signing in (docs/decisions/0055-sso-factor-and-code-limits.md).
 * A pending sign-in remembers how its first step was done (password or single sign-on) and how
 * many codes it has tried. `sign_in_code_failure` counts wrong codes per account over a sliding
 * window and `sign_in_code_lock` holds an account's code step shut for a while. An account links
 * to one subject per provider: duplicates an earlier version made are dropped, keeping the first.
 */
export function signInGuards(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table auth_challenge add column first_step text not null default 'password'`,
        sql`alter table auth_challenge add column code_attempts integer not null default 0`,
        sql`create table sign_in_code_failure (
          ${t.id('id')},
          admin_id integer not null references admin_user (id) on delete cascade,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index sign_in_code_failure_admin_idx on sign_in_code_failure (admin_id, created_at)`,
        sql`create table sign_in_code_lock (
          admin_id integer primary key references admin_user (id) on delete cascade,
          locked_until ${t.timestamp} not null
        )`,
        sql`delete from sso_identity where id not in (
          select min(id) from sso_identity group by issuer, admin_id
        )`,
        sql`create unique index sso_identity_issuer_admin_idx on sso_identity (issuer, admin_id)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
