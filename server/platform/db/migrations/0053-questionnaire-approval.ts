import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Four-eyes for questionnaire versions (docs/decisions/0084-questionnaire-four-eyes.md): a publish
 * the compliance review flags waits on the version for a second admin, and the approval, the
 * flags seen and the approver stay with it.
 */
export function questionnaireApproval(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const columns = [
        sql`approval_requested_by_id integer`,
        sql`approval_requested_by_email text`,
        sql`approval_requested_at ${t.timestamp}`,
        sql`approval_flags ${t.json}`,
        sql`approval_note text`,
        sql`approved_by_email text`,
        sql`approved_at ${t.timestamp}`,
      ]
      for (const column of columns)
        await sql`alter table questionnaire_version add column ${column}`.execute(db)
    },
  }
}
