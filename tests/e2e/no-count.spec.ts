import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './support.ts'

// "Don't count my visits" on the cookie policy (docs/decisions/0077-objecting-to-counting.md).

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const OBJECTED = /We don.t count your visits from this browser/
const COUNTED = /Your visits are counted as described above/
const COUNTED_AGAIN = /we count your visits from this browser again/

const state = (page: Page) => page.getByTestId('counting-state')
const noCount = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'cc_no_count')

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  expect(
    results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
  ).toEqual([])
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form sets the cookie, the page confirms it, and it can be undone', async ({ page, context }) => {
    await page.goto('/cookie-policy')
    await expect(page.getByRole('heading', { name: 'Objecting to Being Counted' })).toBeVisible()
    await expect(page.getByText(/Global Privacy Control in your browser, which we honour/)).toBeVisible()
    await expect(state(page)).toHaveText(COUNTED)
    await expect(page.getByRole('listitem').filter({ hasText: 'cc_no_count' })).toBeVisible()

    await page.getByRole('button', { name: "Don't count my visits" }).click()
    await expect(page).toHaveURL(/\/cookie-policy#counting$/)
    await expect(state(page)).toHaveText(OBJECTED)
    const cookie = await noCount(context)
    expect(cookie).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', httpOnly: false })
    // A year, give or take the test's own seconds.
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)

    await page.getByRole('button', { name: 'Count my visits again' }).click()
    await expect(page).toHaveURL(/\/cookie-policy#counting$/)
    await expect(state(page)).toHaveText(COUNTED_AGAIN)
    expect((await noCount(context))?.value).toBe('0')
    await expect(page.getByRole('button', { name: "Don't count my visits" })).toBeVisible()
  })
})

// axe runs in the page, so the server's markup is checked with the islands script held back.
test('the server-rendered choice is accessible in both states', async ({ page, context, baseURL }) => {
  await page.route('**/assets/islands-*.js', (route) => route.abort())
  await page.goto('/cookie-policy')
  await expect(state(page)).toHaveText(COUNTED)
  await expectNoViolations(page)
  await context.addCookies([{ name: 'cc_no_count', value: '1', url: baseURL as string }])
  await page.goto('/cookie-policy')
  await expect(state(page)).toHaveText(OBJECTED)
  await expectNoViolations(page)
})

test.describe('with JavaScript', () => {
  test('the same button sets the cookie in place and the state follows it', async ({ page, context }) => {
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/consent/counting')) posts.push(r.url())
    })
    await page.goto('/cookie-policy')
    await waitForHydration(page)
    await page.getByRole('button', { name: "Don't count my visits" }).click()
    await expect(state(page)).toHaveText(OBJECTED)
    expect((await noCount(context))?.value).toBe('1')
    await page.getByRole('button', { name: 'Count my visits again' }).click()
    await expect(state(page)).toHaveText(COUNTED_AGAIN)
    expect((await noCount(context))?.value).toBe('0')
    expect(posts).toEqual([])
  })

  test('a browser with Global Privacy Control is told it is not counted', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true }),
    )
    await page.goto('/cookie-policy')
    await waitForHydration(page)
    await expect(page.getByTestId('counting-gpc')).toContainText('Global Privacy Control')
    await expectNoViolations(page)
  })
})
