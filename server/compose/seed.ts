import type { Kysely } from 'kysely'
import { backfillLeadAnswers, seedQuestionnaires } from '../leads/index.ts'
import type { DB } from '../platform/index.ts'
import { seedSite } from '../site/index.ts'

/**
 * Idempotent: each area inserts what is missing of its own tables and never overwrites what an
 * operator changed; the site first, as the questionnaire's pages link to it.
 */
export async function seed(db: Kysely<DB>): Promise<void> {
  await seedSite(db)
  await seedQuestionnaires(db)
  await backfillLeadAnswers(db)
}
