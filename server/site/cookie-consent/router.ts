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
  apiModule,
  HttpError,
  mountRoutes,
  parseBody,
  rateLimit,
  readCookie,
  route,
  serializeCookie,
  shape,
} from '../../platform/index.ts'
import { countingRoutes } from './counting.ts'
import { insertConsentProof } from './queries.server.ts'
import { returnTarget } from './return-target.server.ts'

const PROOF = '/api/consent'
const CHOICE = '/api/consent/choice'

export const consentRoutes = [
  /** What a visitor chose and when, with their browser's user agent (no IP). */
  route({
    method: 'post',
    path: PROOF,
    summary: 'Record a cookie choice',
    description: 'Kept with the time the server received it and the browser user agent (no IP address).',
    auth: 'public',
    body: consentProofSchema,
    status: 201,
    response: shape({ id: 'integer', createdAt: 'date-time' }),
    responses: { 429: 'Too many requests' },
    handle: ({ services, body: proof, req }) =>
      insertConsentProof(services.db, {
        consentId: proof.consentId,
        analytics: proof.analytics,
        marketing: proof.marketing,
        preferences: proof.preferences,
        version: proof.version,
        // The record's time is the server's; what the browser claimed is kept beside it as such.
        chosenAt: new Date(),
        clientTimestamp: new Date(proof.timestamp),
        userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
      }),
  }),
  /**
   * The same choice from the consent dialog's plain form (a tap before the page's script has taken
   * the dialog over): kept alike, set as the consent cookie, which the next page's first script
   * honours, and answered with a 303 back to the page it came from. The form is read here, as only
   * a form will do.
   */
  route({
    method: 'post',
    path: CHOICE,
    summary: 'Record a cookie choice from the consent dialog’s form',
    description:
      'The consent dialog’s buttons post here before the page’s script has taken them over. Kept like `POST /api/consent` (no client time); sets the `cookie_consent_v1` cookie (`version:flags:timestamp:consentId`, read by the page’s first script) and answers 303 to the page the form came from: the Referer when it is on this site, else `returnTo` when it is a path here, else `/`.',
    auth: 'public',
    body: consentChoiceFormSchema,
    requestType: 'application/x-www-form-urlencoded',
    status: 303,
    responses: { 429: 'Too many requests' },
    handle: async ({ services: { db, config }, req, res }) => {
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
          secure: config.publicUrl?.startsWith('https://') ?? false,
          httpOnly: false,
        }),
      )
      const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined
      const location = returnTarget({
        referer: req.get('referer'),
        returnTo: form.returnTo,
        ownOrigins: [`${req.protocol}://${req.get('host')}`, ...(publicOrigin ? [publicOrigin] : [])],
      })
      res.set('Cache-Control', 'no-store').redirect(303, location)
    },
  }),
]

export const consentApi = apiModule(
  { tag: { name: 'Consent', description: "Proof of a visitor's cookie choice." } },
  [...consentRoutes, ...countingRoutes],
)

/** POST /api/consent and /api/consent/choice: rate-limited, each body read by its own small parser. */
export function consentRouter(services: AppServices): Router {
  const router = Router()
  const limit = rateLimit(services, 'consent', services.config.rateLimits.consent)
  router.post(PROOF, limit, express.json({ limit: '2kb' }))
  router.post(CHOICE, limit, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 }))
  router.post(COUNTING_PATH, limit, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 }))
  return mountRoutes(router, services, '', [...consentRoutes, ...countingRoutes])
}
