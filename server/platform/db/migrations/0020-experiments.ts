import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * A/B experiments on public pages (docs/decisions/0038-experiment-assignment.md): the experiment
 * with its variants (copies of the page), the visitors each variant was shown to (one row per
 * visitor id, UK day and experiment: the salted daily id, never an address), and the variant each
 * lead and later submission converted on ("experimentId:variantName").
 */
export function experiments(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`create table experiment (
          ${t.id('id')},
          name text not null,
          path text not null,
          goal text not null check (goal in ('lead', 'eligible', 'revenue')),
          status text not null default 'draft' check (status in ('draft', 'running', 'stopped', 'promoted')),
          variants ${t.json} not null,
          starts_at ${t.timestamp},
          stops_at ${t.timestamp},
          winner text,
          created_at ${t.timestamp} not null default ${t.now},
          updated_at ${t.timestamp} not null default ${t.now}
        )`,
        // One running experiment per page, enforced by the database for every instance.
        sql`create unique index experiment_running_path_idx on experiment (path) where status = 'running'`,
        sql`create table experiment_exposure (
          experiment_id integer not null references experiment (id) on delete cascade,
          day text not null,
          visitor text not null,
          variant text not null,
          primary key (experiment_id, day, visitor)
        )`,
        sql`create index experiment_exposure_variant_idx on experiment_exposure (experiment_id, variant)`,
        sql`alter table lead add column variant text`,
        sql`alter table lead_submission add column variant text`,
        sql`create index lead_variant_idx on lead (variant) where variant is not null`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
