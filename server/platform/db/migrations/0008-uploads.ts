import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Uploaded images live in the database, not on one instance's disk, so every app instance sharing
 * it can serve them. Keys are content-addressed: a row is never changed once written.
 */
export function uploads(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`create table upload (
        ${t.id('id')},
        key text not null unique,
        content_type text not null,
        width integer not null,
        height integer not null,
        bytes ${dialect === 'postgres' ? sql`bytea` : sql`blob`} not null,
        created_at ${t.timestamp} not null default ${t.now},
        created_by integer
      )`.execute(db)
    },
  }
}
