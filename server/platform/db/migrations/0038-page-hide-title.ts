import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A page may hide its title heading (docs/decisions/0061-editor-switching-and-placeholders.md):
 * a landing page whose hero has its own heading shows the title to screen readers only.
 */
export function pageHideTitle(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`alter table page add column hide_title boolean not null default false`.execute(db)
    },
  }
}
