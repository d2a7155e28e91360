import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

test.describe('API reference', () => {
  test('opens from the dashboard, filters, links each operation and offers the download', async ({
    adminPage: page,
  }) => {
    await page.getByRole('link', { name: 'API reference' }).click()
    await expect(page).toHaveURL('/admin/api')
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 2, name: 'Redirects' })).toBeVisible()
    const total = Number((await page.getByText(/^\d+ operations$/).textContent())?.split(' ')[0])
    expect(total).toBeGreaterThanOrEqual(50)

    await page.getByLabel('Filter operations').fill('put redirects')
    await expect(page.getByText(`1 of ${total} operations match`)).toBeVisible()
    const operation = page.getByRole('article', { name: 'PUT /api/admin/redirects/{id}' })
    await expect(operation).toBeVisible()
    await expect(operation.getByText('Permission: redirects')).toBeVisible()
    const body = operation.getByRole('table', { name: 'Request body of PUT /api/admin/redirects/{id}' })
    await expect(body.getByRole('row', { name: /fromUrl string no 1–2000 characters/ })).toBeVisible()
    await expect(operation.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Leads' })).toHaveCount(0)

    await operation.getByRole('link', { name: 'Link to PUT /api/admin/redirects/{id}' }).click()
    await expect(page).toHaveURL(/#put_admin_redirects_id$/)

    await page.getByLabel('Filter operations').fill('no such operation')
    await expect(page.getByText('No operation matches “no such operation”.')).toBeVisible()

    const download = page.getByRole('link', { name: 'Download openapi.json' })
    await expect(download).toHaveAttribute('href', '/api/openapi.json')
    const document = await page.request.get('/api/openapi.json')
    expect((await document.json()).openapi).toBe('3.1.0')
  })

  test('has no axe violations, at desktop and 360 px', async ({ adminPage: page }) => {
    // Every operation is on the page at once: axe takes a while over it.
    test.setTimeout(90_000)
    await page.goto('/admin/api')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 2, name: 'Auth' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 360, height: 740 })
    expect(await axeViolations(page)).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('asks a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/admin/api')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible()
  })
})
