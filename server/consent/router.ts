import express, { Router } from 'express'
import { consentProofSchema } from '../../core/consent.ts'
import type { AppServices } from '../context.ts'
import { parseBody } from '../http/validate.ts'
import { insertConsentProof } from './queries.server.ts'

/** POST /api/consent: what a visitor chose and when, with their browser's user agent (no IP). */
export function consentRouter({ db }: AppServices): Router {
  const router = Router()
  router.post('/api/consent', express.json({ limit: '2kb' }), async (req, res) => {
    const proof = parseBody(consentProofSchema, req)
    const row = await insertConsentProof(db, {
      consentId: proof.consentId,
      analytics: proof.analytics,
      marketing: proof.marketing,
      preferences: proof.preferences,
      version: proof.version,
      chosenAt: new Date(proof.timestamp),
      userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
    })
    res.status(201).json(row)
  })
  return router
}
