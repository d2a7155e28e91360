import { sign, verify } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  type CertificateClaims,
  type CertificateHeader,
  type CertificatePayload,
  certificatePayload,
  isCertificatePayload,
} from '../../../core/consent-certificate.ts'
import type { DB } from '../../platform/index.ts'
import { activeKey, publishedKey, type SignerSettings } from './keys.server.ts'

export type { CertificateClaims }

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url')

/**
 * Compact JWS (EdDSA, Ed25519) consent certificates for `claims`, in order: one key read per
 * batch at most (usually none: the active key is kept in memory), then a signature each.
 * `settings` defaults to what createServices configured from SESSION_SECRET and PUBLIC_URL.
 * Pass the root handle (services.db) where you can: a transaction is a handle of its own, so it
 * costs a key read per batch, where the root handle usually costs none.
 */
export async function signConsentCertificates(
  db: Kysely<DB>,
  claims: CertificateClaims[],
  settings: SignerSettings,
): Promise<string[]> {
  if (claims.length === 0) return []
  return (await consentSigner(db, settings))(claims)
}

/** Signs certificates with the key active now: read before a transaction, used inside it without I/O. */
export type ConsentSigner = (claims: CertificateClaims[]) => string[]

/**
 * The active key, loaded (or made) through `db` now, as a synchronous signer: the lead capture
 * takes it before its transaction so signing needs no query on a connection the transaction holds.
 */
export async function consentSigner(db: Kysely<DB>, settings: SignerSettings): Promise<ConsentSigner> {
  const key = await activeKey(db, settings)
  const header: CertificateHeader = { alg: 'EdDSA', kid: key.kid, typ: 'JWT' }
  const encodedHeader = b64(JSON.stringify(header))
  return (claims) =>
    claims.map((c) => {
      const input = `${encodedHeader}.${b64(JSON.stringify(certificatePayload(c, settings.issuer)))}`
      return `${input}.${sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`
    })
}

export type Verified =
  | { valid: true; payload: CertificatePayload }
  | { valid: false; reason: 'malformed' | 'unsupported_algorithm' | 'unknown_key' | 'bad_signature' }

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

/**
 * Whether `token` is a certificate signed by one of the published keys and unaltered. Only the
 * signature decides; what the payload says is read after it holds.
 */
export async function verifyConsentCertificate(
  db: Kysely<DB>,
  token: string,
  retentionYears: number,
): Promise<Verified> {
  const parts = token.split('.')
  if (parts.length !== 3) return { valid: false, reason: 'malformed' }
  const [encodedHeader = '', encodedPayload = '', signature = ''] = parts
  const header = decodeJson(encodedHeader) as Partial<CertificateHeader> | undefined
  if (!header || typeof header !== 'object' || typeof header.kid !== 'string')
    return { valid: false, reason: 'malformed' }
  if (header.alg !== 'EdDSA') return { valid: false, reason: 'unsupported_algorithm' }
  const key = await publishedKey(db, header.kid, retentionYears)
  if (!key) return { valid: false, reason: 'unknown_key' }
  let genuine = false
  try {
    genuine = verify(
      null,
      Buffer.from(`${encodedHeader}.${encodedPayload}`),
      key,
      Buffer.from(signature, 'base64url'),
    )
  } catch {
    genuine = false
  }
  if (!genuine) return { valid: false, reason: 'bad_signature' }
  const payload = decodeJson(encodedPayload)
  if (!isCertificatePayload(payload)) return { valid: false, reason: 'malformed' }
  return { valid: true, payload }
}
