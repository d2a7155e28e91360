import { randomBytes } from 'node:crypto'
import { type APIRequestContext, request } from '@playwright/test'
import { ADMIN_EMAIL, ADMIN_PASSWORD, axeViolations, tab, tabNames } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const groups = {
  Content: ['Pages', 'Media', 'Redirects', 'Questionnaire'],
  'Leads and sales': ['Leads', 'Webhooks', 'Buyers', 'Returns'],
  Insight: ['Overview', 'Analytics', 'Experiments', 'Conversions'],
  Settings: ['Settings', 'Scripts', 'Users', 'Data requests'],
} as const

const addresses: Record<string, string> = {
  Overview: '/admin',
  Pages: '/admin?tab=pages',
  Media: '/admin?tab=media',
  Redirects: '/admin?tab=redirects',
  Questionnaire: '/admin?tab=questionnaire',
  Settings: '/admin?tab=settings',
  Scripts: '/admin?tab=scripts',
  Leads: '/admin?tab=leads',
  Analytics: '/admin?tab=analytics',
  Webhooks: '/admin?tab=webhooks',
  Experiments: '/admin?tab=experiments',
  Conversions: '/admin?tab=conversions',
  Buyers: '/admin?tab=buyers',
  Returns: '/admin?tab=returns',
  Users: '/admin?tab=users',
  'Data requests': '/admin?tab=subjects',
}

test('groups the tabs under labels, each reachable by keyboard, at the same addresses', async ({
  adminPage: page,
}) => {
  const sections = page.getByRole('navigation', { name: 'Admin sections' })
  await expect(sections.getByRole('tablist')).toHaveCount(4)
  for (const [label, names] of Object.entries(groups)) {
    await expect(sections.getByRole('tablist', { name: label, exact: true }).getByRole('tab')).toHaveText([
      ...names,
    ])
  }
  expect(Object.values(groups).flat().sort()).toEqual([...tabNames].sort())

  // Each tab keeps its address, and the address opens it.
  for (const name of tabNames) {
    await tab(page, name).click()
    await expect(page).toHaveURL(addresses[name] as string)
  }
  await page.goto('/admin?tab=returns')
  await waitForHydration(page)
  await expect(tab(page, 'Returns')).toHaveAttribute('aria-selected', 'true')

  // Keyboard: Tab reaches one tab per group, the arrow keys move within it.
  await tab(page, 'Pages').focus()
  await page.keyboard.press('ArrowRight')
  await expect(tab(page, 'Media')).toBeFocused()
  await expect(page).toHaveURL('/admin?tab=media')
  await page.keyboard.press('Tab')
  await expect(
    sections.getByRole('tablist', { name: 'Leads and sales' }).getByRole('tab', { name: 'Leads' }),
  ).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(tab(page, 'Overview')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL('/admin')

  expect(await axeViolations(page)).toEqual([])
})

test('keeps the sign-in card still while the passkey button appears', async ({ page }) => {
  // The first paint, before any script runs: the server's HTML alone.
  await page.route('**/assets/**/*.js', (route) => route.abort())
  await page.goto('/api/login')
  const submit = page.getByRole('button', { name: 'Sign in', exact: true })
  const before = await submit.boundingBox()
  await page.unroute('**/assets/**/*.js')

  await page.goto('/api/login')
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
  const after = await submit.boundingBox()
  expect(before).not.toBeNull()
  expect(after).toEqual(before)
  expect(await axeViolations(page)).toEqual([])
})

test.describe('change password', () => {
  let admin: APIRequestContext

  test.beforeAll(async ({ baseURL }) => {
    admin = await request.newContext({ baseURL })
    const login = await admin.post('/api/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
    expect(login.status()).toBe(200)
  })
  test.afterAll(async () => {
    await admin.dispose()
  })

  test('from the account page: a wrong current password, then a new one', async ({ page, browser }) => {
    const email = `password-${randomBytes(4).toString('hex')}@example.test`
    const first = 'correct horse battery staple'
    const second = 'quartz lantern orchard 42'
    const created = await admin.post('/api/admin/users', { data: { email, password: first, role: 'editor' } })
    expect(created.status()).toBe(201)

    const signIn = async (p: typeof page, password: string) => {
      await p.goto('/api/login')
      await waitForHydration(p)
      await p.getByLabel('Email', { exact: true }).fill(email)
      await p.getByLabel('Password', { exact: true }).fill(password)
      await p.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(p).toHaveURL('/admin')
    }
    // Signed in elsewhere too: that session ends with the change.
    const elsewhere = await browser.newPage()
    await signIn(elsewhere, first)
    await signIn(page, first)

    await page.getByRole('link', { name: 'Account' }).click()
    const card = page.getByRole('region', { name: 'Password' })
    await expect(card).toBeVisible()
    await card.getByLabel('Current password').fill('not my password at all')
    await card.getByLabel('New password', { exact: true }).fill(second)
    await card.getByLabel('New password again').fill(second)
    await card.getByRole('button', { name: 'Change password' }).click()
    await expect(card.getByText('Your current password is not right')).toBeVisible()

    await card.getByLabel('Current password').fill(first)
    await card.getByRole('button', { name: 'Change password' }).click()
    await expect(card.getByRole('status')).toHaveText(
      'Your password has been changed. Your other sessions were signed out.',
    )
    await expect(card.getByLabel('Current password')).toHaveValue('')
    expect(await axeViolations(page)).toEqual([])

    const stillThere = await elsewhere.request.get('/api/auth/user')
    expect(stillThere.status()).toBe(401)
    await elsewhere.close()
    const mine = await page.request.get('/api/auth/user')
    expect(mine.status()).toBe(200)

    await page.goto('/api/logout')
    await signIn(page, second)
  })
})
