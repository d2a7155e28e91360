import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Where the reader of nginx's page-view log is (docs/decisions/0085-page-views-from-nginx.md): per
 * host and log path (`source`), the file (its inode) and the byte offset read up to, moved in the
 * same transaction as the counts of those bytes; and which instance holds the lease to read it.
 */
export function pageViewLog(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`create table page_view_log (
        source text primary key,
        inode text,
        position bigint not null default 0,
        holder text,
        held_until ${t.timestamp},
        updated_at ${t.timestamp} not null default ${t.now}
      )`.execute(db)
    },
  }
}
