import type { Page } from '@playwright/test'
import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true })
const VARIANT_TITLE = 'Claim back what you were overcharged'

test.describe('experiments', () => {
  test('an admin creates and starts a home page experiment; a visitor keeps one variant with nothing stored', async ({
    adminPage: page,
    browser,
  }) => {
    const name = `Home title ${unique()}`
    await tab(page, 'Experiments').click()
    await expect(tab(page, 'Experiments')).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('button', { name: 'New Experiment' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Experiment' })
    await expect(dialog).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
    await dialog.getByRole('textbox', { name: 'Page', exact: true }).fill('/')
    await dialog.getByRole('combobox', { name: 'Goal' }).selectOption('lead')
    const second = dialog.getByRole('group', { name: 'Variant 2' })
    await second.getByRole('textbox', { name: 'Page title' }).fill(VARIANT_TITLE)
    // A weight of 0 is refused in the form, before the server.
    await second.getByRole('spinbutton', { name: 'Weight' }).fill('0')
    await dialog.getByRole('button', { name: 'Create Experiment' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Weight must be at least 1')
    await second.getByRole('spinbutton', { name: 'Weight' }).fill('50')
    await dialog.getByRole('button', { name: 'Create Experiment' }).click()
    await expect(toastWith(page, 'Experiment created')).toBeVisible()
    await expect(dialog).toBeHidden()

    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('draft')
    await row.getByRole('button', { name: `Start ${name}` }).click()
    await expect(toastWith(page, 'Experiment started')).toBeVisible()
    await expect(row).toContainText('running')
    await row.getByRole('button', { name: 'Results' }).click()
    await expect(page.getByRole('region', { name: `Results of ${name}` })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 360, height: 740 })
    expect(await axeViolations(page)).toEqual([])

    try {
      // A fresh visitor (nothing stored, not even the suite's usual cookie choice): one variant on
      // every visit, chosen on the server.
      const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } })
      const visit = await visitor.newPage()
      const titles = new Set<string>()
      for (let i = 0; i < 3; i++) {
        const response = await visit.goto('/')
        const html = (await response?.text()) ?? ''
        titles.add(html.includes(`<title>${VARIANT_TITLE}`) ? 'B' : 'A')
        await expect(visit).toHaveTitle(titles.has('B') ? VARIANT_TITLE : /^(?!Claim back)/)
      }
      expect(titles.size).toBe(1)
      expect(await visitor.cookies()).toEqual([])
      const stored = await visit.evaluate(() => [
        ...Object.keys(localStorage),
        ...Object.keys(sessionStorage),
      ])
      expect(stored).toEqual([])
      expect(await axeViolations(visit)).toEqual([])
      await visitor.close()
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 })
      await row.getByRole('button', { name: `Stop ${name}` }).click()
      await expect(toastWith(page, 'Experiment stopped')).toBeVisible()
    }
  })
})
