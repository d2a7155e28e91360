import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { e2eOutbox } from '../../playwright.config.ts'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  axeViolations,
  emailField,
  passwordField,
  signInButton,
  tab,
} from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1'
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SESSIONS = '/admin/account/sessions'

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Another "browser": its own cookies and its own user agent. */
async function otherBrowser(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ userAgent, storageState: { cookies: [], origins: [] } })
  return { context, page: await context.newPage() }
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/api/login')
  await waitForHydration(page)
  await emailField(page).fill(email)
  await passwordField(page).fill(password)
  await signInButton(page).click()
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
}

async function expectSignedOut(page: Page) {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible()
}

function mailsTo(email: string) {
  if (!fs.existsSync(e2eOutbox)) return []
  return fs
    .readdirSync(e2eOutbox)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) =>
        JSON.parse(fs.readFileSync(path.join(e2eOutbox, name), 'utf8')) as {
          to: string
          subject: string
          text: string
        },
    )
    .filter((mail) => mail.to === email)
}

test.describe('sessions a user can see and end', () => {
  test('lists the sessions of two browsers and ends the other one, which is signed out', async ({
    adminPage: page,
    browser,
  }) => {
    const phone = await otherBrowser(browser, IPHONE_SAFARI)
    try {
      await signInAs(phone.page, ADMIN_EMAIL, ADMIN_PASSWORD)

      await page.goto(SESSIONS)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 2, name: 'Active sessions' })).toBeVisible()
      const table = page.getByRole('region', { name: 'Your active sessions' })
      const current = table.getByRole('row').filter({ hasText: 'This device' })
      await expect(current).toHaveCount(1)
      await expect(current).toContainText('Chrome')
      const phoneRow = table.getByRole('row').filter({ hasText: 'Safari 17' }).filter({ hasText: 'iPhone' })
      await expect(phoneRow).toHaveCount(1)
      await expect(phoneRow).toContainText('127.0.0.0/24')
      await expect(phoneRow).not.toContainText('This device')
      expect(await axeViolations(page)).toEqual([])

      await phoneRow.getByRole('button', { name: /^End the session of Safari 17 on iPhone/ }).click()
      await expect(phoneRow).toHaveCount(0)
      await expectSignedOut(phone.page)

      // This browser is still signed in.
      await page.reload()
      await expect(table.getByRole('row').filter({ hasText: 'This device' })).toHaveCount(1)
    } finally {
      await phone.context.close()
    }
  })

  test('ending the current session asks first, then signs out', async ({ browser }) => {
    const laptop = await otherBrowser(browser, LINUX_FIREFOX)
    try {
      await signInAs(laptop.page, ADMIN_EMAIL, ADMIN_PASSWORD)
      await laptop.page.goto(SESSIONS)
      await waitForHydration(laptop.page)
      const current = laptop.page.getByRole('row').filter({ hasText: 'This device' })
      await expect(current).toContainText('Firefox 133')
      await current.getByRole('button', { name: /^End the session of/ }).click()
      const confirm = laptop.page.getByRole('dialog', { name: 'End this session?' })
      await expect(confirm).toBeVisible()
      expect(await axeViolations(laptop.page)).toEqual([])
      await confirm.getByRole('button', { name: 'End and sign out' }).click()
      await expect(laptop.page).toHaveURL('/api/login')
      await expectSignedOut(laptop.page)
    } finally {
      await laptop.context.close()
    }
  })

  test('fits a 360 px screen', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(SESSIONS)
    await waitForHydration(page)
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await axeViolations(page)).toEqual([])
  })

  test("an admin ends a user's session from the Users panel; the user was mailed about the sign-in", async ({
    adminPage: page,
    browser,
  }) => {
    const email = `sessions-${unique()}@example.com`
    const password = 'sessions-password-1'
    const created = await page.request.post('/api/admin/users', {
      data: { email, password, role: 'editor' },
    })
    expect(created.status()).toBe(201)

    // The account's first sign-in (an iPhone) is not mailed: nothing to tell it apart from.
    const first = await otherBrowser(browser, IPHONE_SAFARI)
    await signInAs(first.page, email, password)
    await first.page.goto('/api/logout')
    await first.context.close()
    const user = await otherBrowser(browser, LINUX_FIREFOX)
    try {
      await signInAs(user.page, email, password)
      // Then Firefox on Linux, a device this account has not used: mailed once.
      await expect.poll(() => mailsTo(email).map((m) => m.subject)).toEqual(['New sign-in to your account'])
      const [notice] = mailsTo(email)
      expect(notice?.text).toContain('Device: Linux, Firefox 133')
      // The network, never the whole address (the link to the site is the only 127.0.0.1 there).
      expect(notice?.text).toMatch(/^Network: 127\.0\.0\.0\/24 /m)
      expect(notice?.text.replaceAll('http://127.0.0.1:', '')).not.toContain('127.0.0.1')

      await page.reload()
      await waitForHydration(page)
      await tab(page, 'Users').click()
      await page.getByRole('button', { name: `Sessions of ${email}` }).click()
      const dialog = page.getByRole('dialog', { name: `Sessions of ${email}` })
      const row = dialog.getByRole('row').filter({ hasText: 'Firefox 133' })
      await expect(row).toHaveCount(1)
      await expect(row).toContainText('Linux')
      expect(await axeViolations(page)).toEqual([])
      await row.getByRole('button', { name: /^End the session of Firefox 133 on Linux/ }).click()
      await expect(dialog.getByText('No active sessions.')).toBeVisible()
      await expectSignedOut(user.page)
    } finally {
      await user.context.close()
    }
  })
})
