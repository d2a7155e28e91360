import type { Page } from '@playwright/test'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  axeViolations,
  count,
  emailField,
  INVALID_CREDENTIALS,
  outboxFileCount,
  passwordField,
  RESET_DONE,
  RESET_INVALID,
  RESET_SENT,
  requestResetLink,
  setNewPassword,
  signIn,
  signInButton,
  systemPageSlugs,
  tab,
  tabNames,
} from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { uniquePhone } from './journey.ts'
import { waitForHydration } from './support.ts'

const LOADING = 'Loading admin dashboard...'
const ACCESS_REQUIRED = 'Admin Access Required'
const LOG_IN_TEXT = 'You need to log in to access the admin dashboard.'

const accessRequired = (page: Page) => page.getByRole('heading', { level: 1, name: ACCESS_REQUIRED })
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

async function expectSignedOutCard(page: Page) {
  await expect(accessRequired(page)).toBeVisible()
  await expect(page.getByText(LOG_IN_TEXT)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
}

async function expectSelectedTab(page: Page, name: string) {
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toHaveCount(1)
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName(name)
}

test.describe('signed out', () => {
  test('/admin is loading in the server HTML, then asks to log in and links to /api/login', async ({
    page,
  }) => {
    const response = await page.request.get('/admin')
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('no-store')
    const html = await response.text()
    expect(html).toContain(LOADING)
    expect(html).not.toContain(ACCESS_REQUIRED)

    await page.goto('/admin')
    await waitForHydration(page)
    await expectSignedOutCard(page)
    await expect(page.getByText(LOADING)).toHaveCount(0)

    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL('/api/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  })

  test('the admin API refuses a signed-out caller', async ({ page }) => {
    expect((await page.request.get('/api/auth/user')).status()).toBe(401)
    expect((await page.request.get('/api/admin/pages')).status()).toBe(401)
  })
})

test.describe('sign in', () => {
  test('signs in to the dashboard with its tabs, counters from the database and Recent Activity', async ({
    page,
  }) => {
    await page.goto('/api/login')
    await waitForHydration(page)
    await expect(page).toHaveTitle(/^Sign in \| /)
    await emailField(page).fill(ADMIN_EMAIL)
    await passwordField(page).fill(ADMIN_PASSWORD)
    await signInButton(page).click()

    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    await waitForHydration(page)
    await expect(page.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible()

    const sections = page.getByRole('navigation', { name: 'Admin sections' })
    const shown = await sections.getByRole('tab').allTextContents()
    expect([...shown].sort()).toEqual([...tabNames].sort())
    await expectSelectedTab(page, 'Overview')

    const pages = count('select count(*) as n from page')
    const published = count('select count(*) as n from page where is_published = 1')
    const scripts = count('select count(*) as n from custom_script')
    const activeScripts = count('select count(*) as n from custom_script where is_active = 1')
    const leads = count('select count(*) as n from lead')
    const redirects = count('select count(*) as n from redirect')
    const activeRedirects = count('select count(*) as n from redirect where is_active = 1')
    expect(published).toBeGreaterThanOrEqual(4)

    const text = { useInnerText: true }
    await expect(region(page, 'Total Pages')).toHaveText(`Total Pages ${pages} Published: ${published}`, text)
    await expect(region(page, 'Active Scripts')).toHaveText(
      `Active Scripts ${activeScripts} Total: ${scripts}`,
      text,
    )
    await expect(region(page, 'Total Leads')).toHaveText(`Total Leads ${leads} Captured leads`, text)
    await expect(region(page, 'Active Redirects')).toHaveText(
      `Active Redirects ${activeRedirects} Total: ${redirects}`,
      text,
    )

    const activity = region(page, 'Recent Activity')
    await expect(activity.getByText('Latest changes to your site')).toBeVisible()
    const newest = activity.getByRole('listitem').first()
    await expect(newest).toContainText('Signed in')
    await expect(newest).toContainText(ADMIN_EMAIL)

    const actions = region(page, 'Quick Actions')
    await expect(actions.getByText('Common admin tasks')).toBeVisible()
    await expect(actions.getByRole('link', { name: 'Create Page' })).toHaveAttribute(
      'href',
      '/admin/pages/create',
    )
    for (const [button, target] of [
      ['Add Script', 'Scripts'],
      ['Site Settings', 'Settings'],
      ['View Leads', 'Leads'],
    ] as const) {
      await region(page, 'Quick Actions').getByRole('button', { name: button }).click()
      await expectSelectedTab(page, target)
      await tab(page, 'Overview').click()
      await expectSelectedTab(page, 'Overview')
    }
  })

  test('View Site opens the home page in a new tab', async ({ adminPage: page, context }) => {
    const [site] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'View Site' }).click(),
    ])
    await site.waitForLoadState()
    await expect(site).toHaveURL('/')
    await expect(site.getByRole('heading', { level: 1 })).toBeVisible()
    // The dashboard stays open in its own tab.
    await expect(page).toHaveURL('/admin')
    await site.close()
  })

  test('Logout goes to the home page and /admin asks to log in again', async ({ adminPage: page }) => {
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/')
    await waitForHydration(page)

    await page.goto('/admin')
    await waitForHydration(page)
    await expectSignedOutCard(page)
    expect((await page.request.get('/api/auth/user')).status()).toBe(401)
  })

  test('a signed-in admin who opens the sign-in page goes to the dashboard', async ({ adminPage: page }) => {
    await page.goto('/api/login')
    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  })

  test('a wrong password gives the generic message and keeps the email', async ({ page }) => {
    await page.goto('/api/login')
    await waitForHydration(page)
    await emailField(page).fill(ADMIN_EMAIL)
    await passwordField(page).fill('not-the-password')
    await signInButton(page).click()

    await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS)
    await expect(page).toHaveURL(/\/api\/login\?/)
    await expect(emailField(page)).toHaveValue(ADMIN_EMAIL)
    await expect(passwordField(page)).toHaveValue('')

    // An unknown account gets exactly the same answer.
    await waitForHydration(page)
    await emailField(page).fill('nobody@example.com')
    await passwordField(page).fill(ADMIN_PASSWORD)
    await signInButton(page).click()
    await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS)
    await expect(emailField(page)).toHaveValue('nobody@example.com')
  })

  test('an empty password is refused in the browser', async ({ page }) => {
    await page.goto('/api/login')
    await waitForHydration(page)
    await emailField(page).fill(ADMIN_EMAIL)
    await signInButton(page).click()

    await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(passwordField(page)).toHaveAccessibleDescription('Password is required')
    await expect(page).toHaveURL('/api/login')
    await expect(emailField(page)).toHaveValue(ADMIN_EMAIL)
  })
})

