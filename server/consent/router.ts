import express, { Router } from 'express'
import { consentProofSchema } from '../../core/schemas/consent.ts'
import type { AppServices } from '../context.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { parseBody } from '../http/validate.ts'
import { insertConsentProof } from './queries.server.ts'

/** POST /api/consent: what a visitor chose and when, with their browser's user agent (no IP). */
export function consentRouter(services: AppServices): Router {
  const { db } = services
  const router = Router()
  router.post(
    '/api/consent',
    rateLimit(services, 'consent', services.config.rateLimits.consent),
    express.json({ limit: '2kb' }),
    async (req, res) => {
      const proof = parseBody(consentProofSchema, req)
      const row = await insertConsentProof(db, {
        consentId: proof.consentId,
        analytics: proof.analytics,
        marketing: proof.marketing,
        preferences: proof.preferences,
        version: proof.version,
        // The record's time is the server's; what the browser claimed is kept beside it as such.
        chosenAt: new Date(),
        clientTimestamp: new Date(proof.timestamp),
        userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
      })
      res.status(201).json(row)
    },
  )
  return router
}
