import express, { Router } from 'express'
import { namesFirm } from '../../../core/consent-certificate.ts'
import {
  type CertificateVerdict,
  certificateVerdictSchema,
  certificateVerifySchema,
} from '../../../core/schemas/consent-certificates.ts'
import type { AppServices } from '../../platform/index.ts'
import { apiModule, arrayOf, mountRoutes, rateLimit, route } from '../../platform/index.ts'
import { verifyConsentCertificate } from './certificates.server.ts'
import { publishedKeys, retentionYearsOf } from './keys.server.ts'
import { revocationOf } from './queries.server.ts'

export const JWKS_PATH = '/.well-known/jwks.json'
const VERIFY_PATH = '/api/consent-certificates/verify'

const jwk = {
  type: 'object',
  description: 'An Ed25519 public key (RFC 8037)',
  properties: {
    kty: { const: 'OKP' },
    crv: { const: 'Ed25519' },
    x: { type: 'string', description: 'The public key, base64url' },
    kid: { type: 'string', description: 'RFC 7638 thumbprint; the `kid` of the certificates it signed' },
    alg: { const: 'EdDSA' },
    use: { const: 'sig' },
  },
  required: ['kty', 'crv', 'x', 'kid', 'alg', 'use'],
}

/**
 * The published keys (JWKS) and the public check of a certificate: genuine, still standing, and
 * which firms it names (docs/decisions/0051-consent-certificates.md).
 */
export const consentCertificatesRoutes = [
  route({
    method: 'get',
    path: JWKS_PATH,
    summary: 'The public keys that sign consent certificates',
    description:
      'A JSON Web Key Set: the active key and retired keys while certificates they signed may still be kept (the lead retention period). Cacheable for five minutes; refetch when a certificate names an unknown `kid`.',
    auth: 'public',
    response: {
      type: 'object',
      properties: { keys: arrayOf(jwk) },
      required: ['keys'],
    },
    handle: async ({ services, res }) => {
      const keys = await publishedKeys(services.db, await retentionYearsOf(services.site))
      res.setHeader('Cache-Control', 'public, max-age=300')
      // Public keys: any site's script may fetch them to check a certificate.
      res.setHeader('Access-Control-Allow-Origin', '*')
      return { keys }
    },
  }),
  route({
    method: 'post',
    path: VERIFY_PATH,
    summary: 'Check a consent certificate',
    description:
      'Whether the certificate is genuine (`valid`: signed by a published key and unaltered), whether its consent still stands (`revoked` once the lead is erased or a return of it for no consent was approved) and which firms it names. With `fcaNumber`, `named` says whether that firm is among them. A forged or altered certificate is `valid: false` with a `reason`, not an error.',
    auth: 'public',
    body: certificateVerifySchema,
    response: certificateVerdictSchema,
    responses: { 429: 'Too many requests from this address: wait for Retry-After seconds' },
    handle: async ({ services: { db, site }, body }): Promise<CertificateVerdict> => {
      const verified = await verifyConsentCertificate(db, body.certificate, await retentionYearsOf(site))
      if (!verified.valid) return { valid: false, revoked: false, reason: verified.reason }
      const { payload } = verified
      const revoked = await revocationOf(db, payload.jti)
      return {
        valid: true,
        revoked: revoked !== null,
        ...(revoked ? { reason: revoked } : {}),
        reference: payload.jti,
        issuedAt: new Date(payload.iat * 1000).toISOString(),
        consentVersion: payload.consent.version,
        firms: payload.consent.firms,
        ...(body.fcaNumber ? { named: namesFirm(payload, body.fcaNumber) } : {}),
      }
    },
  }),
]

export const consentCertificatesApi = apiModule(
  {
    tag: {
      name: 'Consent certificates',
      description:
        'Each lead comes with `consentCertificate`: a compact JWS (EdDSA over Ed25519, `typ` JWT) signed by this site, stating the consent wording and the firms it named, the page and its revision, the questionnaire version and a hash of the answers; never the person’s name, e-mail or phone. It verifies with any JOSE library against /.well-known/jwks.json.',
    },
  },
  consentCertificatesRoutes,
)

export function consentCertificatesRouter(services: AppServices): Router {
  const router = Router()
  // Before the route: the rate limit, then the body read (64 kB: a certificate and a firm number).
  router.post(
    VERIFY_PATH,
    rateLimit(services, 'certificates', services.config.rateLimits.certificates),
    express.json({ limit: '64kb' }),
  )
  return mountRoutes(router, services, '', consentCertificatesRoutes)
}
