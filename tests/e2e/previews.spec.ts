import type { Page } from '@playwright/test'
import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { answerEligible, uniqueEmail, uniquePhone } from './journey.ts'
import { queryDatabase, waitForHydration } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true })
const canvas = (page: Page) => page.frameLocator('[data-testid=builder-canvas]')

const heading = (text: string) => ({ id: 'h1', type: 'heading', content: { text, level: 2 }, styles: {} })
const form = { id: 'f1', type: 'form', content: { title: 'Check your claim' }, styles: {} }
const blocks = (...widgets: unknown[]) => ({ sections: [{ id: 's1', styles: {}, widgets }] })

/** The tab `click` opens, once it has loaded its address. */
async function newTab(page: Page, click: () => Promise<void>): Promise<Page> {
  const [opened] = await Promise.all([page.context().waitForEvent('page'), click()])
  await opened.waitForURL(/\/preview\/[0-9a-f]+-[0-9a-f]{64}$/)
  await opened.waitForLoadState()
  return opened
}

test.describe('previews', () => {
  test('a lead form on a preview works but sends nothing', async ({ adminPage: page }, testInfo) => {
    const slug = `preview-form-${unique()}`
    const made = await page.request.post('/api/admin/pages', {
      data: { title: `Form ${slug}`, slug, content: blocks(heading('Check here'), form), isPublished: false },
    })
    expect(made.status()).toBe(201)
    const { id } = (await made.json()) as { id: number }
    try {
      const link = await page.request.post(`/api/admin/pages/${id}/preview-links`, { data: {} })
      expect(link.status()).toBe(201)
      await page.goto(((await link.json()) as { path: string }).path)
      await waitForHydration(page)
      await answerEligible(page)
      const email = uniqueEmail(testInfo)
      await page.getByLabel('First Name').fill('Preview')
      await page.getByLabel('Last Name').fill('Tester')
      await page.getByLabel('Email Address').fill(email)
      await page.getByLabel('Phone Number').fill(uniquePhone())
      await page.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
      await page.getByRole('button', { name: 'Submit My Details' }).click()
      await expect(toastWith(page, 'Preview')).toBeVisible()
      await expect(page).toHaveURL(/\/preview\//)
      expect(queryDatabase('select id from lead where email = ?', email)).toEqual([])
    } finally {
      await page.request.delete(`/api/admin/pages/${id}`)
    }
  })

  test('a draft opens from the pages list and from the editor in a new tab, not as a 404', async ({
    adminPage: page,
  }) => {
    const slug = `preview-draft-${unique()}`
    const title = `Draft ${slug}`
    const made = await page.request.post('/api/admin/pages', {
      data: { title, slug, content: blocks(heading('Only in the draft')), isPublished: false },
    })
    expect(made.status()).toBe(201)
    const { id } = (await made.json()) as { id: number }
    try {
      expect((await page.request.get(`/${slug}`)).status()).toBe(404)
      await page.goto('/admin?tab=pages')
      await waitForHydration(page)
      const row = page.getByRole('row').filter({ hasText: `/${slug}` })
      const fromList = await newTab(page, () => row.getByRole('button', { name: `Preview ${title}` }).click())
      await expect(fromList.getByRole('heading', { name: 'Only in the draft' })).toBeVisible()
      await expect(fromList.getByRole('complementary', { name: 'Preview' })).toContainText(
        'Preview – not published',
      )
      await expect(fromList.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
      expect(await axeViolations(fromList)).toEqual([])
      await fromList.close()

      await page.goto(`/admin/pages/edit/${id}`)
      await waitForHydration(page)
      const fromEditor = await newTab(page, () =>
        page.getByRole('banner').getByRole('button', { name: 'Preview', exact: true }).click(),
      )
      await expect(fromEditor.getByRole('heading', { name: 'Only in the draft' })).toBeVisible()
      await expect(fromEditor.getByRole('complementary', { name: 'Preview' })).toContainText('Draft')
      await fromEditor.close()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await page.request.delete(`/api/admin/pages/${id}`)
    }
  })

  test('a variant is edited in the builder and previewed; starting warns that it has no form', async ({
    adminPage: page,
  }) => {
    const slug = `preview-guide-${unique()}`
    const name = `Variant test ${slug}`
    const made = await page.request.post('/api/admin/pages', {
      data: { title: 'Guide', slug, content: blocks(heading('The page as it is'), form), isPublished: true },
    })
    expect(made.status()).toBe(201)
    const { id: pageId } = (await made.json()) as { id: number }
    let experimentId: number | undefined
    try {
      await page.goto('/admin')
      await waitForHydration(page)
      await tab(page, 'Experiments').click()
      await page.getByRole('button', { name: 'New Experiment' }).click()
      const dialog = page.getByRole('dialog', { name: 'New Experiment' })
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
      await dialog.getByRole('textbox', { name: 'Page', exact: true }).fill(`/${slug}`)
      const second = dialog.getByRole('group', { name: 'Variant 2' })
      await expect(second.getByRole('textbox', { name: 'Content' })).toHaveCount(0)
      await expect(second).toContainText('The page as it is.')
      expect(await axeViolations(page)).toEqual([])

      await second.getByRole('button', { name: 'Edit variant B in builder' }).click()
      const builderDialog = page.getByRole('dialog', { name: 'Variant B: page content' })
      await expect(builderDialog).toBeVisible()
      // A copy of the page's blocks: its heading and its contact form.
      const section = canvas(page).getByRole('group', { name: 'Section 1' })
      await expect(section.locator('[data-widget-type]')).toHaveCount(2)
      await section.getByRole('button', { name: /^Heading widget 1/ }).click()
      await builderDialog.getByLabel('Heading text').fill('Variant B says it better')
      await section.getByRole('button', { name: /^Contact Form widget 2/ }).click()
      await section.getByRole('button', { name: 'Delete Contact Form' }).click()
      await expect(section.locator('[data-widget-type]')).toHaveCount(1)
      await builderDialog.getByRole('button', { name: 'Use this layout' }).click()
      await expect(builderDialog).toBeHidden()
      await expect(second).toContainText('Its own copy of the page: 1 blocks.')
      await expect(second).toContainText('No questionnaire or lead form')
      expect(await axeViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Create Experiment' }).click()
      await expect(toastWith(page, 'Experiment created')).toBeVisible()

      const row = page.getByRole('row').filter({ hasText: name })
      const preview = await newTab(page, () =>
        row.getByRole('button', { name: `Preview variant B of ${name}` }).click(),
      )
      await expect(preview.getByRole('heading', { name: 'Variant B says it better' })).toBeVisible()
      await expect(preview.getByText('The page as it is')).toHaveCount(0)
      await expect(preview.getByRole('complementary', { name: 'Preview' })).toContainText(
        `Variant B of ${name}`,
      )
      await preview.close()

      await row.getByRole('button', { name: `Start ${name}` }).click()
      const warning = page.getByRole('alertdialog', { name: `Start ${name} anyway?` })
      await expect(warning).toContainText('Variant B has no questionnaire or lead form')
      expect(await axeViolations(page)).toEqual([])
      await warning.getByRole('button', { name: 'Cancel' }).click()
      await expect(row).toContainText('draft')
      await row.getByRole('button', { name: `Start ${name}` }).click()
      await warning.getByRole('button', { name: 'Start anyway' }).click()
      await expect(toastWith(page, 'Experiment started')).toBeVisible()
      await expect(row).toContainText('running')
    } finally {
      const list = (await (await page.request.get('/api/admin/experiments')).json()) as {
        id: number
        name: string
      }[]
      experimentId = list.find((x) => x.name === name)?.id
      if (experimentId) {
        await page.request.post(`/api/admin/experiments/${experimentId}/stop`, { data: {} })
        await page.request.delete(`/api/admin/experiments/${experimentId}`)
      }
      await page.request.delete(`/api/admin/pages/${pageId}`)
    }
  })
})
