import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Dialect } from '../database.ts'
import { typesFor } from './column-types.ts'

/**
 * Leads answered against questionnaire versions (docs/decisions/0028-lead-answers.md): a lead and a
 * later submission keep the version they were asked, their answers keyed by question id, and the
 * outcome and estimate computed from that version. Leads taken before are given the seeded SPEC
 * version and their answers from `eligibility_response` by the seed (the version does not exist
 * yet when migrations run): see `backfillLeadAnswers`.
 */
export function leadAnswers(dialect: Dialect): Migration {
  const t = typesFor(dialect)
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table lead add column questionnaire_version_id integer references questionnaire_version (id)`,
        sql`alter table lead add column answers ${t.json}`,
        sql`alter table lead add column outcome text`,
        sql`alter table lead add column estimated_claim integer`,
        sql`alter table lead_submission add column questionnaire_version_id integer references questionnaire_version (id)`,
        sql`alter table lead_submission add column answers ${t.json}`,
        sql`alter table lead_submission add column outcome text`,
        sql`create index lead_questionnaire_version_idx on lead (questionnaire_version_id, id)`,
      ]
      for (const statement of statements) await statement.execute(db)
    },
  }
}
