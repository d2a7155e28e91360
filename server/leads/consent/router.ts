import express, { Router } from 'express'
import { namesFirm } from '../../../core/consent-certificate.ts'
import {
  type CertificateVerdict,
  certificateVerifySchema,
} from '../../../core/schemas/consent-certificates.ts'
import type { AppServices } from '../../platform/index.ts'
import { parseBody, rateLimit } from '../../platform/index.ts'
import { verifyConsentCertificate } from './certificates.server.ts'
import { publishedKeys, retentionYearsOf } from './keys.server.ts'
import { revocationOf } from './queries.server.ts'

export const JWKS_PATH = '/.well-known/jwks.json'

/**
 * The published keys (JWKS) and the public check of a certificate: genuine, still standing, and
 * which firms it names (docs/decisions/0051-consent-certificates.md).
 */
export function consentCertificatesRouter(services: AppServices): Router {
  const { db } = services
  const router = Router()

  router.get(JWKS_PATH, async (_req, res) => {
    const keys = await publishedKeys(db, await retentionYearsOf(services.site))
    res.setHeader('Cache-Control', 'public, max-age=300')
    // Public keys: any site's script may fetch them to check a certificate.
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.json({ keys })
  })

  router.post(
    '/api/consent-certificates/verify',
    rateLimit(services, 'certificates', services.config.rateLimits.certificates),
    express.json({ limit: '64kb' }),
    async (req, res) => {
      const input = parseBody(certificateVerifySchema, req)
      const verified = await verifyConsentCertificate(
        db,
        input.certificate,
        await retentionYearsOf(services.site),
      )
      if (!verified.valid) {
        res.json({ valid: false, revoked: false, reason: verified.reason } satisfies CertificateVerdict)
        return
      }
      const { payload } = verified
      const revoked = await revocationOf(db, payload.jti)
      res.json({
        valid: true,
        revoked: revoked !== null,
        ...(revoked ? { reason: revoked } : {}),
        reference: payload.jti,
        issuedAt: new Date(payload.iat * 1000).toISOString(),
        consentVersion: payload.consent.version,
        firms: payload.consent.firms,
        ...(input.fcaNumber ? { named: namesFirm(payload, input.fcaNumber) } : {}),
      } satisfies CertificateVerdict)
    },
  )
  return router
}
