import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Sessions a user can see and end (docs/decisions/0045-sessions-and-account-notices.md): the owner,
 * an opaque public id, when and how it began, when it was last seen, the browser's user agent and
 * the address's network prefix (never the whole address). And the durable cursor of the account
 * notices mailer, so each notice goes out once across restarts and instances.
 */
export function sessionDetails(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table session add column admin_id integer`,
        sql`alter table session add column public_id text`,
        sql`alter table session add column created_at ${t.timestamp}`,
        sql`alter table session add column last_seen_at ${t.timestamp}`,
        sql`alter table session add column user_agent text`,
        sql`alter table session add column ip_prefix text`,
        sql`alter table session add column method text`,
        sql`create index session_admin_id_idx on session (admin_id)`,
        sql`create unique index session_public_id_idx on session (public_id)`,
        sql`create table account_notice_cursor (
          name text primary key,
          last_audit_id integer not null
        )`,
      ]
      for (const statement of statements) await statement.execute(db)
      // Sessions from before: their owner comes from the JSON, so listing and ending them still works.
      const rows = await db.selectFrom('session').select(['sid', 'sess']).execute()
      for (const row of rows) {
        const data = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as {
          adminId?: unknown
          createdAt?: unknown
        } | null
        if (typeof data?.adminId !== 'number') continue
        const createdAt = typeof data.createdAt === 'string' ? new Date(data.createdAt) : new Date()
        await db
          .updateTable('session')
          .set({
            admin_id: data.adminId,
            public_id: crypto.randomUUID(),
            created_at: createdAt,
            last_seen_at: createdAt,
          })
          .where('sid', '=', row.sid)
          .execute()
      }
      // Notices are for what happens from now on: the audit log's past is not mailed.
      const last = await db
        .selectFrom('audit_log')
        .select(sql<number>`coalesce(max(id), 0)`.as('id'))
        .executeTakeFirst()
      await db
        .insertInto('account_notice_cursor')
        .values({ name: 'account-notices', last_audit_id: Number(last?.id ?? 0) })
        .execute()
    },
  }
}
