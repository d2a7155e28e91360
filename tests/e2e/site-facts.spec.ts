import type { Page } from '@playwright/test'
import { DEFAULT_SCHEME_STATUS } from '../../core/settings.ts'
import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const SLUG = 'site-facts-e2e'

const heading = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'heading',
  content: { text, level: 2 },
  styles: {},
  ...extra,
})

const content = {
  sections: [
    {
      id: 's1',
      styles: {},
      widgets: [
        heading('avg', 'The FCA average is {{fact.fcaAverage}}'),
        heading('status', 'Scheme status: {{fact.schemeStatus}}', {
          visibility: { fact: 'schemeStatus', when: 'set' },
        }),
      ],
    },
  ],
}

const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true })

async function saveFacts(page: Page, values: Record<string, string>) {
  await page.goto('/admin')
  await waitForHydration(page)
  await tab(page, 'Settings').click()
  const card = page.getByRole('region', { name: 'Site facts' })
  for (const [label, value] of Object.entries(values)) {
    const field = card.getByLabel(label, { exact: true })
    await expect(field).toBeEnabled()
    await field.fill(value)
  }
  await card.getByRole('button', { name: 'Save Site Facts' }).click()
  await expect(toastWith(page, 'Settings updated')).toBeVisible()
  return card
}

test.describe('site facts', () => {
  test('an admin changes a fact in Settings and a page follows, with and without JavaScript', async ({
    adminPage: page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const made = await page.request.post('/api/admin/pages', {
      data: { title: 'Scheme news', slug: SLUG, content, isPublished: true },
    })
    expect(made.status()).toBe(201)
    const { id } = (await made.json()) as { id: number }
    try {
      const card = await saveFacts(page, { 'FCA average award': '1234' })
      // The card lists each fact as pages show it.
      await expect(card.getByRole('region', { name: 'Facts as pages show them' })).toContainText('£1,234')
      expect(await axeViolations(page)).toEqual([])

      await page.goto(`/${SLUG}`)
      await expect(page.getByRole('heading', { name: 'The FCA average is £1,234' })).toBeVisible()
      await expect(page.getByRole('heading', { name: /^Scheme status: .*Upper Tribunal/ })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])

      // Emptied, the scheme status hides the block shown only while it is set.
      await saveFacts(page, { 'FCA average award': '1300', 'Redress scheme status': '' })
      const served = await browser.newContext({
        javaScriptEnabled: false,
        baseURL: new URL(page.url()).origin,
      })
      try {
        const site = await served.newPage()
        await site.goto(`/${SLUG}`)
        await expect(site.getByRole('heading', { name: 'The FCA average is £1,300' })).toBeVisible()
        await expect(site.getByText('Scheme status:')).toHaveCount(0)
      } finally {
        await served.close()
      }
    } finally {
      await page.request.delete(`/api/admin/pages/${id}`)
      for (const key of ['fca_average_award', 'scheme_status']) {
        const value = key === 'scheme_status' ? DEFAULT_SCHEME_STATUS : null
        await page.request.post('/api/admin/settings', { data: { key, value } })
      }
    }
  })
})
