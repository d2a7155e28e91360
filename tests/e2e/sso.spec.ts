import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { SSO_TEST_CLIENT } from '../support/sso-test-client.ts'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const SSO_BUTTON = `Sign in with ${SSO_TEST_CLIENT.providerName}`
const corp = (label: string) => `${label}-${randomBytes(4).toString('hex')}@${SSO_TEST_CLIENT.allowedDomain}`

/** From the sign-in page's button through the provider's login and consent pages. */
async function signInAtProvider(page: Page, login: string) {
  await page.goto('/api/login')
  await page.getByRole('link', { name: SSO_BUTTON }).click()
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

async function expectRefused(page: Page, reason: string, message: string) {
  await expect(page).toHaveURL(`/api/login?error=${reason}`)
  await expect(page.getByRole('alert')).toContainText(message)
  expect((await page.request.get('/api/auth/user')).status()).toBe(401)
}

test.describe('single sign-on', () => {
  test('the sign-in page offers the provider, and its button is accessible', async ({ page }) => {
    await page.goto('/api/login')
    await waitForHydration(page)
    const button = page.getByRole('link', { name: SSO_BUTTON })
    await expect(button).toHaveAttribute('href', '/api/auth/sso/start')
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 360, height: 740 })
    const box = await button.boundingBox()
    expect(box?.width).toBeLessThanOrEqual(360)
  })

  test('signs in through the provider and lands on the admin', async ({ page }) => {
    const email = corp('e2e')
    await signInAtProvider(page, email)
    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    const me = await page.request.get('/api/auth/user')
    expect(me.status()).toBe(200)
    expect(await me.json()).toMatchObject({ email, role: 'editor' })
  })

  test('refuses a wrong state', async ({ page }) => {
    // Playwright does not route the requests of a redirect chain, so the provider's answer to the
    // consent form is followed here up to the callback address, whose state is then changed.
    await page.route('**/interaction/**', async (route) => {
      const request = route.request()
      if (request.method() !== 'POST' || !request.postData()?.includes('prompt=consent'))
        return route.continue()
      const submitted = await route.fetch({ maxRedirects: 0 })
      const resume = new URL(submitted.headers().location ?? '', request.url()).href
      const back = await page.request.get(resume, { maxRedirects: 0 })
      const callback = new URL(back.headers().location ?? '')
      expect(callback.pathname).toBe('/api/auth/sso/callback')
      callback.searchParams.set('state', 'tampered-state')
      await route.fulfill({ status: 303, headers: { location: callback.href } })
    })
    await signInAtProvider(page, corp('state'))
    await expectRefused(page, 'sso-state', 'This sign-in attempt has expired or was already used')
  })

  test('refuses a replayed code', async ({ page, browser }) => {
    const callback = page.waitForRequest('**/api/auth/sso/callback?**')
    await signInAtProvider(page, corp('replay'))
    await expect(page).toHaveURL('/admin')
    const url = (await callback).url()
    expect(new URL(url).searchParams.get('code')).toBeTruthy()

    // The same callback again in this browser, signed out…
    await page.goto('/api/logout')
    await page.goto(url)
    await expectRefused(page, 'sso-state', 'This sign-in attempt has expired or was already used')

    // …and in another browser.
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await otherPage.goto(url)
    await expectRefused(otherPage, 'sso-state', 'This sign-in attempt has expired or was already used')
    await other.close()
  })

  test('refuses an address in a foreign domain', async ({ page }) => {
    await signInAtProvider(page, `someone-${randomBytes(3).toString('hex')}@${SSO_TEST_CLIENT.foreignDomain}`)
    await expectRefused(page, 'sso-domain', 'Accounts from this e-mail domain cannot sign in here')
  })

  test('refuses an unverified address', async ({ page }) => {
    await signInAtProvider(
      page,
      `unverified-${randomBytes(3).toString('hex')}@${SSO_TEST_CLIENT.allowedDomain}`,
    )
    await expectRefused(page, 'sso-unverified', 'has not verified this e-mail address')
  })

  test('the Users tab shows the configuration read-only and the linked users', async ({
    adminPage: page,
    browser,
  }) => {
    const email = corp('linked')
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await signInAtProvider(otherPage, email)
    await expect(otherPage).toHaveURL('/admin')
    await other.close()

    await page.getByRole('tab', { name: 'Users', exact: true }).click()
    const card = page.getByRole('region', { name: 'Single sign-on' })
    await expect(card).toContainText(SSO_TEST_CLIENT.providerName)
    await expect(card).toContainText(SSO_TEST_CLIENT.clientId)
    await expect(card).toContainText(SSO_TEST_CLIENT.allowedDomain)
    await expect(card).not.toContainText(SSO_TEST_CLIENT.clientSecret)
    await expect(card.getByRole('listitem').filter({ hasText: email })).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: email })
    await expect(row).toContainText('SSO (linked to single sign-on)')
    expect(await axeViolations(page)).toEqual([])
  })
})
