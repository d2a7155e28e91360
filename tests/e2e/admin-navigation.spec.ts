import type { Page } from '@playwright/test'
import { tab, tabNames } from './admin-support.ts'
import { expect, test } from './fixtures.ts'

/**
 * Counts full document loads from here on: a `load` event on the main frame is a new document; a
 * client navigation (React Router) changes the address without one. A marker set on `window`
 * must also survive, which only one document can keep.
 */
async function watchDocumentLoads(page: Page) {
  const loads: string[] = []
  page.on('load', (p) => loads.push(p.url()))
  const warnings: string[] = []
  page.on('console', (message) => {
    if (/manifest version mismatch|reload the document|new document navigation/i.test(message.text()))
      warnings.push(message.text())
  })
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })
  return {
    loads,
    warnings,
    sameDocument: () =>
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true),
  }
}

test('walks every admin tab and the page editor without reloading the document', async ({
  adminPage: page,
}) => {
  const watch = await watchDocumentLoads(page)

  for (const name of tabNames) {
    await tab(page, name).click()
    await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName(name)
  }

  // Into the editor from the Pages list, and back.
  await tab(page, 'Pages').click()
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click()
  await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Pages' }).click()
  await expect(page).toHaveURL('/admin?tab=pages')
  await expect(tab(page, 'Pages')).toHaveAttribute('aria-selected', 'true')

  // Create Page, and back.
  await page.getByRole('link', { name: 'Create Page' }).click()
  await expect(page).toHaveURL('/admin/pages/create')
  await expect(page.getByRole('heading', { level: 1, name: 'Create Page' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Pages' }).click()
  await expect(page).toHaveURL('/admin?tab=pages')

  // The account and API reference screens, and Back.
  await page.getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await page.goBack()
  await expect(tab(page, 'Pages')).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('link', { name: 'API reference' }).click()
  await expect(page).toHaveURL('/admin/api')
  await page.goBack()
  await expect(page).toHaveURL('/admin?tab=pages')
  await expect(tab(page, 'Pages')).toBeVisible()

  expect(watch.loads).toEqual([])
  expect(await watch.sameDocument()).toBe(true)
  expect(watch.warnings).toEqual([])
})
