import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

export function accessAndAudit(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table audit_log (
          ${t.id('id')},
          created_at ${t.timestamp} not null default ${t.now},
          actor_id integer,
          actor_email text,
          action text not null,
          entity text,
          entity_id text,
          detail ${t.json}
        )`,
        sql`create index audit_log_created_at_idx on audit_log (created_at)`,
        sql`create table rate_limit (
          key text primary key,
          window_start ${t.timestamp} not null,
          hits integer not null
        )`,
        sql`create index rate_limit_window_start_idx on rate_limit (window_start)`,
        sql`create index admin_user_password_reset_token_idx on admin_user (password_reset_token)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
