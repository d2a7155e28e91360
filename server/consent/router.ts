import express, { Router } from 'express'
import type { Kysely } from 'kysely'
import { consentProofSchema } from '../../core/consent.ts'
import type { AppServices } from '../context.ts'
import type { DB } from '../db/schema.ts'
import { parseBody } from '../http/validate.ts'

/** Proof of consent is kept as long as leads may be: up to six years. */
export const CONSENT_RETENTION_MS = 6 * 365 * 24 * 60 * 60 * 1000

/** POST /api/consent: what a visitor chose and when, with their browser's user agent (no IP). */
export function consentRouter({ db }: AppServices): Router {
  const router = Router()
  router.post('/api/consent', express.json({ limit: '2kb' }), async (req, res) => {
    const proof = parseBody(consentProofSchema, req)
    const row = await db
      .insertInto('consentRecord')
      .values({
        consentId: proof.consentId,
        analytics: proof.analytics,
        marketing: proof.marketing,
        preferences: proof.preferences,
        version: proof.version,
        chosenAt: new Date(proof.timestamp),
        userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
      })
      .returning(['id', 'createdAt'])
      .executeTakeFirstOrThrow()
    res.status(201).json(row)
  })
  return router
}

export async function purgeOldConsent(db: Kysely<DB>) {
  await db
    .deleteFrom('consentRecord')
    .where('createdAt', '<', new Date(Date.now() - CONSENT_RETENTION_MS))
    .execute()
}
