import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The values analytics admitted for a UK day, per dimension (docs/decisions/0054-bounded-analytics.md):
 * a day keeps at most a fixed number of utm, referrer and first-touch key values; any other counts
 * as "(other)". Shared by every instance; deleted once the day is over.
 */
export function analyticsValues(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`create table analytics_value (
        day text not null,
        dimension text not null,
        value text not null,
        primary key (day, dimension, value)
      )`.execute(db)
    },
  }
}
