import { describe, expect, it } from 'vitest'
import {
  CONSENT_COOKIE,
  CONSENT_STORAGE_KEY,
  CONSENT_VALIDITY_MS,
  type ConsentRecord,
  consentModeBootstrap,
  formatConsentCookie,
  latestConsent,
  parseConsentCookie,
  parseStoredConsent,
} from './consent.ts'

const NOW = Date.UTC(2026, 10, 28, 12)
const ID = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8'

const record = (overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  essential: true,
  analytics: true,
  marketing: false,
  preferences: true,
  timestamp: NOW - 60_000,
  version: '1.0',
  consentId: ID,
  ...overrides,
})

/** Runs the head script against a fake page: its cookie jar, localStorage and dataLayer. */
function runBootstrap(start: { cookie?: string; stored?: string }) {
  const storage = new Map<string, string>()
  if (start.stored !== undefined) storage.set(CONSENT_STORAGE_KEY, start.stored)
  const written: string[] = []
  const attributes = new Set<string>()
  const window = { dataLayer: undefined as unknown[] | undefined, gtag: undefined as unknown }
  const document = {
    cookie: start.cookie ?? '',
    documentElement: { setAttribute: (name: string) => attributes.add(name) },
  }
  const jar = {
    get cookie() {
      return document.cookie
    },
    set cookie(value: string) {
      written.push(value)
    },
    documentElement: document.documentElement,
  }
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  }
  const FixedDate = { now: () => NOW } as DateConstructor
  const dataLayer: unknown[] = []
  window.dataLayer = dataLayer
  function gtag() {
    // biome-ignore lint/complexity/noArguments: the tag layer's own shape
    dataLayer.push(arguments)
  }
  // The script's globals, passed in by name (it calls the page's `gtag` and `dataLayer` bare).
  new Function(
    'window',
    'document',
    'localStorage',
    'location',
    'Date',
    'dataLayer',
    'gtag',
    consentModeBootstrap(),
  )(window, jar, localStorage, { protocol: 'https:' }, FixedDate, dataLayer, gtag)
  const updates = dataLayer
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[0] === 'consent' && args[1] === 'update')
  return {
    pending: attributes.has('data-consent-pending'),
    stored: storage.get(CONSENT_STORAGE_KEY) ?? null,
    written,
    updates,
  }
}

const cookieOf = (r: ConsentRecord) =>
  `other=1; ${CONSENT_COOKIE}=${encodeURIComponent(formatConsentCookie(r))}`

describe('the consent cookie', () => {
  it('round-trips a record', () => {
    const r = record()
    expect(formatConsentCookie(r)).toBe(`1.0:101:${r.timestamp}:${ID}`)
    expect(parseConsentCookie(formatConsentCookie(r), NOW)).toEqual(r)
  })

  it.each([
    ['an older version', `0.9:101:${NOW}:${ID}`],
    ['an expired choice', `1.0:101:${NOW - CONSENT_VALIDITY_MS - 1}:${ID}`],
    ['a choice from the future', `1.0:101:${NOW + 120_000}:${ID}`],
    ['a flag that is not 0 or 1', `1.0:121:${NOW}:${ID}`],
    ['no consent id', `1.0:101:${NOW}:`],
    ['text', 'yes please'],
    ['nothing', ''],
  ])('refuses %s', (_label, value) => {
    expect(parseConsentCookie(value, NOW)).toBeNull()
  })

  it('takes the later of the stored choice and the cookie’s, the stored one on a tie', () => {
    const stored = record({ timestamp: NOW - 10 })
    const cookie = record({ timestamp: NOW - 5, analytics: false })
    expect(latestConsent(stored, cookie)).toBe(cookie)
    expect(latestConsent(cookie, stored)).toBe(cookie)
    expect(latestConsent(stored, { ...stored })).toBe(stored)
    expect(latestConsent(null, cookie)).toBe(cookie)
    expect(latestConsent(stored, null)).toBe(stored)
    expect(latestConsent(null, null)).toBeNull()
  })
})

describe('consentModeBootstrap (the head script)', () => {
  it('with nothing stored, grants nothing and lets the dialog show', () => {
    const page = runBootstrap({})
    expect(page).toEqual({ pending: true, stored: null, written: [], updates: [] })
  })

  it('honours a choice the server set as a cookie and copies it to localStorage', () => {
    const r = record()
    const page = runBootstrap({ cookie: cookieOf(r) })
    expect(page.pending).toBe(false)
    expect(parseStoredConsent(page.stored, NOW)).toEqual(r)
    expect(page.updates).toEqual([
      [
        'consent',
        'update',
        expect.objectContaining({
          analytics_storage: 'granted',
          ad_storage: 'denied',
          functionality_storage: 'granted',
        }),
      ],
    ])
    expect(page.written).toEqual([])
  })

  it('keeps a later stored choice over an older cookie, and brings the cookie up to date', () => {
    const cookie = record({ timestamp: NOW - 120_000, marketing: true })
    const stored = record({ timestamp: NOW - 60_000, analytics: false })
    const page = runBootstrap({ cookie: cookieOf(cookie), stored: JSON.stringify(stored) })
    expect(page.pending).toBe(false)
    expect(JSON.parse(page.stored as string)).toEqual(stored)
    expect(page.updates[0]?.[2]).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied' })
    expect(page.written).toHaveLength(1)
    const [pair, ...attributes] = (page.written[0] as string).split(';')
    expect(pair).toBe(`${CONSENT_COOKIE}=${encodeURIComponent(formatConsentCookie(stored))}`)
    expect(attributes).toEqual(['Path=/', `Max-Age=${CONSENT_VALIDITY_MS / 1000}`, 'SameSite=Lax', 'Secure'])
  })

  it('leaves a choice made by the script alone in localStorage alone: no cookie is written', () => {
    const stored = record()
    const page = runBootstrap({ cookie: 'other=1', stored: JSON.stringify(stored) })
    expect(page.pending).toBe(false)
    expect(page.written).toEqual([])
    expect(page.updates).toHaveLength(1)
  })

  it('takes a later cookie over an older stored choice', () => {
    const stored = record({ timestamp: NOW - 120_000 })
    const cookie = record({ timestamp: NOW - 60_000, analytics: false, marketing: true })
    const page = runBootstrap({ cookie: cookieOf(cookie), stored: JSON.stringify(stored) })
    expect(parseStoredConsent(page.stored, NOW)).toEqual(cookie)
    expect(page.updates[0]?.[2]).toMatchObject({ analytics_storage: 'denied', ad_storage: 'granted' })
  })

  it('ignores a cookie that is not a valid choice, as parseConsentCookie does', () => {
    for (const value of [`0.9:101:${NOW}:${ID}`, `1.0:101:${NOW - CONSENT_VALIDITY_MS - 1}:${ID}`, 'junk']) {
      const page = runBootstrap({ cookie: `${CONSENT_COOKIE}=${encodeURIComponent(value)}` })
      expect(page.pending).toBe(parseConsentCookie(value, NOW) === null)
      expect(page.stored).toBeNull()
    }
  })
})