test.describe('sign in without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an empty password is refused by the server', async ({ page }) => {
    await page.goto('/api/login')
    await emailField(page).fill(ADMIN_EMAIL)
    await signInButton(page).click()

    await expect(page.getByRole('alert')).toHaveText('Password is required')
    await expect(emailField(page)).toHaveValue(ADMIN_EMAIL)
  })

  test('a wrong password gives the generic message, the right one signs in', async ({ page }) => {
    await page.goto('/api/login')
    await emailField(page).fill(ADMIN_EMAIL)
    await passwordField(page).fill('not-the-password')
    await signInButton(page).click()
    await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS)
    await expect(emailField(page)).toHaveValue(ADMIN_EMAIL)

    await passwordField(page).fill(ADMIN_PASSWORD)
    await signInButton(page).click()
    await expect(page).toHaveURL('/admin')
    await expect(page.getByText(LOADING)).toBeVisible()
  })
})

test.describe('dashboard panels', () => {
  test('the Leads tab lists a lead sent through the API', async ({ page }, testInfo) => {
    const suffix = `${testInfo.testId}-${Date.now().toString(36)}`
    const lastName = `Tester ${Date.now().toString(36)}`
    const response = await page.request.post('/api/leads', {
      data: {
        firstName: 'Ada',
        lastName,
        email: `e2e-admin-${suffix}@example.co.uk`.toLowerCase(),
        phone: uniquePhone(),
        hasConsent: true,
      },
    })
    expect(response.status()).toBe(201)

    await signIn(page)
    const total = count('select count(*) as n from lead')
    await expect(region(page, 'Total Leads')).toHaveText(`Total Leads ${total} Captured leads`, {
      useInnerText: true,
    })

    await tab(page, 'Leads').click()
    await expectSelectedTab(page, 'Leads')
    const table = page.getByRole('table', { name: 'Leads' })
    const row = table.getByRole('row').filter({ hasText: `Ada ${lastName}` })
    await expect(row).toHaveCount(1)
    await expect(row.getByRole('cell').first()).toHaveText(`Ada ${lastName}`)
    await expect(row.getByRole('cell').nth(2)).toHaveText('Yes')
  })

  test('the Pages tab lists the five system pages as Published', async ({ adminPage: page }) => {
    await tab(page, 'Pages').click()
    await expectSelectedTab(page, 'Pages')
    const table = page.getByRole('table', { name: 'Pages' })
    for (const slug of systemPageSlugs) {
      const row = table.getByRole('row').filter({
        has: page.getByRole('cell', { name: `/${slug}`, exact: true }),
      })
      await expect(row).toHaveCount(1)
      await expect(row.getByRole('cell').nth(3)).toHaveText('Published')
      // System pages can be edited but never deleted: no delete control at all.
      await expect(row.getByRole('link', { name: /^Edit / })).toBeVisible()
      await expect(row.getByRole('button', { name: /^Delete / })).toHaveCount(0)
    }
  })

  test('the tabs switch with the arrow keys, within their group', async ({ adminPage: page }) => {
    // Tab from the last header button moves focus into the first group, Content.
    await page.getByRole('button', { name: 'Logout' }).focus()
    await page.keyboard.press('Tab')
    await expect(tab(page, 'Pages')).toBeFocused()

    await page.keyboard.press('ArrowRight')
    await expect(tab(page, 'Media')).toBeFocused()
    await expectSelectedTab(page, 'Media')
    await page.keyboard.press('ArrowLeft')
    await expectSelectedTab(page, 'Pages')
    // Questionnaire is the last tab of the Content group; the arrows wrap within it.
    await page.keyboard.press('End')
    await expect(tab(page, 'Questionnaire')).toBeFocused()
    await expectSelectedTab(page, 'Questionnaire')
    await page.keyboard.press('ArrowRight')
    await expectSelectedTab(page, 'Pages')
    await page.keyboard.press('ArrowLeft')
    await expectSelectedTab(page, 'Questionnaire')
    await page.keyboard.press('Home')
    await expectSelectedTab(page, 'Pages')
  })
})

