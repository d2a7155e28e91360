import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Cookieless analytics (docs/decisions/0037-analytics.md). Nothing here holds an IP address or a
 * user agent: `visitor` is the day's salted hash (0036), the device is a class, the referrer a domain.
 * - `analytics_event`: raw events of one flush, deleted once rolled up (`batch` names the flush).
 * - `analytics_visitor`: one row per UK day and visitor, with the first touch (landing page,
 *   attribution, device, variant) every later event of the day is counted under.
 * - `analytics_reach`: which stages (and question ids) a visitor reached that day, once each.
 * - `analytics_hourly`: per UTC hour and first-touch key, events and visitors newly reaching the
 *   stage, so sums over any hours and keys are exact; `analytics_daily` the same per UK day, which
 *   the reports read (24 times fewer rows).
 * - `analytics_lead`: each lead with its visitor's first touch, to join sales and the ledger.
 */
export function analytics(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  // On SQLite the rollups are stored in key order, so a range of days is read in one sweep.
  const clustered = sql.raw(dialect === 'sqlite' ? ' without rowid' : '')
  const dims = sql.raw(`path text not null,
        variant text,
        utm_source text,
        utm_campaign text,
        utm_medium text,
        referrer text,
        device text not null`)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table analytics_event (
          ${t.id('id')},
          batch text not null,
          day text not null,
          hour text not null,
          visitor text not null,
          stage text not null,
          step text not null default '',
          lead_id integer,
          weight integer not null default 1,
          ${dims}
        )`,
        sql`create index analytics_event_batch_idx on analytics_event (batch)`,
        sql`create table analytics_visitor (
          day text not null,
          visitor text not null,
          hour text not null,
          ${dims},
          primary key (day, visitor)
        )`,
        sql`create table analytics_reach (
          day text not null,
          visitor text not null,
          stage text not null,
          step text not null,
          hour text not null,
          batch text not null,
          primary key (day, visitor, stage, step)
        )`,
        sql`create index analytics_reach_batch_idx on analytics_reach (batch)`,
        sql`create table analytics_hourly (
          hour text not null,
          day text not null,
          dims_key text not null,
          ${dims},
          stage text not null,
          step text not null,
          events integer not null default 0,
          visitors integer not null default 0,
          primary key (hour, dims_key)
        )${clustered}`,
        sql`create index analytics_hourly_day_idx on analytics_hourly (day)`,
        sql`create table analytics_daily (
          day text not null,
          dims_key text not null,
          ${dims},
          stage text not null,
          step text not null,
          events integer not null default 0,
          visitors integer not null default 0,
          primary key (day, dims_key)
        )${clustered}`,
        sql`create table analytics_lead (
          lead_id integer primary key,
          day text not null,
          hour text not null,
          ${dims},
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index analytics_lead_day_idx on analytics_lead (day)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
