import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN_EMAIL, axeViolations, staffSession } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

// Four-eyes and scheduled publishing (docs/decisions/0079-four-eyes-and-scheduled-publishing.md).

const PAGES = '/api/admin/pages'

const setApproval = async (admin: APIRequestContext, on: boolean) => {
  const response = await admin.post('/api/admin/settings', {
    data: { key: 'publish_approval_required', value: String(on) },
  })
  expect(response.status()).toBe(200)
}

async function draft(page: Page, title: string, content: unknown = '<p>First words</p>') {
  const slug = `four-eyes-${randomBytes(3).toString('hex')}`
  const response = await page.request.post(PAGES, { data: { title, slug, content, isPublished: false } })
  expect(response.status()).toBe(201)
  return { ...((await response.json()) as { id: number }), slug }
}

async function openSettings(page: Page, id: number) {
  await page.goto(`/admin/pages/edit/${id}`)
  await waitForHydration(page)
  await page.getByRole('tab', { name: 'Page Settings' }).click()
}

test.describe('four-eyes publishing', () => {
  test.afterEach(async ({ adminPage }) => {
    await setApproval(adminPage.request, false)
  })

  test('an editor’s publish waits for a second admin, who approves it from the approvals list', async ({
    adminPage: admin,
    browser,
  }) => {
    // The operator turns approval on from the approvals card.
    await admin.goto('/admin?tab=pages')
    await waitForHydration(admin)
    const approvalSwitch = admin.getByRole('switch', { name: 'Every publish needs a second admin' })
    await expect(approvalSwitch).toHaveAttribute('aria-checked', 'false')
    await approvalSwitch.click()
    await expect(approvalSwitch).toHaveAttribute('aria-checked', 'true')
    const editor = await staffSession(browser, admin.request, 'editor')
    try {
      const { id, slug } = await draft(editor.page, 'Four eyes page')
      await openSettings(editor.page, id)
      await editor.page.getByRole('switch', { name: 'Published' }).click()
      await editor.page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(editor.page.getByText('Needs approval', { exact: true }).first()).toBeVisible()
      const pending = editor.page.getByRole('list', { name: 'Pending publications' })
      await expect(pending).toContainText(`asked by ${editor.email}`)
      // An editor sees no approve button, only cancel.
      await expect(pending.getByRole('button', { name: /^Approve/ })).toHaveCount(0)
      expect((await admin.request.get(`/api/pages/${slug}`)).status()).toBe(404)

      await admin.goto('/admin?tab=pages')
      await waitForHydration(admin)
      const approvals = admin.getByRole('region', { name: 'Approvals' })
      const row = approvals.getByRole('row').filter({ hasText: 'Four eyes page' })
      await expect(row).toContainText(editor.email)
      expect(await axeViolations(admin)).toEqual([])
      await row.getByRole('button', { name: 'Approve “Four eyes page”' }).click()
      await expect(admin.getByText('Publication published', { exact: true }).first()).toBeVisible()
      await expect(row).toHaveCount(0)
      expect((await admin.request.get(`/api/pages/${slug}`)).status()).toBe(200)

      // The version the approval published names its approver once saved over.
      await setApproval(admin.request, false)
      expect(
        (await admin.request.put(`${PAGES}/${id}`, { data: { content: '<p>Next words</p>' } })).status(),
      ).toBe(200)
      await openSettings(admin, id)
      await expect(admin.getByRole('table', { name: 'Revisions' })).toContainText(
        `Approved by ${ADMIN_EMAIL}`,
      )
    } finally {
      await editor.context.close()
    }
  })

  test('an admin cannot approve their own request, and can withdraw it', async ({ adminPage: admin }) => {
    await setApproval(admin.request, true)
    const { id } = await draft(admin, 'Own request page')
    const asked = await admin.request.post(`${PAGES}/${id}/publications`, { data: {} })
    expect(asked.status()).toBe(201)
    await admin.goto('/admin?tab=pages')
    await waitForHydration(admin)
    const row = admin
      .getByRole('region', { name: 'Approvals' })
      .getByRole('row')
      .filter({ hasText: 'Own request page' })
    await expect(row).toBeVisible()
    await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0)
    const publication = (await asked.json()) as { id: number }
    const self = await admin.request.post(`${PAGES}/publications/${publication.id}/approve`, { data: {} })
    expect(self.status()).toBe(403)
    await row.getByRole('button', { name: /^Cancel publication/ }).click()
    await expect(row).toHaveCount(0)
  })

  test('schedules a publish in London time, shows it, and cancels it; shows a revision’s changes', async ({
    adminPage: page,
  }) => {
    const { id } = await draft(page, 'Scheduled page', {
      widgets: [{ id: 'h1', type: 'heading', content: { text: 'Old heading', level: 2 } }],
    })
    const saved = await page.request.put(`${PAGES}/${id}`, {
      data: {
        content: { widgets: [{ id: 'h1', type: 'heading', content: { text: 'New heading', level: 2 } }] },
      },
    })
    expect(saved.status()).toBe(200)
    await page.setViewportSize({ width: 360, height: 740 })
    await openSettings(page, id)
    await page.getByLabel('Publish on (date)').fill('2031-07-01')
    await page.getByLabel('At (London time)').fill('10:30')
    await page.getByRole('button', { name: 'Schedule publish' }).click()
    const pending = page.getByRole('list', { name: 'Pending publications' })
    await expect(pending).toContainText('to go live 2031-07-01 at 10:30 (London)')
    await expect(pending.getByText('Scheduled', { exact: true })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await axeViolations(page)).toEqual([])
    await pending.getByRole('button', { name: /^Cancel publication/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Nothing awaits approval or a scheduled time.')).toBeVisible()

    await page.getByRole('button', { name: /^Changes since the revision/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Changes since this revision' })
    await expect(dialog.getByTestId('revision-diff')).toContainText('Was: Old heading')
    await expect(dialog.getByTestId('revision-diff')).toContainText('Now: New heading')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })
})
