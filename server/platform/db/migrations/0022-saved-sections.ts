import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Saved sections (docs/decisions/0042-saved-sections-and-templates.md): one builder section
 * ({styles, widgets}) kept under a name to insert into any page. Names are unique whatever their
 * case, so the list never shows two "Hero" entries.
 */
export function savedSections(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table saved_section (
          ${t.id('id')},
          name text not null,
          section ${t.json} not null,
          created_at ${t.timestamp} not null default ${t.now},
          created_by integer,
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        sql`create unique index saved_section_name_idx on saved_section (lower(name))`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
