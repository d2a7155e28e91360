import { createHash, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  conversionEventId,
  googleImportTime,
  normaliseEmail,
  normalisePhone,
} from '../../../core/conversions.ts'
import { serviceAccountAssertion } from './google-auth.server.ts'
import {
  type ConversionFact,
  googleBody,
  hashedContact,
  metaBody,
  tiktokBody,
  unsendable,
} from './payloads.server.ts'
import { openSecrets, sealSecrets } from './secrets.server.ts'

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

const fact = (overrides: Partial<ConversionFact> = {}): ConversionFact => ({
  event: 'lead',
  eventId: 'REF-lead',
  eventTime: new Date('2026-11-28T10:00:00.500Z'),
  valuePence: null,
  consented: true,
  email: '  Ann.Lee@Example.COM ',
  phone: '07700 900123',
  ipAddress: '203.0.113.7',
  userAgent: 'UA',
  sourceUrl: 'https://example.test/',
  capturedAt: new Date('2026-11-28T10:00:00.500Z'),
  gclid: null,
  gbraid: null,
  wbraid: null,
  fbclid: null,
  ttclid: null,
  ...overrides,
})

describe('normalising and hashing contact details', () => {
  it('trims and lowercases e-mail, and reads UK phone formats into E.164', () => {
    expect(normaliseEmail('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com')
    for (const typed of ['07700 900123', '+44 7700 900123', '0044 (0)7700-900123', '+44(0)7700.900.123'])
      expect(normalisePhone(typed)).toBe('+447700900123')
    expect(normalisePhone('020 7946 0958')).toBe('+442079460958')
    expect(normalisePhone('12345')).toBeNull()
  })

  it('hashes SHA-256 hex: E.164 with + for Google and TikTok, digits only for Meta', () => {
    expect(hashedContact(fact())).toEqual({
      email: sha('ann.lee@example.com'),
      phone: sha('+447700900123'),
      phoneDigits: sha('447700900123'),
    })
  })

  it('gives each event of a lead one id, the return reusing the sale’s', () => {
    expect(conversionEventId('abc', 'lead')).toBe('abc-lead')
    expect(conversionEventId('abc', 'return')).toBe('abc-sale')
    expect(googleImportTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02 03:04:05+0000')
  })
})

describe('payload builders', () => {
  it('builds Meta’s event with user data, fbc and value', () => {
    const body = metaBody(
      [fact({ event: 'sale', eventId: 'REF-sale', valuePence: 4000, fbclid: 'FB1' })],
      { pixelId: '1', testEventCode: 'TEST1' },
      true,
    )
    expect(body).toEqual({
      data: [
        {
          event_name: 'Purchase',
          event_time: 1_795_860_000,
          event_id: 'REF-sale',
          action_source: 'website',
          event_source_url: 'https://example.test/',
          user_data: {
            em: [sha('ann.lee@example.com')],
            ph: [sha('447700900123')],
            client_ip_address: '203.0.113.7',
            client_user_agent: 'UA',
            fbc: 'fb.1.1795860000500.FB1',
          },
          custom_data: { currency: 'GBP', value: 40 },
        },
      ],
      test_event_code: 'TEST1',
    })
    expect(metaBody([fact()], { pixelId: '1', testEventCode: 'TEST1' }, false)).not.toHaveProperty(
      'test_event_code',
    )
  })

  it('builds TikTok’s event with the pixel, ttclid and value', () => {
    const body = tiktokBody([fact({ event: 'qualified', ttclid: 'TT1' })], { pixelCode: 'PX' }, false)
    expect(body).toEqual({
      event_source: 'web',
      event_source_id: 'PX',
      data: [
        {
          event: 'CompleteRegistration',
          event_time: 1_795_860_000,
          event_id: 'REF-lead',
          user: {
            email: sha('ann.lee@example.com'),
            phone: sha('+447700900123'),
            ip: '203.0.113.7',
            user_agent: 'UA',
            ttclid: 'TT1',
          },
          page: { url: 'https://example.test/' },
        },
      ],
    })
  })

  it('builds Google’s request: destination, consent per event, click ids, and no user data without consent', () => {
    const settings = { accountId: '1234567890', conversionActionId: '99', loginAccountId: '55' }
    const denied = googleBody([fact({ consented: false, gclid: 'G1', valuePence: 2500 })], settings, true)
    expect(denied).toEqual({
      destinations: [
        {
          operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' },
          loginAccount: { accountType: 'GOOGLE_ADS', accountId: '55' },
          productDestinationId: '99',
        },
      ],
      encoding: 'HEX',
      consent: { adUserData: 'CONSENT_DENIED', adPersonalization: 'CONSENT_DENIED' },
      validateOnly: true,
      events: [
        {
          transactionId: 'REF-lead',
          eventTimestamp: '2026-11-28T10:00:00.500Z',
          adIdentifiers: { gclid: 'G1' },
          conversionValue: 25,
          currency: 'GBP',
          eventSource: 'WEB',
          consent: { adUserData: 'CONSENT_DENIED', adPersonalization: 'CONSENT_DENIED' },
        },
      ],
    })
    const granted = googleBody([fact({ wbraid: 'W1' })], settings, false)
    expect(granted.events[0]).toMatchObject({
      adIdentifiers: { wbraid: 'W1' },
      userData: {
        userIdentifiers: [
          { emailAddress: sha('ann.lee@example.com') },
          { phoneNumber: sha('+447700900123') },
        ],
      },
      consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_GRANTED' },
    })
    expect(granted).not.toHaveProperty('validateOnly')
  })

  it('says why an event cannot go: no consent (Meta, TikTok), no click id either (Google), a return (Meta, TikTok)', () => {
    expect(unsendable('google', fact({ consented: false }))).toMatch(/click id/)
    expect(unsendable('google', fact({ consented: false, gbraid: 'B' }))).toBeNull()
    expect(unsendable('meta', fact({ consented: false, fbclid: 'F' }))).toMatch(/consent/)
    expect(unsendable('tiktok', fact({ consented: false }))).toMatch(/consent/)
    expect(unsendable('meta', fact({ event: 'return' }))).toMatch(/no correction/)
    expect(unsendable('google', fact({ event: 'return', gclid: 'G' }))).toBeNull()
  })
})

describe('credentials and the service account', () => {
  it('seals credentials with AES-256-GCM and opens them only with the same key', () => {
    const key = randomBytes(32)
    const sealed = sealSecrets(key, { accessToken: 'secret-token' })
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('secret-token')
    expect(openSecrets(key, sealed)).toEqual({ accessToken: 'secret-token' })
    expect(openSecrets(randomBytes(32), sealed)).toBeNull()
    expect(openSecrets(undefined, sealed)).toBeNull()
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`
    expect(openSecrets(key, tampered)).toBeNull()
  })

  it('signs the service account’s assertion with RS256 for the Data Manager scope', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    const jwt = serviceAccountAssertion(
      'sa@x.iam.gserviceaccount.com',
      privateKey,
      'https://t/token',
      1_000_000,
    )
    const [header, claims, signature] = jwt.split('.') as [string, string, string]
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' })
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toEqual({
      iss: 'sa@x.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/datamanager',
      aud: 'https://t/token',
      iat: 1000,
      exp: 4600,
    })
    expect(
      createVerify('RSA-SHA256')
        .update(`${header}.${claims}`)
        .verify(publicKey, Buffer.from(signature, 'base64url')),
    ).toBe(true)
  })
})
