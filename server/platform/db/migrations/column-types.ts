import { sql } from 'kysely'
import type { Dialect } from '../database.ts'

/**
 * Column types per engine. On SQLite the declared type names `boolean`, `timestamp` and `json` are
 * what the adapter reads to give values back as booleans, Dates and objects.
 */
export function typesFor(dialect: Dialect) {
  const pg = dialect === 'postgres'
  return {
    timestamp: pg ? sql`timestamptz` : sql`timestamp`,
    json: pg ? sql`jsonb` : sql`json`,
    now: pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    id: (col: string) =>
      pg ? sql.raw(`${col} serial primary key`) : sql.raw(`${col} integer primary key autoincrement`),
  }
}
