import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import type { Job } from '../scheduler.ts'

/** Proof of consent is kept as long as leads may be: up to six years. */
export const CONSENT_RETENTION_MS = 6 * 365 * 24 * 60 * 60 * 1000

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

export async function purgeOldConsent(db: Kysely<DB>) {
  await db
    .deleteFrom('consentRecord')
    .where('createdAt', '<', new Date(Date.now() - CONSENT_RETENTION_MS))
    .execute()
}

export const consentJobs = (db: Kysely<DB>): Job[] => [
  { name: 'consent-purge', everyMs: 10 * 60_000, run: () => purgeOldConsent(db) },
]
