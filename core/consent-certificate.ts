/**
 * What a signed consent certificate says (docs/decisions/0051-consent-certificates.md): the facts
 * of one lead's (or later submission's) consent, and never the person's name, e-mail or phone.
 * Pure, so the signer, the verifier and the tests share one definition of the payload.
 */

export type CertificateFirm = { id: number; name: string; tradingName: string | null; fcaNumber: string }

export type CertificateClaims = {
  reference: string
  issuedAt: Date
  /** The content hash of the consent version the visitor agreed to. */
  consentVersion: string
  wording: string
  firms: CertificateFirm[]
  pageUrl: string | null
  pageRevision: string | null
  questionnaireVersionId: number | null
  answersSha256: string | null
  /** For a later submission: the reference of the lead it was kept under. */
  submissionOf?: string | null
}

/** The JWS payload: registered JWT claims (`iss`, `jti`, `iat`) and the consent facts. */
export type CertificatePayload = {
  iss: string
  jti: string
  iat: number
  consent: { version: string; wording: string; firms: CertificateFirm[] }
  page: { url: string | null; revision: string | null }
  questionnaire: { version: number | null; answersSha256: string | null }
  submissionOf?: string
}

/** The JOSE header every certificate carries; `typ` is JWT so off-the-shelf JWT libraries verify it. */
export type CertificateHeader = { alg: 'EdDSA'; kid: string; typ: 'JWT' }

/**
 * The page address without its query and fragment: a query string can carry what a form or an ad
 * put there (an e-mail address, a click id), and the certificate must hold no personal data.
 */
export function pageAddress(url: string | null): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}`
  } catch {
    const path = url.split(/[?#]/, 1)[0] ?? ''
    return path || null
  }
}

/** The certificate's payload for `claims`, issued by `issuer` (the site's origin). */
export function certificatePayload(claims: CertificateClaims, issuer: string): CertificatePayload {
  const payload: CertificatePayload = {
    iss: issuer,
    jti: claims.reference,
    iat: Math.floor(claims.issuedAt.getTime() / 1000),
    consent: {
      version: claims.consentVersion,
      wording: claims.wording,
      firms: claims.firms.map((f) => ({
        id: f.id,
        name: f.name,
        tradingName: f.tradingName,
        fcaNumber: f.fcaNumber,
      })),
    },
    page: { url: pageAddress(claims.pageUrl), revision: claims.pageRevision },
    questionnaire: { version: claims.questionnaireVersionId, answersSha256: claims.answersSha256 },
  }
  if (claims.submissionOf) payload.submissionOf = claims.submissionOf
  return payload
}

/** The origin of PUBLIC_URL (or of wherever the site answers when it is unset): the `iss` claim. */
export function certificateIssuer(publicUrl: string): string {
  return new URL(publicUrl).origin
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const isFirm = (v: unknown): v is CertificateFirm =>
  isObject(v) &&
  typeof v.id === 'number' &&
  typeof v.name === 'string' &&
  (v.tradingName === null || typeof v.tradingName === 'string') &&
  typeof v.fcaNumber === 'string'

/**
 * A verified payload's shape, checked before anything in it is trusted to be of its type. A
 * signature we made over another shape (none exists) would still not be read as a certificate.
 */
export function isCertificatePayload(value: unknown): value is CertificatePayload {
  if (!isObject(value)) return false
  const { consent, page, questionnaire } = value
  return (
    typeof value.iss === 'string' &&
    typeof value.jti === 'string' &&
    typeof value.iat === 'number' &&
    isObject(consent) &&
    typeof consent.version === 'string' &&
    typeof consent.wording === 'string' &&
    Array.isArray(consent.firms) &&
    consent.firms.every(isFirm) &&
    isObject(page) &&
    isObject(questionnaire) &&
    (value.submissionOf === undefined || typeof value.submissionOf === 'string')
  )
}

/** Whether the certificate names the firm with this FCA reference number (leading zeros ignored). */
export function namesFirm(payload: CertificatePayload, fcaNumber: string): boolean {
  const wanted = fcaNumber.trim().replace(/^0+/, '')
  return payload.consent.firms.some((f) => f.fcaNumber.trim().replace(/^0+/, '') === wanted)
}
