import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

export function pageRevisions(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table page_revision (
          ${t.id('id')},
          page_id integer not null references page (id) on delete cascade,
          slug text not null,
          title text not null,
          meta_description text,
          meta_keywords text,
          target_keyword text,
          og_title text,
          og_description text,
          content ${dialect === 'postgres' ? sql`json` : t.json} not null,
          actor_id integer,
          actor_email text,
          created_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create index page_revision_page_id_idx on page_revision (page_id, id)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
