import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-support.ts'

/** SPEC sections 3 and 9: where and how the visitor's cookie choice is stored. */
export const CONSENT_KEY = 'cookie_consent_v1'
export const CONSENT_VERSION = '1.0'
export const DAY_MS = 24 * 60 * 60 * 1000
/** 13 x 30 days. */
export const CONSENT_VALIDITY_MS = 13 * 30 * DAY_MS
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

export type StoredConsent = {
  essential: boolean
  analytics: boolean
  marketing: boolean
  preferences: boolean
  timestamp: number
  version: string
  consentId?: string
}

export type Signals = Record<
  | 'ad_storage'
  | 'ad_user_data'
  | 'ad_personalization'
  | 'analytics_storage'
  | 'functionality_storage'
  | 'personalization_storage'
  | 'security_storage',
  'granted' | 'denied'
>

const state = (on: boolean) => (on ? 'granted' : 'denied')

/** The Consent Mode signals a choice should produce (SPEC section 4 mapping). */
export function signalsFor(choice: {
  analytics: boolean
  marketing: boolean
  preferences: boolean
}): Signals {
  return {
    ad_storage: state(choice.marketing),
    ad_user_data: state(choice.marketing),
    ad_personalization: state(choice.marketing),
    analytics_storage: state(choice.analytics),
    functionality_storage: state(choice.preferences),
    personalization_storage: state(choice.preferences),
    security_storage: 'granted',
  }
}

export const allDenied = signalsFor({ analytics: false, marketing: false, preferences: false })
export const allGranted = signalsFor({ analytics: true, marketing: true, preferences: true })

/** The consent dialog in either view (its name is the heading of the view). */
export const consentDialog = (page: Page) =>
  page.getByRole('dialog', { name: /^(We use cookies|Cookie Preferences)$/ })
export const firstView = (page: Page) => page.getByRole('dialog', { name: 'We use cookies', exact: true })
export const detailView = (page: Page) =>
  page.getByRole('dialog', { name: 'Cookie Preferences', exact: true })

export const dialogButton = (page: Page, name: string) =>
  consentDialog(page).getByRole('button', { name, exact: true })

export const categorySwitch = (page: Page, name: RegExp | string) =>
  consentDialog(page).getByRole('switch', typeof name === 'string' ? { name, exact: true } : { name })

export const essentialSwitch = (page: Page) => categorySwitch(page, /^Essential Cookies\s*\(Required\)$/)
export const analyticsSwitch = (page: Page) => categorySwitch(page, 'Analytics Cookies')
export const marketingSwitch = (page: Page) => categorySwitch(page, 'Marketing Cookies')
export const preferencesSwitch = (page: Page) => categorySwitch(page, 'Preference Cookies')

export const footerCookiePreferences = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Preferences', exact: true })

/**
 * Lets React finish what hydration scheduled (one frame, then one task) before checking that
 * something is absent; a positive check auto-waits instead.
 */
export async function settle(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve()))),
  )
}

/** After hydration: the dialog did not open (and does not open once React has settled). */
export async function expectNoDialog(page: Page) {
  await settle(page)
  await expect(consentDialog(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Accept All Cookies' })).toHaveCount(0)
}

export async function readStored(page: Page): Promise<StoredConsent | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CONSENT_KEY)
  return raw === null ? null : (JSON.parse(raw) as StoredConsent)
}

/** Stores a record (or raw text) under the consent key, as an earlier visit would have. */
export async function seedStored(page: Page, record: Record<string, unknown> | string) {
  const value = typeof record === 'string' ? record : JSON.stringify(record)
  await page.evaluate(([key, raw]) => window.localStorage.setItem(key, raw), [CONSENT_KEY, value] as const)
}

/** window.dataLayer as plain data; gtag() entries (arguments objects) become arrays. */
export async function readDataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer
    if (!layer) return []
    return layer.map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    )
  })
}

export const isConsentCommand = (entry: unknown, command: 'default' | 'update') =>
  Array.isArray(entry) && entry[0] === 'consent' && entry[1] === command

/** The signals of every `gtag('consent', 'update', ...)` so far, in order. */
export async function consentUpdates(page: Page): Promise<unknown[]> {
  const layer = await readDataLayer(page)
  return layer.filter((entry) => isConsentCommand(entry, 'update')).map((entry) => (entry as unknown[])[2])
}

/** Starts recording the details of `cookieConsentUpdated` events on the current document. */
export async function recordConsentEvents(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __consentEvents?: unknown[] }
    if (!w.__consentEvents) {
      window.addEventListener('cookieConsentUpdated', (event) => {
        w.__consentEvents?.push((event as CustomEvent).detail)
      })
    }
    w.__consentEvents = []
  })
}

export async function recordedConsentEvents(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { __consentEvents?: unknown[] }).__consentEvents ?? [])
}

export type ScriptInput = {
  name: string
  position: 'head' | 'body'
  script: string
  consentCategory: 'none' | 'analytics' | 'marketing' | 'preferences'
  isActive?: boolean
}

/** Signs in as the admin on an API request context and manages custom scripts through the API. */
export class AdminScripts {
  readonly #request: APIRequestContext
  readonly #created: number[] = []
  #signedIn = false

  constructor(request: APIRequestContext) {
    this.#request = request
  }

  async #signIn() {
    if (this.#signedIn) return
    const response = await this.#request.post('/api/login', {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    })
    expect(response.status(), await response.text()).toBe(200)
    this.#signedIn = true
  }

  async create(input: ScriptInput): Promise<number> {
    await this.#signIn()
    const response = await this.#request.post('/api/admin/scripts', { data: { isActive: true, ...input } })
    expect(response.status(), await response.text()).toBe(201)
    const { id } = (await response.json()) as { id: number }
    this.#created.push(id)
    return id
  }

  async delete(id: number) {
    await this.#signIn()
    const response = await this.#request.delete(`/api/admin/scripts/${id}`)
    expect(response.status(), await response.text()).toBe(200)
    const at = this.#created.indexOf(id)
    if (at >= 0) this.#created.splice(at, 1)
  }

  /** Deletes every script this instance created and has not deleted yet. */
  async cleanUp() {
    for (const id of [...this.#created]) await this.delete(id)
  }
}

/** Chrome DevTools' "Slow 4G" preset: 562.5 ms round trip, about 1.4 Mbit/s down, 675 kbit/s up. */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180_000,
  uploadThroughput: 84_375,
}

/** A phone as the visitor had it: 390 px wide, touch, 4x slower CPU, Slow 4G. */
export async function throttledPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
  return { context, page }
}

/** The stored choice, or null while there is none or while the page is between documents. */
export async function readStoredSafely(page: Page): Promise<StoredConsent | null> {
  try {
    return await readStored(page)
  } catch {
    return null
  }
}

/** Holds back the islands script (until `release`), as a slow connection does. */
export async function holdIslandsScript(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    (url) => url.pathname.startsWith('/assets/islands-'),
    async (route) => {
      await released
      await route.continue().catch(() => {})
    },
  )
  return release
}
