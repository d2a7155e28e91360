import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * The daily salt that makes a visitor's hash (docs/decisions/0036-cookieless-visitors.md): one row
 * per UK day, shared by every instance, deleted once the day is over.
 */
export function visitorSalt(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`create table visitor_salt (
        day text primary key,
        salt text not null,
        created_at ${t.timestamp} not null default ${t.now}
      )`.execute(db)
    },
  }
}
