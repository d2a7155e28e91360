import { describe, expect, it } from 'vitest'
import { consentRefusal, consentVersionHash, namedInConsent } from './consent-version.ts'

const alpha = {
  id: 1,
  name: 'Alpha',
  legalName: 'Alpha Claims Ltd',
  tradingName: 'Alpha',
  fcaNumber: '123456',
}
const content = { wording: 'I agree…', firms: [alpha], partnerName: null, privacyVersion: '2025-01' }

describe('consentVersionHash', () => {
  it('is the same for the same content and changes with any part of a firm’s identity', () => {
    expect(consentVersionHash(content)).toMatch(/^[0-9a-f]{64}$/)
    expect(consentVersionHash({ ...content, firms: [{ ...alpha }] })).toBe(consentVersionHash(content))
    for (const change of [{ legalName: 'Alpha Legal Ltd' }, { tradingName: null }, { fcaNumber: '654321' }]) {
      expect(consentVersionHash({ ...content, firms: [{ ...alpha, ...change }] })).not.toBe(
        consentVersionHash(content),
      )
    }
    expect(consentVersionHash({ ...content, wording: 'I agree.' })).not.toBe(consentVersionHash(content))
  })
})

describe('namedInConsent', () => {
  const buyer = { id: 1, name: 'Alpha Claims Ltd', tradingName: 'Alpha', fcaNumber: '123456' }
  it('holds for the same firm with the same identity, whatever the case or spaces', () => {
    expect(namedInConsent(alpha, buyer)).toBe(true)
    expect(namedInConsent(alpha, { ...buyer, name: ' alpha claims ltd ' })).toBe(true)
    expect(consentRefusal([alpha], buyer)).toBeUndefined()
  })
  it('fails for another id, a changed legal name, trading name or FCA number', () => {
    expect(namedInConsent(alpha, { ...buyer, id: 2 })).toBe(false)
    expect(namedInConsent(alpha, { ...buyer, name: 'Newco Legal Ltd' })).toBe(false)
    expect(namedInConsent(alpha, { ...buyer, tradingName: 'Newco' })).toBe(false)
    expect(namedInConsent(alpha, { ...buyer, fcaNumber: '999999' })).toBe(false)
    expect(consentRefusal([alpha], { ...buyer, fcaNumber: '999999' })).toMatch(/identity has changed/)
    expect(consentRefusal([], buyer)).toMatch(/was not named/)
  })
  it('matches a firm kept before consent versions by id and the name the wording used', () => {
    const legacy = { id: 1, name: 'Alpha' }
    expect(namedInConsent(legacy, buyer)).toBe(true)
    expect(namedInConsent(legacy, { ...buyer, tradingName: null })).toBe(false)
  })
})
