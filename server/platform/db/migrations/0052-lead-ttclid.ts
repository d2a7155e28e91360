import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * TikTok's click id kept like the others, and the visitor's cookie consent to marketing at the
 * post (server-side conversions send user data only with it), on leads and later submissions.
 */
export function leadTtclid(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      for (const table of ['lead', 'lead_submission']) {
        await sql`alter table ${sql.table(table)} add column ttclid text`.execute(db)
        await sql`alter table ${sql.table(table)} add column marketing_consent boolean not null default false`.execute(
          db,
        )
      }
    },
  }
}
