import { describe, expect, it } from 'vitest'
import {
  type CertificateClaims,
  certificateIssuer,
  certificatePayload,
  isCertificatePayload,
  namesFirm,
  pageAddress,
} from './consent-certificate.ts'

const claims: CertificateClaims = {
  reference: 'ref-123',
  issuedAt: new Date('2026-11-28T10:15:30.987Z'),
  consentVersion: 'a'.repeat(64),
  wording: 'I agree that Acme Claims Ltd may contact me.',
  firms: [{ id: 4, name: 'Acme Claims Ltd', tradingName: 'Acme', fcaNumber: '0123456' }],
  pageUrl: 'https://example.test/check?email=ann%40example.com#form',
  pageRevision: 'rev-9',
  questionnaireVersionId: 3,
  answersSha256: 'b'.repeat(64),
}

describe('certificatePayload', () => {
  it('puts the registered claims and the consent, page and questionnaire facts in place', () => {
    expect(certificatePayload(claims, 'https://example.test')).toEqual({
      iss: 'https://example.test',
      jti: 'ref-123',
      iat: Math.floor(claims.issuedAt.getTime() / 1000),
      consent: { version: 'a'.repeat(64), wording: claims.wording, firms: claims.firms },
      page: { url: 'https://example.test/check', revision: 'rev-9' },
      questionnaire: { version: 3, answersSha256: 'b'.repeat(64) },
    })
  })

  it('names the lead a later submission was kept under, and only then', () => {
    expect(certificatePayload({ ...claims, submissionOf: 'lead-ref' }, 'https://x.test').submissionOf).toBe(
      'lead-ref',
    )
    expect(certificatePayload({ ...claims, submissionOf: null }, 'https://x.test')).not.toHaveProperty(
      'submissionOf',
    )
  })

  it('keeps only the documented firm fields, whatever else the caller passed', () => {
    const extra = { ...claims.firms[0], email: 'buyer@example.test' } as CertificateClaims['firms'][number]
    const payload = certificatePayload({ ...claims, firms: [extra] }, 'https://x.test')
    expect(Object.keys(payload.consent.firms[0] ?? {}).sort()).toEqual([
      'fcaNumber',
      'id',
      'name',
      'tradingName',
    ])
  })

  it('drops the query and fragment of the page address, where personal data can hide', () => {
    expect(pageAddress('https://example.test/a/b?phone=07700900123&x=1#top')).toBe('https://example.test/a/b')
    expect(pageAddress('/relative/page?email=a@b.test')).toBe('/relative/page')
    expect(pageAddress(null)).toBeNull()
    expect(pageAddress('')).toBeNull()
    expect(JSON.stringify(certificatePayload(claims, 'https://x.test'))).not.toContain('ann')
  })

  it('uses the origin of PUBLIC_URL as the issuer', () => {
    expect(certificateIssuer('https://www.example.test/some/path')).toBe('https://www.example.test')
  })
})

describe('isCertificatePayload', () => {
  it('accepts what certificatePayload builds and refuses other shapes', () => {
    expect(isCertificatePayload(certificatePayload(claims, 'https://x.test'))).toBe(true)
    expect(isCertificatePayload({ sub: 'x' })).toBe(false)
    expect(isCertificatePayload(null)).toBe(false)
    const badFirm = { ...certificatePayload(claims, 'https://x.test') }
    badFirm.consent = { ...badFirm.consent, firms: [{ id: '4' } as never] }
    expect(isCertificatePayload(badFirm)).toBe(false)
  })
})

describe('namesFirm', () => {
  const payload = certificatePayload(claims, 'https://x.test')
  it('matches the FCA number, leading zeros or not', () => {
    expect(namesFirm(payload, '0123456')).toBe(true)
    expect(namesFirm(payload, '123456')).toBe(true)
    expect(namesFirm(payload, '654321')).toBe(false)
  })
})
