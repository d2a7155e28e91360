import { test as base, expect, type Page } from '@playwright/test'
import { axeViolations } from './admin-support.ts'
import {
  AdminScripts,
  allDenied,
  allGranted,
  analyticsSwitch,
  CONSENT_KEY,
  CONSENT_VALIDITY_MS,
  CONSENT_VERSION,
  consentDialog,
  consentUpdates,
  DAY_MS,
  detailView,
  dialogButton,
  essentialSwitch,
  expectNoDialog,
  firstView,
  footerCookiePreferences,
  holdIslandsScript,
  isConsentCommand,
  marketingSwitch,
  preferencesSwitch,
  readDataLayer,
  readStored,
  readStoredSafely,
  recordConsentEvents,
  recordedConsentEvents,
  seedStored,
  signalsFor,
  throttledPhone,
  UUID,
} from './consent-support.ts'
import { queryDatabase, waitForHydration } from './support.ts'

/** Custom scripts made through the admin API; whatever a test made is deleted after it. */
const test = base.extend<{ adminScripts: AdminScripts }>({
  adminScripts: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL })
    const scripts = new AdminScripts(request)
    try {
      await use(scripts)
    } finally {
      await scripts.cleanUp()
      await request.dispose()
    }
  },
})

// Unlike the other specs, these start with no stored cookie choice.
test.use({ storageState: { cookies: [], origins: [] } })

type ConsentRow = {
  consent_id: string
  analytics: number
  marketing: number
  preferences: number
  version: string
  chosen_at: string
  client_timestamp: string
  user_agent: string | null
}

const consentRows = (consentId: string) =>
  queryDatabase<ConsentRow>('select * from consent_record where consent_id = ? order by id', consentId)

async function openHome(page: Page, path = '/') {
  await page.goto(path)
  await waitForHydration(page)
}

/** Whether the focused element is inside the consent dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[role="dialog"][aria-modal="true"]'))

/** Stored record, `cookieConsentUpdated` and server proof for a decision made by `decide`. */
async function decideAndCheck(
  page: Page,
  decide: () => Promise<void>,
  expected: { analytics: boolean; marketing: boolean; preferences: boolean },
) {
  await recordConsentEvents(page)
  const before = Date.now()
  await decide()
  await expect(consentDialog(page)).toHaveCount(0)
  const after = Date.now()

  const stored = await readStored(page)
  expect(stored).toEqual({
    essential: true,
    ...expected,
    timestamp: expect.any(Number),
    version: CONSENT_VERSION,
    consentId: expect.stringMatching(UUID),
  })
  const record = stored as NonNullable<typeof stored>
  expect(record.timestamp).toBeGreaterThanOrEqual(before)
  expect(record.timestamp).toBeLessThanOrEqual(after)

  await expect.poll(() => recordedConsentEvents(page)).toEqual([record])

  const updates = await consentUpdates(page)
  expect(updates.at(-1)).toEqual(signalsFor(expected))

  const consentId = record.consentId as string
  // Until this decision's proof has arrived (an earlier one of the same id may be there already).
  await expect
    .poll(() => new Date(consentRows(consentId).at(-1)?.client_timestamp ?? 0).getTime())
    .toBe(record.timestamp)
  const row = consentRows(consentId).at(-1) as ConsentRow
  expect({
    analytics: Number(row.analytics),
    marketing: Number(row.marketing),
    preferences: Number(row.preferences),
    version: row.version,
    clientTimestamp: new Date(row.client_timestamp).getTime(),
  }).toEqual({
    analytics: Number(expected.analytics),
    marketing: Number(expected.marketing),
    preferences: Number(expected.preferences),
    version: CONSENT_VERSION,
    clientTimestamp: record.timestamp,
  })
  // The record's own time is the server's.
  expect(Math.abs(new Date(row.chosen_at).getTime() - Date.now())).toBeLessThan(120_000)
  expect(row.user_agent).toContain('Chrome')
  return record
}

