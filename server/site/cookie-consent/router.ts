import { randomUUID } from 'node:crypto'
import express, { Router } from 'express'
import {
  CONSENT_COOKIE,
  CONSENT_VALIDITY_MS,
  CONSENT_VERSION,
  type ConsentRecord,
  formatConsentCookie,
  parseConsentCookie,
} from '../../../core/consent.ts'
import { COUNTING_PATH } from '../../../core/counting.ts'
import { consentChoiceFormSchema, consentProofSchema } from '../../../core/schemas/consent.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  HttpError,
  mountRoutes,
  parseBody,
  rateLimit,
  readCookie,
  serializeCookie,
} from '../../platform/index.ts'
import { countingRoutes } from './counting.ts'
import { insertConsentProof } from './queries.server.ts'
import { returnTarget } from './return-target.server.ts'

/**
 * POST /api/consent: what a visitor chose and when, with their browser's user agent (no IP).
 * POST /api/consent/choice: the same choice from the consent dialog's plain form (a tap before the
 * page's script has taken the dialog over): kept alike, set as the consent cookie, which the next
 * page's first script honours, and answered with a 303 back to the page it came from.
 * POST /api/consent/counting: the cookie policy's "Don't count my visits" form (counting.ts).
 */
export function consentRouter(services: AppServices): Router {
  const { db } = services
  const router = Router()
  const limit = rateLimit(services, 'consent', services.config.rateLimits.consent)
  const publicOrigin = services.config.publicUrl ? new URL(services.config.publicUrl).origin : undefined
  const secure = services.config.publicUrl?.startsWith('https://') ?? false

  router.post('/api/consent', limit, express.json({ limit: '2kb' }), async (req, res) => {
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
  })

  router.post(
    '/api/consent/choice',
    limit,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 }),
    async (req, res) => {
      if (req.is('application/x-www-form-urlencoded') !== 'application/x-www-form-urlencoded') {
        throw new HttpError(400, 'Request body must be a form (application/x-www-form-urlencoded)')
      }
      const form = parseBody(consentChoiceFormSchema, req, { acceptForms: true })
      const choice =
        form.choice === 'custom'
          ? { analytics: !!form.analytics, marketing: !!form.marketing, preferences: !!form.preferences }
          : {
              analytics: form.choice === 'all',
              marketing: form.choice === 'all',
              preferences: form.choice === 'all',
            }
      const chosenAt = new Date()
      // A changed choice keeps the visitor's consent id, as the script's save does.
      const previous = parseConsentCookie(readCookie(req.headers.cookie, CONSENT_COOKIE))
      const record: ConsentRecord = {
        essential: true,
        ...choice,
        timestamp: chosenAt.getTime(),
        version: CONSENT_VERSION,
        consentId: previous?.consentId ?? randomUUID(),
      }
      await insertConsentProof(db, {
        consentId: record.consentId as string,
        ...choice,
        version: record.version,
        chosenAt,
        clientTimestamp: null,
        userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
      })
      res.append(
        'Set-Cookie',
        // Not HttpOnly: the page's first script reads it and copies it to localStorage.
        serializeCookie(CONSENT_COOKIE, formatConsentCookie(record), {
          maxAgeMs: CONSENT_VALIDITY_MS,
          secure,
          httpOnly: false,
        }),
      )
      const location = returnTarget({
        referer: req.get('referer'),
        returnTo: form.returnTo,
        ownOrigins: [`${req.protocol}://${req.get('host')}`, ...(publicOrigin ? [publicOrigin] : [])],
      })
      res.set('Cache-Control', 'no-store').redirect(303, location)
    },
  )
  router.post(COUNTING_PATH, limit, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 }))
  return mountRoutes(router, services, '', countingRoutes)
}
