import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Compliance review flags the operator accepted with a note (docs/decisions/0078-compliance-review.md),
 * written by the site's pages. Open flags are computed from the copy, never stored.
 */
export function reviewAcceptance(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await sql`create table review_acceptance (
        ${t.id('id')},
        scope text not null,
        flag_id text not null,
        code text not null,
        note text not null,
        accepted_by_email text,
        accepted_at ${t.timestamp} not null default ${t.now},
        unique (scope, flag_id)
      )`.execute(db)
    },
  }
}
