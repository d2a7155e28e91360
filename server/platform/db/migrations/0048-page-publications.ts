import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Four-eyes and scheduled publishing (docs/decisions/0079-four-eyes-and-scheduled-publishing.md):
 * a publication is the version of a page to publish, who asked, the review flags seen, the second
 * admin's decision and, when scheduled, the time. The page and its revisions name the publication
 * that put the version live, so the approval stays with the version.
 */
export function pagePublications(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table page_publication (
          ${t.id('id')},
          page_id integer not null references page (id) on delete cascade,
          status text not null,
          slug text not null,
          title text not null,
          meta_description text,
          meta_keywords text,
          target_keyword text,
          og_title text,
          og_description text,
          content ${dialect === 'postgres' ? sql`json` : t.json} not null,
          flags ${t.json} not null,
          approval_required boolean not null default false,
          requested_by_id integer,
          requested_by_email text,
          requested_at ${t.timestamp} not null default ${t.now},
          publish_at ${t.timestamp},
          decided_by_id integer,
          decided_by_email text,
          decided_at ${t.timestamp},
          note text,
          claimed_at ${t.timestamp},
          published_at ${t.timestamp}
        )`,
        sql`create index page_publication_due_idx on page_publication (status, publish_at)`,
        sql`create index page_publication_page_idx on page_publication (page_id, id)`,
        sql`alter table page add column publication_id integer`,
        sql`alter table page_revision add column publication_id integer`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