test.describe('first view', () => {
  test('a first visit shows a modal dialog over a dimmed overlay with equal-weight choices', async ({
    page,
  }) => {
    await openHome(page)
    const dialog = firstView(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(page.getByRole('dialog')).toHaveCount(1)

    for (const name of ['Accept All Cookies', 'Reject Non-Essential', 'Manage Preferences']) {
      await expect(dialogButton(page, name)).toBeVisible()
    }
    const policy = dialog.getByRole('link', { name: /^Cookie Policy/ })
    await expect(policy).toHaveAttribute('target', '_blank')
    await expect(policy).toHaveAttribute('href', /\/cookie-policy$/)
    await expect(policy).toHaveAttribute('rel', /noopener/)

    // The overlay covers the whole viewport and dims the page behind the card.
    const overlay = await dialog.evaluate((el) => {
      const parent = el.parentElement as HTMLElement
      const style = getComputedStyle(parent)
      const rect = parent.getBoundingClientRect()
      return {
        position: style.position,
        background: style.backgroundColor,
        covers: rect.left <= 0 && rect.top <= 0 && rect.right >= innerWidth && rect.bottom >= innerHeight,
      }
    })
    expect(overlay.position).toBe('fixed')
    expect(overlay.covers).toBe(true)
    const alpha = overlay.background.match(/[\d.]+(?=\)$)/)?.[0]
    expect(overlay.background, 'overlay colour has transparency').toMatch(/^(rgba|oklab|oklch|color)\(/)
    expect(Number(alpha)).toBeGreaterThan(0)
    expect(Number(alpha)).toBeLessThan(1)

    // Accept and Reject carry equal weight: same size, same look.
    const accept = dialogButton(page, 'Accept All Cookies')
    const reject = dialogButton(page, 'Reject Non-Essential')
    const [a, r] = [await accept.boundingBox(), await reject.boundingBox()]
    expect(a && r).toBeTruthy()
    expect(Math.abs((a?.width ?? 0) - (r?.width ?? -1))).toBeLessThanOrEqual(1)
    expect(Math.abs((a?.height ?? 0) - (r?.height ?? -1))).toBeLessThanOrEqual(1)
    const look = (el: Element) => {
      const s = getComputedStyle(el)
      return [s.backgroundColor, s.color, s.fontSize, s.fontWeight].join(' ')
    }
    expect(await accept.evaluate(look)).toBe(await reject.evaluate(look))

    // Nothing is stored and nothing granted merely by looking.
    expect(await readStored(page)).toBeNull()
    expect(await consentUpdates(page)).toEqual([])
  })

  test('focus moves to the dialog and Tab and Shift+Tab cycle within it', async ({ page }) => {
    await openHome(page)
    const dialog = firstView(page)
    await expect(dialog).toBeVisible()
    // The dialog itself takes focus on open, so its title is read first.
    await expect(dialog).toBeFocused()
    const policy = dialog.getByRole('link', { name: /^Cookie Policy/ })

    const forwards = [
      policy,
      dialogButton(page, 'Accept All Cookies'),
      dialogButton(page, 'Reject Non-Essential'),
      dialogButton(page, 'Manage Preferences'),
      policy,
    ]
    for (const next of forwards) {
      await page.keyboard.press('Tab')
      await expect(next).toBeFocused()
      expect(await focusInDialog(page)).toBe(true)
    }
    // Backwards from the first control wraps to the last.
    await page.keyboard.press('Shift+Tab')
    await expect(dialogButton(page, 'Manage Preferences')).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(dialogButton(page, 'Reject Non-Essential')).toBeFocused()

    // The same holds in the detail view: focus moves to the dialog, then Tab cycles.
    await dialogButton(page, 'Manage Preferences').focus()
    await page.keyboard.press('Enter')
    await expect(detailView(page)).toBeVisible()
    await expect(detailView(page)).toBeFocused()
    const controls = detailView(page).locator('button:not([disabled]), [href], input:not([disabled])')
    const total = await controls.count()
    expect(total).toBe(7)
    // Shift+Tab from the dialog itself goes to the last control; Tab from there wraps to the first.
    await page.keyboard.press('Shift+Tab')
    await expect(dialogButton(page, 'Accept All')).toBeFocused()
    for (let i = 0; i < total; i++) {
      await page.keyboard.press('Tab')
      await expect(controls.nth(i)).toBeFocused()
    }
    await page.keyboard.press('Tab')
    await expect(dialogButton(page, 'Close preferences')).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(dialogButton(page, 'Accept All')).toBeFocused()
    expect(await focusInDialog(page)).toBe(true)
  })

  test('Accept All Cookies stores every category, tells the tag layer and the server', async ({ page }) => {
    await openHome(page)
    await expect(firstView(page)).toBeVisible()
    const record = await decideAndCheck(page, () => dialogButton(page, 'Accept All Cookies').click(), {
      analytics: true,
      marketing: true,
      preferences: true,
    })
    const updates = await consentUpdates(page)
    expect(updates).toEqual([allGranted])
    expect(consentRows(record.consentId as string)).toHaveLength(1)

    await page.reload()
    await waitForHydration(page)
    await expectNoDialog(page)
    // On the next load the stored choice is applied right after the default.
    const layer = await readDataLayer(page)
    expect(isConsentCommand(layer[0], 'default')).toBe(true)
    expect(layer[1]).toEqual(['consent', 'update', allGranted])
    expect(await readStored(page)).toEqual(record)
  })

  test('Reject Non-Essential stores only essential and denies every signal but security', async ({
    page,
  }) => {
    await openHome(page)
    await expect(firstView(page)).toBeVisible()
    await decideAndCheck(page, () => dialogButton(page, 'Reject Non-Essential').click(), {
      analytics: false,
      marketing: false,
      preferences: false,
    })
    expect(await consentUpdates(page)).toEqual([allDenied])
    expect(allDenied.security_storage).toBe('granted')

    await page.reload()
    await waitForHydration(page)
    await expectNoDialog(page)
    expect((await readDataLayer(page))[1]).toEqual(['consent', 'update', allDenied])
  })
})

test.describe('detail view', () => {
  test('Manage Preferences shows four switches, nothing pre-ticked; Save stores the toggles', async ({
    page,
  }) => {
    await openHome(page)
    await dialogButton(page, 'Manage Preferences').click()
    const dialog = detailView(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog.getByRole('switch')).toHaveCount(4)

    await expect(essentialSwitch(page)).toBeChecked()
    await expect(essentialSwitch(page)).toBeDisabled()
    await expect(dialog.getByText('(Required)')).toBeVisible()
    for (const toggle of [analyticsSwitch(page), marketingSwitch(page), preferencesSwitch(page)]) {
      await expect(toggle).not.toBeChecked()
      await expect(toggle).toBeEnabled()
    }
    for (const description of [
      /needed for the site to function/i,
      /anonymous information on how visitors use the site/i,
      /track visitors across sites/i,
      /remember your choices/i,
    ]) {
      await expect(dialog.getByText(description)).toBeVisible()
    }
    const policy = dialog.getByRole('link', { name: /^Cookie Policy/ })
    await expect(policy).toHaveAttribute('target', '_blank')
    await expect(policy).toHaveAttribute('href', /\/cookie-policy$/)

    // The locked essential switch cannot be turned off.
    await essentialSwitch(page).click({ force: true })
    await expect(essentialSwitch(page)).toBeChecked()

    await analyticsSwitch(page).click()
    await expect(analyticsSwitch(page)).toBeChecked()
    await marketingSwitch(page).click()
    await marketingSwitch(page).click()
    await expect(marketingSwitch(page)).not.toBeChecked()

    await decideAndCheck(page, () => dialogButton(page, 'Save Preferences').click(), {
      analytics: true,
      marketing: false,
      preferences: false,
    })
    expect(await consentUpdates(page)).toEqual([
      signalsFor({ analytics: true, marketing: false, preferences: false }),
    ])
  })

  test('the close control and Escape go back to the first view while nothing is stored', async ({ page }) => {
    await openHome(page)
    await dialogButton(page, 'Manage Preferences').click()
    await expect(detailView(page)).toBeVisible()
    await analyticsSwitch(page).click()
    await dialogButton(page, 'Close preferences').click()
    await expect(firstView(page)).toBeVisible()
    expect(await readStored(page)).toBeNull()

    // Reopened, the unsaved toggle is gone: the detail view loads the defaults again.
    await dialogButton(page, 'Manage Preferences').click()
    await expect(detailView(page)).toBeVisible()
    await expect(analyticsSwitch(page)).not.toBeChecked()
    await page.keyboard.press('Escape')
    await expect(firstView(page)).toBeVisible()
    await expect(dialogButton(page, 'Accept All Cookies')).toBeVisible()
    expect(await readStored(page)).toBeNull()
    expect(await consentUpdates(page)).toEqual([])
  })

  test('Accept All in the detail view grants every category', async ({ page }) => {
    await openHome(page)
    await dialogButton(page, 'Manage Preferences').click()
    await expect(detailView(page)).toBeVisible()
    await decideAndCheck(page, () => dialogButton(page, 'Accept All').click(), {
      analytics: true,
      marketing: true,
      preferences: true,
    })
    expect(await consentUpdates(page)).toEqual([allGranted])
  })
})

test.describe('showCookiePreferences', () => {
  test('the footer button reopens the detail view with the stored choice; a change keeps the id', async ({
    page,
  }) => {
    await openHome(page)
    await dialogButton(page, 'Manage Preferences').click()
    await preferencesSwitch(page).click()
    const first = await decideAndCheck(page, () => dialogButton(page, 'Save Preferences').click(), {
      analytics: false,
      marketing: false,
      preferences: true,
    })

    await footerCookiePreferences(page).click()
    await expect(detailView(page)).toBeVisible()
    await expect(firstView(page)).toHaveCount(0)
    await expect(essentialSwitch(page)).toBeChecked()
    await expect(analyticsSwitch(page)).not.toBeChecked()
    await expect(marketingSwitch(page)).not.toBeChecked()
    await expect(preferencesSwitch(page)).toBeChecked()

    // With a stored choice, closing leaves the dialog instead of going back to the first view.
    await dialogButton(page, 'Close preferences').click()
    await expect(consentDialog(page)).toHaveCount(0)
    await footerCookiePreferences(page).click()
    await expect(detailView(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(consentDialog(page)).toHaveCount(0)
    expect(await readStored(page)).toEqual(first)

    // Withdrawing is as easy: switch preferences off and on analytics, save.
    await footerCookiePreferences(page).click()
    await preferencesSwitch(page).click()
    await analyticsSwitch(page).click()
    const second = await decideAndCheck(page, () => dialogButton(page, 'Save Preferences').click(), {
      analytics: true,
      marketing: false,
      preferences: false,
    })
    expect(second.consentId).toBe(first.consentId)
    expect(second.timestamp).toBeGreaterThanOrEqual(first.timestamp)
    expect(consentRows(first.consentId as string)).toHaveLength(2)
  })

  test('the Cookie Preferences button on /cookie-policy opens the detail view too', async ({ page }) => {
    await openHome(page, '/cookie-policy')
    await dialogButton(page, 'Accept All Cookies').click()
    await expect(consentDialog(page)).toHaveCount(0)

    await page.getByRole('main').getByRole('button', { name: 'Cookie Preferences', exact: true }).click()
    await expect(detailView(page)).toBeVisible()
    for (const toggle of [analyticsSwitch(page), marketingSwitch(page), preferencesSwitch(page)]) {
      await expect(toggle).toBeChecked()
    }
    await marketingSwitch(page).click()
    await decideAndCheck(page, () => dialogButton(page, 'Save Preferences').click(), {
      analytics: true,
      marketing: false,
      preferences: true,
    })

    await footerCookiePreferences(page).click()
    await expect(detailView(page)).toBeVisible()
    await expect(marketingSwitch(page)).not.toBeChecked()
    await expect(analyticsSwitch(page)).toBeChecked()
  })

  test('a Cookie Preferences click made before the islands script has run opens the detail view', async ({
    page,
  }) => {
    // A returning visitor (no first view in the way), on a connection where the islands script is
    // still on its way when the footer is clicked.
    const stored = {
      essential: true,
      analytics: false,
      marketing: false,
      preferences: false,
      version: CONSENT_VERSION,
    }
    await page.addInitScript(
      ([key, record]) => localStorage.setItem(key, JSON.stringify({ ...record, timestamp: Date.now() })),
      ['cookie_consent_v1', stored] as const,
    )
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let held = 0
    await page.route(
      (url) => url.pathname.startsWith('/assets/islands-'),
      async (route) => {
        held++
        await released
        await route.continue()
      },
    )
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await footerCookiePreferences(page).click()
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()

    release()
    await waitForHydration(page)
    expect(held).toBeGreaterThan(0)
    await expect(detailView(page)).toBeVisible()
    expect(new URL(page.url()).pathname).toBe('/')
    await expect(analyticsSwitch(page)).not.toBeChecked()
    await analyticsSwitch(page).click()
    await decideAndCheck(page, () => dialogButton(page, 'Save Preferences').click(), {
      analytics: true,
      marketing: false,
      preferences: false,
    })
  })

  test('a window showCookiePreferences event opens the detail view with defaults when nothing is stored', async ({
    page,
  }) => {
    await openHome(page)
    await expect(firstView(page)).toBeVisible()
    await page.evaluate(() => window.dispatchEvent(new Event('showCookiePreferences')))
    await expect(detailView(page)).toBeVisible()
    for (const toggle of [analyticsSwitch(page), marketingSwitch(page), preferencesSwitch(page)]) {
      await expect(toggle).not.toBeChecked()
    }
  })
})

test.describe('tag layer and consent-gated scripts', () => {
  test('the consent default is the first dataLayer entry, before an admin head script', async ({
    page,
    adminScripts,
  }) => {
    await adminScripts.create({
      name: 'e2e dataLayer probe',
      position: 'head',
      consentCategory: 'none',
      script:
        "<script>window.dataLayer=window.dataLayer||[];window.dataLayer.push({event:'admin-script'})</script>",
    })

    await openHome(page)
    await expect(firstView(page)).toBeVisible()
    let layer = await readDataLayer(page)
    expect(layer[0]).toEqual(['consent', 'default', { ...allDenied, wait_for_update: 500 }])
    const adminAt = layer.findIndex((entry) => (entry as { event?: string }).event === 'admin-script')
    expect(adminAt).toBeGreaterThan(0)
    expect(layer.filter((entry) => isConsentCommand(entry, 'default'))).toHaveLength(1)
    expect(await consentUpdates(page)).toEqual([])

    // With a stored choice, the update also comes before the admin script.
    await dialogButton(page, 'Reject Non-Essential').click()
    await expect(consentDialog(page)).toHaveCount(0)
    await page.reload()
    await waitForHydration(page)
    layer = await readDataLayer(page)
    expect(layer[0]).toEqual(['consent', 'default', { ...allDenied, wait_for_update: 500 }])
    expect(layer[1]).toEqual(['consent', 'update', allDenied])
    expect(layer.findIndex((entry) => (entry as { event?: string }).event === 'admin-script')).toBe(2)
  })

  test('a marketing script stays inert until Accept All, then runs once; never after Reject', async ({
    page,
    adminScripts,
  }) => {
    await adminScripts.create({
      name: 'e2e marketing probe',
      position: 'body',
      consentCategory: 'marketing',
      script: '<script>window.__marketingRan=(window.__marketingRan||0)+1</script>',
    })
    const marketingRan = () =>
      page.evaluate(() => (window as unknown as { __marketingRan?: number }).__marketingRan)
    const inert = page.locator('script[type="text/plain"][data-consent-category="marketing"]')

    await openHome(page)
    await expect(firstView(page)).toBeVisible()
    await expect(inert).toHaveCount(1)
    expect(await marketingRan()).toBeUndefined()

    await dialogButton(page, 'Reject Non-Essential').click()
    await expect(consentDialog(page)).toHaveCount(0)
    expect(await marketingRan()).toBeUndefined()
    await page.reload()
    await waitForHydration(page)
    await expectNoDialog(page)
    expect(await marketingRan()).toBeUndefined()
    await expect(inert).not.toHaveAttribute('data-consent-activated', /.*/)

    // Changing one's mind: Accept All runs it at once, without a reload, exactly once.
    await footerCookiePreferences(page).click()
    await dialogButton(page, 'Accept All').click()
    await expect(consentDialog(page)).toHaveCount(0)
    await expect.poll(marketingRan).toBe(1)
    await expect(inert).toHaveAttribute('data-consent-activated', 'true')

    // Saving again does not run it a second time.
    await footerCookiePreferences(page).click()
    await dialogButton(page, 'Save Preferences').click()
    await expect(consentDialog(page)).toHaveCount(0)
    expect(await marketingRan()).toBe(1)

    await page.reload()
    await waitForHydration(page)
    await expectNoDialog(page)
    expect(await marketingRan()).toBe(1)
  })

  test('a marketing script never runs with analytics alone; an analytics src script is inserted once', async ({
    page,
    adminScripts,
  }) => {
    const src = '/e2e/analytics-probe.js'
    await page.route(`**${src}`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.__analyticsRan=(window.__analyticsRan||0)+1',
      }),
    )
    await adminScripts.create({
      name: 'e2e marketing probe',
      position: 'body',
      consentCategory: 'marketing',
      script: '<script>window.__marketingRan=(window.__marketingRan||0)+1</script>',
    })
    await adminScripts.create({
      name: 'e2e analytics src probe',
      position: 'head',
      consentCategory: 'analytics',
      script: `<script async src="${src}"></script>`,
    })
    const ran = () =>
      page.evaluate(() => {
        const w = window as unknown as { __marketingRan?: number; __analyticsRan?: number }
        return { marketing: w.__marketingRan ?? 0, analytics: w.__analyticsRan ?? 0 }
      })
    const live = () =>
      page.evaluate(
        (s) => document.querySelectorAll(`script[src="${s}"]:not([type="text/plain"])`).length,
        src,
      )

    await openHome(page)
    await expect(firstView(page)).toBeVisible()
    await expect(page.locator(`script[type="text/plain"][src="${src}"]`)).toHaveCount(1)
    expect(await live()).toBe(0)

    await dialogButton(page, 'Manage Preferences').click()
    await analyticsSwitch(page).click()
    await dialogButton(page, 'Save Preferences').click()
    await expect(consentDialog(page)).toHaveCount(0)
    await expect.poll(live).toBe(1)
    await expect.poll(ran).toEqual({ marketing: 0, analytics: 1 })

    await page.reload()
    await waitForHydration(page)
    await expectNoDialog(page)
    expect(await live()).toBe(1)
    await expect.poll(ran).toEqual({ marketing: 0, analytics: 1 })
  })

  test('under the hash-based policy an uncategorised src script still runs at once, and nothing is blocked', async ({
    page,
    adminScripts,
  }) => {
    const src = '/e2e/plain-probe.js'
    await page.route(`**${src}`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__plainRan=(window.__plainRan||0)+1' }),
    )
    await adminScripts.create({
      name: 'e2e plain src probe',
      position: 'head',
      consentCategory: 'none',
      script: `<script src="${src}"></script>`,
    })
    await adminScripts.create({
      name: 'e2e plain inline probe',
      position: 'body',
      consentCategory: 'none',
      script: '<script>window.__inlineRan=(window.__inlineRan||0)+1</script>',
    })
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const ran = () =>
      page.evaluate(() => {
        const w = window as unknown as { __plainRan?: number; __inlineRan?: number }
        return { plain: w.__plainRan ?? 0, inline: w.__inlineRan ?? 0 }
      })
    for (let visit = 0; visit < 2; visit++) {
      // The second visit is answered from the page cache: the same bytes, the same policy.
      const response = await page.goto('/')
      expect(response?.headers()['content-security-policy']).toMatch(/'sha256-[^']+'.*'strict-dynamic'/)
      await waitForHydration(page)
      await expect.poll(ran).toEqual({ plain: 1, inline: 1 })
    }
    expect(violations).toEqual([])
  })
})

test.describe('stored record validity', () => {
  const choice = { essential: true, analytics: true, marketing: false, preferences: false }

  for (const { name, record } of [
    {
      name: 'older than 13 x 30 days',
      record: () => ({ ...choice, version: CONSENT_VERSION, timestamp: Date.now() - 391 * DAY_MS }),
    },
    { name: 'of version 0.9', record: () => ({ ...choice, version: '0.9', timestamp: Date.now() }) },
    { name: 'without a version', record: () => ({ ...choice, timestamp: Date.now() }) },
    { name: 'not JSON', record: () => 'not json' },
  ]) {
    test(`a record ${name} shows the dialog again, with every signal denied`, async ({ page }) => {
      await openHome(page)
      await dialogButton(page, 'Reject Non-Essential').click()
      await expect(consentDialog(page)).toHaveCount(0)
      await seedStored(page, record())

      await page.reload()
      await waitForHydration(page)
      await expect(firstView(page)).toBeVisible()
      expect(await consentUpdates(page)).toEqual([])
      await dialogButton(page, 'Manage Preferences').click()
      await expect(analyticsSwitch(page)).not.toBeChecked()
    })
  }

  test('a record just inside the validity period is still honoured', async ({ page }) => {
    await openHome(page)
    await dialogButton(page, 'Reject Non-Essential').click()
    await expect(consentDialog(page)).toHaveCount(0)
    await seedStored(page, {
      ...choice,
      version: CONSENT_VERSION,
      timestamp: Date.now() - CONSENT_VALIDITY_MS + DAY_MS,
    })
    await page.reload()
    await waitForHydration(page)
    await expectNoDialog(page)
    expect(await consentUpdates(page)).toEqual([signalsFor(choice)])
  })
})

test.describe('taps before the page script has run', () => {
  type Choice = { analytics: boolean; marketing: boolean; preferences: boolean }
  const everything: Choice = { analytics: true, marketing: true, preferences: true }
  const nothing: Choice = { analytics: false, marketing: false, preferences: false }
  const analyticsOnly: Choice = { analytics: true, marketing: false, preferences: false }

  /**
   * The choice is stored in the browser (copied from the cookie the server set, when the form was
   * posted), the server kept its record under the same consent id, the cookie says the same, and
   * the dialog is gone.
   */
  async function expectChosen(page: Page, expected: Choice, viaServer = false) {
    await expect
      .poll(() => readStoredSafely(page), { timeout: 30_000 })
      .toMatchObject({ ...expected, essential: true, version: CONSENT_VERSION })
    await expect(consentDialog(page)).toHaveCount(0)
    const stored = (await readStoredSafely(page)) as NonNullable<Awaited<ReturnType<typeof readStored>>>
    expect(stored.consentId).toMatch(UUID)
    const consentId = stored.consentId as string
    await expect.poll(() => consentRows(consentId).length, { timeout: 30_000 }).toBeGreaterThan(0)
    const row = consentRows(consentId).at(-1) as ConsentRow
    expect({
      analytics: Number(row.analytics),
      marketing: Number(row.marketing),
      preferences: Number(row.preferences),
    }).toEqual({
      analytics: Number(expected.analytics),
      marketing: Number(expected.marketing),
      preferences: Number(expected.preferences),
    })
    // The cookie is there when the server answered the form; then it says the same.
    const cookie = (await page.context().cookies()).find((c) => c.name === CONSENT_KEY)
    if (cookie || viaServer) {
      expect(decodeURIComponent(cookie?.value ?? '')).toBe(
        `${CONSENT_VERSION}:${Number(expected.analytics)}${Number(expected.marketing)}${Number(expected.preferences)}:${stored.timestamp}:${consentId}`,
      )
    }
    return stored
  }

  for (const { button, expected } of [
    { button: 'Accept All Cookies', expected: everything },
    { button: 'Reject Non-Essential', expected: nothing },
  ]) {
    test(`${button} works while the islands script is held back, back on the same page`, async ({ page }) => {
      const release = await holdIslandsScript(page)
      await page.goto('/evidence?utm_source=ad&gclid=e2e', { waitUntil: 'commit' })
      await dialogButton(page, button).click()
      await expectChosen(page, expected, true)
      // The form went to the server and came back to the very page, tracking tags and all.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
        '/evidence?utm_source=ad&gclid=e2e',
      )
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
      // The next page's first script applied the choice the server set.
      const layer = await readDataLayer(page)
      expect(isConsentCommand(layer[0], 'default')).toBe(true)
      expect(layer[1]).toEqual(['consent', 'update', signalsFor(expected)])

      release()
      await waitForHydration(page)
      await expectNoDialog(page)
    })
  }

  test('Manage Preferences, its switches, Close and Save work while the islands script is held back', async ({
    page,
  }) => {
    const release = await holdIslandsScript(page)
    await page.goto('/', { waitUntil: 'commit' })
    await dialogButton(page, 'Manage Preferences').click()
    await expect(detailView(page)).toBeVisible()
    await expect(essentialSwitch(page)).toBeChecked()
    await expect(essentialSwitch(page)).toBeDisabled()
    await dialogButton(page, 'Close preferences').click()
    await expect(firstView(page)).toBeVisible()
    await dialogButton(page, 'Manage Preferences').click()
    await analyticsSwitch(page).click()
    await expect(analyticsSwitch(page)).toBeChecked()
    await expect(marketingSwitch(page)).not.toBeChecked()
    await dialogButton(page, 'Save Preferences').click()
    await expectChosen(page, analyticsOnly, true)
    expect(new URL(page.url()).pathname).toBe('/')
    release()
    await waitForHydration(page)
    await expectNoDialog(page)
  })

  test('switches changed before hydration are kept when the dialog hydrates', async ({ page }) => {
    const release = await holdIslandsScript(page)
    await page.goto('/', { waitUntil: 'commit' })
    await dialogButton(page, 'Manage Preferences').click()
    await marketingSwitch(page).click()
    release()
    await waitForHydration(page)
    await expect(detailView(page)).toBeVisible()
    await expect(marketingSwitch(page)).toBeChecked()
    await recordConsentEvents(page)
    await dialogButton(page, 'Save Preferences').click()
    const stored = await expectChosen(page, { analytics: false, marketing: true, preferences: false })
    // Saved in place by the island: no page load, the event fired.
    await expect.poll(() => recordedConsentEvents(page)).toEqual([stored])
  })

  // The trial: a phone on Slow 4G with a 4x slower CPU taps the button the moment the
  // dialog shows, 20 times for each button. None may be lost.
  for (const button of ['Accept All Cookies', 'Reject Non-Essential', 'Manage Preferences']) {
    test(`a tap on ${button} the moment the dialog appears always counts (20 throttled phones)`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(20 * 60_000)
      let beforeHydration = 0
      for (let trial = 1; trial <= 20; trial++) {
        const { context, page } = await throttledPhone(browser, baseURL)
        try {
          await page.goto('/', { waitUntil: 'commit' })
          await dialogButton(page, button).tap()
          const hydrated = await page
            .evaluate(() => document.documentElement.dataset.hydrated === 'true')
            .catch(() => false)
          if (!hydrated) beforeHydration++
          let expected = button === 'Accept All Cookies' ? everything : nothing
          if (button === 'Manage Preferences') {
            await expect(detailView(page)).toBeVisible()
            await analyticsSwitch(page).tap()
            await expect(analyticsSwitch(page)).toBeChecked()
            await dialogButton(page, 'Save Preferences').tap()
            expected = analyticsOnly
          }
          await test.step(`trial ${trial}`, () => expectChosen(page, expected).then(() => {}))
          await waitForHydration(page)
          await expectNoDialog(page)
        } finally {
          await context.close()
        }
      }
      test.info().annotations.push({
        type: 'taps before hydration',
        description: `${beforeHydration} of 20`,
      })
    })
  }
})

test.describe('accessibility', () => {
  test('axe finds no WCAG 2.1 A/AA violations in the first view', async ({ page }) => {
    await openHome(page)
    await expect(firstView(page)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('axe finds no WCAG 2.1 A/AA violations in the detail view', async ({ page }) => {
    await openHome(page)
    await dialogButton(page, 'Manage Preferences').click()
    await expect(detailView(page)).toBeVisible()
    await analyticsSwitch(page).click()
    await expect(analyticsSwitch(page)).toBeChecked()
    expect(await axeViolations(page)).toEqual([])
  })
})

test.describe('admin screens', () => {
  for (const path of ['/admin', '/api/login']) {
    test(`${path} never shows the dialog nor sets up the tag layer`, async ({ page }) => {
      await page.goto(path)
      await waitForHydration(page)
      await expectNoDialog(page)
      expect(await readStored(page)).toBeNull()
      expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
      await expect(page.locator('script[type="text/plain"][data-consent-category]')).toHaveCount(0)
    })
  }
})
