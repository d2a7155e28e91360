import type { Page } from '@playwright/test'
import { secondAdmin } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const builder = (page: Page) => page.getByRole('region', { name: 'Visual page builder' })
const canvas = (page: Page) => page.frameLocator('[data-testid=builder-canvas]')
const panel = (page: Page) => page.getByRole('complementary', { name: 'Style Panel' })

/** The home page's record (a system page: docs/decisions/0075-system-pages-from-blocks.md). */
async function homePage(page: Page) {
  const pages = (await (await page.request.get('/api/admin/pages')).json()) as { id: number; slug: string }[]
  const home = pages.find((p) => p.slug === 'home')
  if (!home) throw new Error('no home page')
  return (await (await page.request.get(`/api/admin/pages/${home.id}`)).json()) as {
    id: number
    content: unknown
  }
}

test('the home FAQ and a statistic edited in the builder show on / without JavaScript', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const home = await homePage(page)
  // The shipped home copy has compliance flags (ADR 0078), so a second admin approves its publishing.
  const approver = await secondAdmin(page.request, baseURL)
  try {
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto(`/admin/pages/edit/${home.id}`)
    await waitForHydration(page)
    await expect(page.getByText('System Page').first()).toBeVisible()
    await expect(page.getByLabel('URL Slug')).toHaveAttribute('readonly', '')

    await canvas(page)
      .getByRole('button', { name: /^FAQ accordion widget 1/ })
      .click()
    await panel(page).getByLabel('Question 1 question').fill('Can I edit this question?')
    await canvas(page)
      .getByRole('button', { name: /^Statistics band widget 1/ })
      .click()
    await panel(page).getByLabel('Figure 1 figure').fill('42M+')
    await expect(canvas(page).getByText('Can I edit this question?')).toBeVisible()
    await builder(page).getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0)
    await expect(page.getByText('Needs approval', { exact: true }).first()).toBeVisible()
    expect(await approver.approvePending(home.id)).toBe(1)

    const visitor = await browser.newContext({ javaScriptEnabled: false })
    try {
      const site = await visitor.newPage()
      await site.goto('/')
      const first = site.locator('details').first()
      await expect(first).toHaveAttribute('open', '')
      await expect(first.locator('summary')).toHaveText('Can I edit this question?')
      await expect(site.getByText('42M+', { exact: true })).toBeVisible()
      // Without JavaScript the other answers open from their summary too.
      await site.locator('summary', { hasText: 'How much does it cost?' }).click()
      await expect(site.getByText('Checking your eligibility here is free.')).toBeVisible()
    } finally {
      await visitor.close()
    }
  } finally {
    // The e2e database is shared: the home page gets its content back.
    await page.request.put(`/api/admin/pages/${home.id}`, { data: { content: home.content } })
    await approver.approvePending(home.id)
    await approver.dispose()
  }
})

test('a privacy policy section edited in the builder shows with and without JavaScript', async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(90_000)
  const pages = (await (await page.request.get('/api/admin/pages')).json()) as { id: number; slug: string }[]
  const id = pages.find((p) => p.slug === 'privacy-policy')?.id
  if (!id) throw new Error('no privacy policy page')
  const original = ((await (await page.request.get(`/api/admin/pages/${id}`)).json()) as { content: unknown })
    .content
  try {
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto(`/admin/pages/edit/${id}`)
    await waitForHydration(page)
    await canvas(page)
      .getByRole('button', { name: /^Policy sections widget 1/ })
      .click()
    await panel(page).getByLabel('Section 2 title').fill('What We Keep About You')
    await builder(page).getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0)

    await page.goto('/privacy-policy')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 2, name: '2. What We Keep About You' })).toBeVisible()
    const visitor = await browser.newContext({ javaScriptEnabled: false })
    try {
      const site = await visitor.newPage()
      await site.goto('/privacy-policy')
      await expect(site.getByRole('heading', { level: 2, name: '2. What We Keep About You' })).toBeVisible()
    } finally {
      await visitor.close()
    }
  } finally {
    await page.request.put(`/api/admin/pages/${id}`, { data: { content: original } })
  }
})
