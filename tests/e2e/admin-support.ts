import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type Browser, expect, type Page, request } from '@playwright/test'
import { e2eOutbox } from '../../playwright.config.ts'
import { queryDatabase, waitForHydration } from './support.ts'

/** The e2e server's admin account (playwright.config.ts: ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN_EMAIL = 'admin@example.com'
export const ADMIN_PASSWORD = 'correct-horse-battery'

export const INVALID_CREDENTIALS = 'Invalid email or password'
export const RESET_SENT = 'If an account exists for that email, we have sent a link to reset the password.'
export const RESET_DONE = 'Your password has been changed. Please sign in.'
export const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.'

// The spec's tabs in order (SPEC section 2) and, for admins, Webhooks and Data requests (issue 12),
// Users (issue 10), Buyers (issue 21) and Analytics (issue 22); and the spec's system pages. Written out here so the tests check the app
// against the spec, not against itself.
export const tabNames = [
  'Overview',
  'Pages',
  'Media',
  'Redirects',
  'Questionnaire',
  'Settings',
  'Scripts',
  'Leads',
  'Analytics',
  'Webhooks',
  'Experiments',
  'Conversions',
  'Buyers',
  'Returns',
  'Users',
  'Data requests',
] as const
export { systemPageSlugs } from '../../core/paths.ts'

export const emailField = (page: Page) => page.getByLabel('Email', { exact: true })
export const passwordField = (page: Page) => page.getByLabel('Password', { exact: true })
export const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true })
export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true })

/** Opens the sign-in page, signs in and waits for the dashboard. */
export async function signIn(page: Page, password = ADMIN_PASSWORD) {
  await page.goto('/api/login')
  await waitForHydration(page)
  await emailField(page).fill(ADMIN_EMAIL)
  await passwordField(page).fill(password)
  await signInButton(page).click()
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await waitForHydration(page)
}

/** One number from the e2e database, e.g. `count('select count(*) as n from lead')`. */
export function count(sql: string) {
  const [row] = queryDatabase<{ n: number }>(sql)
  return Number(row?.n ?? 0)
}

type Mail = { to: string; subject: string; text: string }

function outboxFiles(): string[] {
  if (!fs.existsSync(e2eOutbox)) return []
  return fs.readdirSync(e2eOutbox).filter((name) => name.endsWith('.json'))
}

export function outboxFileCount() {
  return outboxFiles().length
}

/** Runs `send` and returns the /reset-password link of the mail it made the server write. */
export async function resetLinkFrom(send: () => Promise<void>): Promise<string> {
  const before = new Set(outboxFiles())
  await send()
  let newest: Mail | undefined
  await expect
    .poll(() => {
      const fresh = outboxFiles()
        .filter((name) => !before.has(name))
        .map((name) => {
          const file = path.join(e2eOutbox, name)
          return { mtime: fs.statSync(file).mtimeMs, name, file }
        })
        // Account notices (a "new sign-in" mail) may land in the outbox meanwhile: only reset mails count.
        .filter(
          (f) =>
            (JSON.parse(fs.readFileSync(f.file, 'utf8')) as Mail).subject === 'Reset your admin password',
        )
        .sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name))
      const latest = fresh[0]
      newest = latest ? (JSON.parse(fs.readFileSync(latest.file, 'utf8')) as Mail) : undefined
      return newest?.to
    })
    .toBe(ADMIN_EMAIL)
  expect(newest?.subject).toBe('Reset your admin password')
  const link = newest?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0]
  expect(link, 'reset link in the mail text').toBeTruthy()
  return link as string
}

/** Asks for a reset link through the forgot-password form (already open) and returns it. */
export async function requestResetLink(page: Page) {
  return resetLinkFrom(async () => {
    await emailField(page).fill(ADMIN_EMAIL)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page).toHaveURL('/forgot-password?sent=1')
    await expect(page.getByRole('status')).toContainText(RESET_SENT)
  })
}

/** Opens a reset link and submits a new password; the caller checks where it lands. */
export async function setNewPassword(page: Page, link: string, password: string) {
  await page.goto(link)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Set new password' }).click()
}

/** axe with the WCAG 2.0/2.1 A and AA rules; a readable list of what failed. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
}

/** The set-password link of the newest invitation mailed to `to` (waits for it to land). */
export async function inviteLinkFor(to: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(() => {
      const mails = outboxFiles()
        .map((name) => JSON.parse(fs.readFileSync(path.join(e2eOutbox, name), 'utf8')) as Mail)
        .filter((m) => m.to === to && /invitation/i.test(m.subject))
      link = mails.at(-1)?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0]
      return link !== undefined
    })
    .toBe(true)
  return link as string
}

/**
 * A second admin, made through the Users API and signed in through the API, who approves what waits
 * for four-eyes publishing (docs/decisions/0079-four-eyes-and-scheduled-publishing.md): a page the
 * compliance review flags needs one, the shipped home page among them.
 */
export async function secondAdmin(admin: APIRequestContext, baseURL: string | undefined) {
  const email = `second-admin-${randomBytes(4).toString('hex')}@example.test`
  const password = 'second-admin-password-8642'
  expect((await admin.post('/api/admin/users', { data: { email, password, role: 'admin' } })).status()).toBe(
    201,
  )
  const context = await request.newContext({ baseURL })
  expect((await context.post('/api/login', { data: { email, password } })).status()).toBeLessThan(400)
  return {
    /** Approves every publication of the page that awaits a second admin; returns how many. */
    async approvePending(pageId: number) {
      const list = await context.get(
        `/api/admin/pages/publications?status=awaiting-approval&pageId=${pageId}`,
      )
      expect(list.status()).toBe(200)
      const pending = (await list.json()) as { id: number }[]
      for (const publication of pending) {
        const answer = await context.post(`/api/admin/pages/publications/${publication.id}/approve`, {
          data: {},
        })
        expect(answer.status()).toBe(200)
      }
      return pending.length
    },
    dispose: () => context.dispose(),
  }
}

/** A member of staff made through the Users API, signed in through the form in a browser context of its own. */
export async function staffSession(browser: Browser, admin: APIRequestContext, role: 'admin' | 'editor') {
  const email = `${role}-${randomBytes(4).toString('hex')}@example.test`
  const password = 'staff-password-4321'
  const created = await admin.post('/api/admin/users', { data: { email, password, role } })
  expect(created.status()).toBe(201)
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/api/login')
  await waitForHydration(page)
  await emailField(page).fill(email)
  await passwordField(page).fill(password)
  await signInButton(page).click()
  await expect(page).toHaveURL('/admin')
  return { email, page, context }
}