test.describe('accessibility', () => {
  test('the sign-in page has no axe violations', async ({ page }) => {
    await page.goto('/api/login')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('the forgot-password page has no axe violations', async ({ page }) => {
    await page.goto('/forgot-password')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('the signed-out /admin card has no axe violations', async ({ page }) => {
    await page.goto('/admin')
    await waitForHydration(page)
    await expect(accessRequired(page)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('the signed-in dashboard has no axe violations', async ({ adminPage: page }) => {
    const pages = count('select count(*) as n from page')
    await expect(region(page, 'Total Pages')).toContainText(`${pages}`)
    await expect(region(page, 'Recent Activity').getByRole('listitem').first()).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

// Last in the file: it changes the admin password and sets it back before it ends.
test.describe('forgot password', () => {
  test('a reset link from the mail sets a new password once', async ({ page }) => {
    const newPassword = `new-password-${Date.now().toString(36)}`

    await page.goto('/api/login')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL('/forgot-password')
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible()
    await waitForHydration(page)
    const link = await requestResetLink(page)
    expect(new URL(link).pathname).toBe('/reset-password')

    // A common password is refused with the server's reason, and the link still works afterwards.
    await setNewPassword(page, link, 'passwordpassword')
    await expect(page).toHaveURL(/\/reset-password\?token=.+&error=password-common$/)
    await expect(page.getByRole('alert')).toHaveText('This password is too common; choose another')

    await setNewPassword(page, link, newPassword)
    await expect(page).toHaveURL('/api/login?reset=1')
    await expect(page.getByRole('status')).toHaveText(RESET_DONE)

    // The old password no longer works; the new one does.
    await waitForHydration(page)
    await emailField(page).fill(ADMIN_EMAIL)
    await passwordField(page).fill(ADMIN_PASSWORD)
    await signInButton(page).click()
    await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS)
    await signIn(page, newPassword)

    // The same link a second time is refused.
    await setNewPassword(page, link, 'another-password-123')
    await expect(page).toHaveURL(/\/reset-password\?error=/)
    await expect(page.getByRole('alert')).toHaveText(RESET_INVALID)
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )

    // Put the configured password back, the same way, so the suite can run again.
    await page.goto('/api/logout')
    await expect(page).toHaveURL('/')
    await page.goto('/forgot-password')
    await waitForHydration(page)
    const second = await requestResetLink(page)
    expect(second).not.toBe(link)
    await setNewPassword(page, second, ADMIN_PASSWORD)
    await expect(page).toHaveURL('/api/login?reset=1')
    await expect(page.getByRole('status')).toHaveText(RESET_DONE)
    await signIn(page)
  })

  test('an unknown email gets the same confirmation and no mail', async ({ page }) => {
    const mailsBefore = outboxFileCount()
    await page.goto('/forgot-password')
    await waitForHydration(page)
    await emailField(page).fill('nobody@example.com')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page).toHaveURL('/forgot-password?sent=1')
    await expect(page.getByRole('status')).toContainText(RESET_SENT)
    // The server writes any mail before it answers, so none can still be on its way.
    expect(outboxFileCount()).toBe(mailsBefore)
  })
})
