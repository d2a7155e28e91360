import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'

export type ConsentProof = {
  consentId: string
  analytics: boolean
  marketing: boolean
  preferences: boolean
  version: string
  chosenAt: Date
  clientTimestamp: Date | null
  userAgent: string | null
}

export function insertConsentProof(db: Kysely<DB>, proof: ConsentProof) {
  return db.insertInto('consentRecord').values(proof).returning(['id', 'createdAt']).executeTakeFirstOrThrow()
}

/**
 * Deletes consent records made before `cutoff` (the retention period, see server/leads/data-requests), a batch
 * at a time so a large purge never holds the write lock for long. Returns how many went.
 */
export async function purgeConsentBefore(db: Kysely<DB>, cutoff: Date, batchSize = 1000): Promise<number> {
  let total = 0
  for (;;) {
    const result = await db
      .deleteFrom('consentRecord')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('consentRecord')
          .select('id')
          .where('createdAt', '<', cutoff)
          .orderBy('id')
          .limit(batchSize),
      )
      .executeTakeFirst()
    const deleted = Number(result.numDeletedRows)
    total += deleted
    if (deleted < batchSize) return total
  }
}
