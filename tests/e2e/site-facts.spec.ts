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

  test('the builder inserts a fact from the keyboard, shows its value and warns of an unknown one', async ({
    adminPage: page,
  }) => {
    test.setTimeout(90_000)
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    const b = page.getByRole('region', { name: 'Visual page builder' })
    const canvas = page.frameLocator('[data-testid=builder-canvas]')
    await b.getByRole('tab', { name: 'Sections' }).click()
    await b.getByRole('button', { name: 'Add Section' }).click()
    await b.getByRole('tab', { name: 'Widgets' }).click()
    await b.getByRole('button', { name: 'Heading', exact: true }).focus()
    await page.keyboard.press('Enter')
    const section = canvas.getByRole('group', { name: 'Section 1' })
    await expect(section.locator('[data-widget-type]')).toHaveCount(1)

    const panel = page.getByRole('complementary', { name: 'Style Panel' })
    const text = panel.getByLabel('Heading text')
    await text.fill('Average award ')
    const picker = panel.getByRole('combobox', { name: 'Insert fact' })
    await picker.focus()
    await expect(picker).toBeFocused()
    await picker.selectOption({ label: 'FCA average award' })
    await expect(text).toHaveValue('Average award {{fact.fcaAverage}}')
    // The canvas shows the value, as the site will.
    await expect(section.getByRole('heading', { name: 'Average award £829' })).toBeVisible()

    // Shown only while the scheme status is empty: the canvas keeps it, and says it is hidden now.
    await panel.getByLabel('Visibility').selectOption({ label: 'Only when “Redress scheme status” is empty' })
    await expect(
      canvas.getByText('Shown only while “Redress scheme status” is empty: hidden on the site now'),
    ).toBeVisible()

    // A key that names no fact stays as typed in the builder, with a warning by the field.
    await text.fill('Average award {{fact.noSuchFact}}')
    await expect(section.getByRole('heading', { name: 'Average award {{fact.noSuchFact}}' })).toBeVisible()
    await expect(
      panel.getByRole('status').filter({ hasText: 'No site fact is called “noSuchFact”' }),
    ).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
