import type { Page } from '@playwright/test'
import { findPageTemplate } from '../../core/page-templates.ts'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const canvas = (page: Page) => page.frameLocator('[data-testid=builder-canvas]')
const panel = (page: Page) => page.getByRole('complementary', { name: 'Style Panel' })
const unsaved = (page: Page) => page.getByRole('status').filter({ hasText: 'Unsaved changes' })

/** Deletes the page at `slug` if an earlier run left it (the e2e database is shared). */
async function removePage(page: Page, slug: string) {
  const pages = (await (await page.request.get('/api/admin/pages')).json()) as { id: number; slug: string }[]
  for (const p of pages.filter((p) => p.slug === slug)) await page.request.delete(`/api/admin/pages/${p.id}`)
}

const builderContent = {
  sections: [
    {
      id: 's1',
      styles: {},
      widgets: [
        { id: 'w1', type: 'heading', content: { text: 'Builder heading', level: 2 }, styles: {} },
        { id: 'w2', type: 'text', content: { text: '<p>Intro words</p>' }, styles: {} },
        {
          id: 'w3',
          type: 'button',
          content: { text: 'Start', link: '/' },
          styles: { color: '#ffffff', backgroundColor: '#0f766e' },
        },
      ],
    },
  ],
}

test.describe('rich text and builder pages', () => {
  test('Rich Text never wipes a builder page; converting asks and undoes; a Text block is edited in place', async ({
    adminPage: page,
  }) => {
    const slug = 'builder-rich-text-e2e'
    await removePage(page, slug)
    const created = await page.request.post('/api/admin/pages', {
      data: { title: 'Builder rich text', slug, content: builderContent, isPublished: true },
    })
    expect(created.status()).toBe(201)
    const { id } = (await created.json()) as { id: number }

    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto(`/admin/pages/edit/${id}`)
    await waitForHydration(page)
    await expect(canvas(page).getByText('Intro words')).toBeVisible()

    // The Rich Text tab of a builder page does not edit (and replace) the page.
    await page.getByRole('tab', { name: 'Rich Text' }).click()
    await expect(page.getByRole('textbox', { name: 'Page content' })).toHaveCount(0)
    await expect(page.getByText('This page is built with blocks.', { exact: false })).toBeVisible()
    await page.keyboard.type('x')
    await expect(unsaved(page)).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])

    // Converting is a choice, confirmed, that says what is lost; cancelling changes nothing.
    await page.getByRole('button', { name: 'Convert page to rich text…' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Convert this page to rich text?' })
    await expect(confirm).toBeVisible()
    await expect(confirm).toContainText('Buttons (kept as links)')
    expect(await axeViolations(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(unsaved(page)).toHaveCount(0)

    await page.getByRole('button', { name: 'Convert page to rich text…' }).click()
    await confirm.getByRole('button', { name: 'Convert to rich text' }).click()
    const text = page.getByRole('textbox', { name: 'Page content' })
    await expect(text.getByRole('heading', { name: 'Builder heading' })).toBeVisible()
    await expect(text).toContainText('Intro words')
    await expect(page.getByText('Page converted to rich text.')).toBeVisible()
    await expect(unsaved(page)).toHaveCount(1)

    // ...and undone: the widgets are back as they were.
    await page.getByRole('button', { name: 'Undo conversion' }).click()
    await expect(page.getByRole('textbox', { name: 'Page content' })).toHaveCount(0)
    await expect(unsaved(page)).toHaveCount(0)
    await page.getByRole('tab', { name: 'Visual Builder' }).click()
    await expect(canvas(page).locator('[data-widget-id]')).toHaveCount(3)

    // The Text block is rich text edited as it reads: heading, bold, list and link, no HTML typed.
    // A double-click on its text on the canvas puts the cursor in it.
    await canvas(page).getByText('Intro words').dblclick()
    const field = panel(page).getByRole('textbox', { name: 'Text content' })
    await expect(field).toBeFocused()
    await expect(field).toHaveText('Intro words')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('Check your claim')
    await panel(page).getByLabel('Text style').selectOption({ label: 'Heading 2' })
    await field.press('End')
    await field.press('Enter')
    await page.keyboard.type('Free to check')
    // The editor has the words before they are selected (a busy machine lags behind the keys).
    await expect(field).toContainText('Free to check')
    await page.keyboard.press('Shift+Home')
    await panel(page).getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await panel(page).getByRole('button', { name: 'Bulleted list' }).click()
    await page.keyboard.type('Read the guide')
    await expect(field).toContainText('Read the guide')
    await page.keyboard.press('Shift+Home')
    await panel(page).getByRole('button', { name: 'Link' }).click()
    const link = page.getByRole('dialog', { name: 'Insert Link' })
    await link.getByLabel('URL').fill('https://example.org/guide')
    await link.getByRole('button', { name: 'Insert link' }).click()
    await expect(link).toBeHidden()
    const widget = canvas(page).locator('[data-widget-id="w2"]')
    await expect(widget.getByRole('heading', { level: 2, name: 'Check your claim' })).toBeVisible()
    await expect(widget.locator('strong')).toHaveText('Free to check')
    await expect(widget.getByRole('listitem').getByRole('link', { name: 'Read the guide' })).toHaveAttribute(
      'href',
      'https://example.org/guide',
    )
    expect(await axeViolations(page)).toEqual([])

    // One builder undo takes back the link; redo puts it back.
    await page.getByRole('button', { name: 'Undo', exact: true }).click()
    await expect(widget.getByRole('link', { name: 'Read the guide' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Redo', exact: true }).click()
    await expect(widget.getByRole('link', { name: 'Read the guide' })).toBeVisible()

    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Page updated successfully', { exact: true })).toBeVisible()
    const html = await (await page.request.get(`/${slug}`)).text()
    expect(html).toContain('<h2>Check your claim</h2>')
    expect(html).toContain('<strong>Free to check</strong>')
    expect(html).toMatch(
      /<ul><li><p><a href="https:\/\/example\.org\/guide"[^>]*>Read the guide<\/a><\/p><\/li><\/ul>/,
    )
    expect(html).toContain('Builder heading')
    await removePage(page, slug)
  })

  test('a template page: publishing warns about its sample testimonial; Create opens its editor; the title can be hidden', async ({
    adminPage: page,
  }) => {
    const slug = 'template-placeholder-e2e'
    const template = findPageTemplate('campaign-landing')
    if (!template) throw new Error('template missing')
    await removePage(page, slug)
    await page.goto(`/admin/pages/create?template=${template.id}`)
    await waitForHydration(page)
    await page.getByLabel('URL Slug').first().fill(slug)
    await expect(
      page.getByText('Template sample content to replace before publishing: Testimonial in Section 3.'),
    ).toBeVisible()

    await page.getByRole('switch').first().click()
    await page.getByRole('button', { name: 'Create Page' }).click()
    const warning = page.getByRole('alertdialog', { name: 'Publish template sample content?' })
    await expect(warning).toBeVisible()
    await expect(warning).toContainText('Testimonial in Section 3')
    expect(await axeViolations(page)).toEqual([])
    await warning.getByRole('button', { name: 'Go back and replace it' }).click()
    await expect(warning).toBeHidden()
    await expect(page).toHaveURL(`/admin/pages/create?template=${template.id}`)

    await page.getByRole('button', { name: 'Create Page' }).click()
    await warning.getByRole('button', { name: 'Publish anyway' }).click()
    // Straight into the new page's editor.
    await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible()
    await expect(page.getByLabel('Page Title')).toHaveValue(template.title)
    await expect((await page.request.get(`/${slug}`)).status()).toBe(200)

    // Hide the title heading: the hero's own heading opens the page.
    await page.getByRole('tab', { name: 'Page Settings' }).click()
    const hide = page.getByRole('switch', { name: 'Hide title heading' })
    await hide.click()
    await expect(hide).toBeChecked()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save Changes' }).click()
    // The page is live and still holds the sample: every save of it asks again.
    await warning.getByRole('button', { name: 'Publish anyway' }).click()
    await expect(page.getByText('Page updated successfully', { exact: true })).toBeVisible()

    await page.goto(`/${slug}`)
    const title = page.getByRole('heading', { level: 1, name: template.title })
    await expect(title).toHaveClass('sr-only')
    await expect(page.getByRole('heading', { level: 2, name: /Paid for car finance/ })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await removePage(page, slug)
  })
})
