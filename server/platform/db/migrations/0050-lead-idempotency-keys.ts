import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'

/**
 * A lead post's Idempotency-Key (docs/decisions/0080-offers-and-repeatable-lead-posts.md), kept
 * with the lead or the submission the post became. Unique: two posts with one key racing on two
 * instances make one row, and the loser reads the winner's answer. Null for posts without a key.
 */
export function leadIdempotencyKeys(_dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table lead add column idempotency_key text`,
        sql`alter table lead_submission add column idempotency_key text`,
        sql`create unique index lead_idempotency_key_idx on lead (idempotency_key)`,
        sql`create unique index lead_submission_idempotency_key_idx on lead_submission (idempotency_key)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
