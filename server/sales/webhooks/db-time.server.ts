import { type Expression, sql } from 'kysely'
import type { Dialect } from '../../platform/index.ts'

/** A stored time as ISO text for the API, null kept. */
export const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString()

/**
 * "Now", plus `ms`: the database's clock on PostgreSQL, so instances on several hosts agree on
 * leases and due times; on SQLite (one host) this process's.
 */
export function nowPlus(dialect: Dialect, ms = 0): Expression<Date> {
  if (dialect === 'postgres') {
    return ms === 0 ? sql<Date>`now()` : sql<Date>`now() + make_interval(secs => ${ms / 1000})`
  }
  return sql<Date>`${new Date(Date.now() + ms)}`
}
