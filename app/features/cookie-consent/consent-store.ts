import {
  CONSENT_COOKIE,
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  type ConsentCategory,
  type ConsentRecord,
  consentCookieAttributes,
  consentSignals,
  formatConsentCookie,
  latestConsent,
  parseConsentCookie,
  parseStoredConsent,
} from '../../../core/consent.ts'

type Choice = Pick<ConsentRecord, ConsentCategory>

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: (...args: unknown[]) => void
    __consentActivate?: (record: Choice) => void
    /** Set by the head script when a Cookie Preferences control was used (core/consent.ts). */
    __cookiePreferencesRequested?: boolean
  }
}

const COOKIE_PREFIX = `${CONSENT_COOKIE}=`

const rawCookieChoice = () =>
  document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(COOKIE_PREFIX))

const hasCookieChoice = () => rawCookieChoice() !== undefined

function readCookieChoice(): ConsentRecord | null {
  const raw = rawCookieChoice()
  if (!raw) return null
  try {
    return parseConsentCookie(decodeURIComponent(raw.slice(COOKIE_PREFIX.length)))
  } catch {
    return null
  }
}

/** The visitor's valid choice: the later of the stored one and the cookie's (core/consent.ts). */
export function readConsent(): ConsentRecord | null {
  let stored: ConsentRecord | null = null
  try {
    stored = parseStoredConsent(window.localStorage.getItem(CONSENT_STORAGE_KEY))
  } catch (error) {
    console.error('Could not read cookie consent', error)
  }
  return latestConsent(stored, readCookieChoice())
}

function writeCookieChoice(record: ConsentRecord) {
  const secure = window.location.protocol === 'https:' ? ';Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from Firefox and older Safari
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(formatConsentCookie(record))}${consentCookieAttributes()}${secure}`
}

function pushConsentUpdate(choice: Choice) {
  window.dataLayer = window.dataLayer || []
  // gtag() pushes its `arguments` object; tag managers read exactly that shape.
  window.gtag ??= function gtag() {
    // biome-ignore lint/complexity/noArguments: the tag layer expects the arguments object
    window.dataLayer?.push(arguments)
  }
  window.gtag('consent', 'update', consentSignals(choice))
}

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // Outside secure contexts randomUUID is missing: build a version 4 UUID by hand.
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] as number) & 0x0f) | 0x40
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Saves a choice: stamps the time, stores it (localStorage and the consent cookie), updates Consent Mode, runs scripts of granted
 * categories, broadcasts `cookieConsentUpdated`, and sends the proof to the server.
 */
export function saveConsent(choice: Choice): ConsentRecord {
  const previous = readConsent()
  const record: ConsentRecord = {
    essential: true,
    ...choice,
    timestamp: Date.now(),
    version: CONSENT_VERSION,
    consentId: previous?.consentId ?? randomId(),
  }
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record))
  } catch (error) {
    console.error('Could not save cookie consent', error)
  }
  // Where the server set the consent cookie (a form post), it must say the same from now on.
  if (hasCookieChoice()) writeCookieChoice(record)
  pushConsentUpdate(record)
  window.__consentActivate?.(record)
  window.dispatchEvent(new CustomEvent('cookieConsentUpdated', { detail: record }))
  void fetch('/api/consent', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      consentId: record.consentId,
      analytics: record.analytics,
      marketing: record.marketing,
      preferences: record.preferences,
      version: record.version,
      timestamp: record.timestamp,
    }),
  }).catch((error) => console.error('Could not record cookie consent', error))
  return record
}
