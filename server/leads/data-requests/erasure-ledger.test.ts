import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../platform/index.ts'
import {
  ledgerDigest,
  ledgerEntriesFor,
  ledgerMatcher,
  ledgerToJsonLines,
  normaliseForLedger,
  parseLedgerJsonLines,
} from './erasure-ledger.server.ts'

const key = Buffer.from('k'.repeat(32))
const otherKey = Buffer.from('o'.repeat(32))

describe('erasure ledger digests', () => {
  it.each([
    ['email', '  Zoë.Someone@Example.TEST ', 'zoë.someone@example.test'],
    ['phone', '07700 900123', '+447700900123'],
    ['phone', '+44 (0)7700-900-123', '+447700900123'],
    ['phone', '0044 7700 900123', '+447700900123'],
    ['phone', '+447700900123', '+447700900123'],
    ['phone', '+1 202 555 0100', '+12025550100'],
  ] as const)('normalises the %s %j to %j', (kind, value, normalised) => {
    expect(normaliseForLedger(kind, value)).toBe(normalised)
  })

  it('gives nothing for empty values and for text that is no phone number', () => {
    expect(normaliseForLedger('email', '  ')).toBeNull()
    expect(normaliseForLedger('phone', null)).toBeNull()
    expect(normaliseForLedger('phone', 'call me')).toBeNull()
    expect(ledgerDigest(key, 'phone', '12')).toBeNull()
  })

  it('is an HMAC-SHA256 of the kind and the normalised value, the same for every way of writing it', () => {
    const expected = createHmac('sha256', key).update('phone:+447700900123').digest('hex')
    expect(ledgerDigest(key, 'phone', '07700 900123')).toBe(expected)
    expect(ledgerDigest(key, 'phone', '+44 7700 900 123')).toBe(expected)
    expect(ledgerDigest(key, 'email', 'A@B.co')).toBe(ledgerDigest(key, 'email', ' a@b.CO'))
    // Kind-separated: an email and a phone never share a digest.
    expect(ledgerDigest(key, 'email', '+447700900123')).not.toBe(expected)
  })

  it('cannot be matched without the key: another key, or a plain hash, gives other digests', () => {
    const digest = ledgerDigest(key, 'phone', '07700 900123')
    expect(ledgerDigest(otherKey, 'phone', '07700 900123')).not.toBe(digest)
    const plain = createHmac('sha256', '').update('phone:+447700900123').digest('hex')
    expect(digest).not.toBe(plain)
  })

  it('holds no plaintext: entries carry kinds, hex digests and times only, each identity once', () => {
    const at = new Date('2026-11-24T12:00:00Z')
    const entries = ledgerEntriesFor(
      key,
      { emails: ['Sam@Example.test', 'sam@example.test'], phones: ['07700 900123', '+447700900123', null] },
      at,
    )
    expect(entries).toHaveLength(2)
    const text = ledgerToJsonLines(entries)
    for (const secret of ['sam', 'example', '7700', '900123']) expect(text).not.toContain(secret)
    expect(entries.every((e) => /^[0-9a-f]{64}$/.test(e.digest) && e.erasedAt === at)).toBe(true)
    expect(parseLedgerJsonLines(text)).toEqual(entries)
  })

  it('refuses a line that is not a ledger entry', () => {
    expect(() => parseLedgerJsonLines('{"kind":"email"}\n')).toThrow(/line 1 is not a ledger entry/)
    expect(() => parseLedgerJsonLines('\nnope')).toThrow(/line 2 is not JSON/)
  })

  it('covers leads of the person taken before the erasure, by email or by phone, and no later one', () => {
    const at = new Date('2026-06-01T00:00:00Z')
    const covered = ledgerMatcher(
      key,
      ledgerEntriesFor(key, { emails: ['sam@example.test'], phones: ['07700 900123'] }, at),
    )
    const lead = (over: Partial<Parameters<typeof covered>[0]>) => ({
      email: 'x@example.test',
      emailNormalized: 'x@example.test',
      phone: '07700 900999',
      phoneE164: '+447700900999',
      createdAt: new Date('2026-05-01T00:00:00Z'),
      ...over,
    })
    expect(covered(lead({ email: 'SAM@example.test', emailNormalized: null }))).toBe(true)
    expect(covered(lead({ phoneE164: '+447700900123' }))).toBe(true)
    expect(covered(lead({ phone: '+44 7700 900123', phoneE164: null }))).toBe(true)
    expect(covered(lead({}))).toBe(false)
    expect(
      covered(lead({ emailNormalized: 'sam@example.test', createdAt: new Date('2026-06-02T00:00:00Z') })),
    ).toBe(false)
  })
})

describe('erasure key', () => {
  it('is ERASURE_KEY when set, else derived from SESSION_SECRET, else made up for this process', () => {
    const secret = 's'.repeat(32)
    expect(parseConfig({ ERASURE_KEY: 'e'.repeat(32), SESSION_SECRET: secret }).erasureKey).toEqual(
      Buffer.from('e'.repeat(32)),
    )
    const derived = parseConfig({ SESSION_SECRET: secret })
    expect(derived.erasureKey).toEqual(createHmac('sha256', secret).update('erasure-ledger').digest())
    expect(derived.erasureKeyGenerated).toBe(false)
    expect(parseConfig({}).erasureKeyGenerated).toBe(true)
    expect(() => parseConfig({ ERASURE_KEY: 'short' })).toThrow(/ERASURE_KEY: must be at least 32 characters/)
  })
})
