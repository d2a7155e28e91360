import {
  certificateVerdictSchema,
  certificateVerifySchema,
} from '../../../core/schemas/consent-certificates.ts'
import { arrayOf, defineApi } from '../../platform/index.ts'

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

export const consentCertificatesApi = defineApi({
  tag: {
    name: 'Consent certificates',
    description:
      'Each lead comes with `consentCertificate`: a compact JWS (EdDSA over Ed25519, `typ` JWT) signed by this site, stating the consent wording and the firms it named, the page and its revision, the questionnaire version and a hash of the answers; never the person’s name, e-mail or phone. It verifies with any JOSE library against /.well-known/jwks.json.',
  },
  operations: [
    {
      method: 'get',
      path: '/.well-known/jwks.json',
      summary: 'The public keys that sign consent certificates',
      description:
        'A JSON Web Key Set: the active key and retired keys while certificates they signed may still be kept (the lead retention period). Cacheable for five minutes; refetch when a certificate names an unknown `kid`.',
      auth: 'public',
      response: {
        type: 'object',
        properties: { keys: arrayOf(jwk) },
        required: ['keys'],
      },
    },
    {
      method: 'post',
      path: '/api/consent-certificates/verify',
      summary: 'Check a consent certificate',
      description:
        'Whether the certificate is genuine (`valid`: signed by a published key and unaltered), whether its consent still stands (`revoked` once the lead is erased or a return of it for no consent was approved) and which firms it names. With `fcaNumber`, `named` says whether that firm is among them. A forged or altered certificate is `valid: false` with a `reason`, not an error.',
      auth: 'public',
      request: certificateVerifySchema,
      response: certificateVerdictSchema,
      responses: { 429: 'Too many requests from this address: wait for Retry-After seconds' },
    },
  ],
})
