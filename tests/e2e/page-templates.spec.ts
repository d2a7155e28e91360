import type { Page } from '@playwright/test'
import { findPageTemplate } from '../../core/page-templates.ts'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { questionTitles } from './journey.ts'
import { queryDatabase, waitForHydration } from './support.ts'

const builder = (page: Page) => page.getByRole('region', { name: 'Visual page builder' })

/**
 * What the builder's canvas shows, in one place: the canvas may move into its own document (an
 * iframe), and then only this helper changes. Everything else goes through the sidebar and inspector.
 */
async function expectOnCanvas(page: Page, text: string, count = 1) {
  const canvas = page.frameLocator('[data-testid=builder-canvas]')
  await expect(canvas.getByText(text, { exact: true })).toHaveCount(count)
}

/** The builder's Sections tab, opened: its section list and saved sections. */
async function sectionsTab(page: Page) {
  await builder(page).getByRole('tab', { name: 'Sections' }).click()
  return builder(page).getByRole('tabpanel', { name: 'Sections' })
}

/** Publishes the page on the Create screen and creates it, landing in its editor. */
async function publishAndCreate(page: Page, { sampleContent = true } = {}) {
  await page.getByRole('switch').first().click()
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Create Page' }).click()
  // A template's sample content goes live only when confirmed (ADR 0061).
  if (sampleContent) {
    await page
      .getByRole('alertdialog', { name: 'Publish template sample content?' })
      .getByRole('button', { name: 'Publish anyway' })
      .click()
  }
  // Into the new page's editor (a document load: the toast may not survive it).
  await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/)
}

function storedContent(slug: string) {
  const [row] = queryDatabase<{ content: string }>('select content from page where slug = ?', slug)
  return JSON.parse(row?.content ?? 'null') as { sections: { id: string; widgets: { id: string }[] }[] }
}

const landing = findPageTemplate('campaign-landing')
const simple = findPageTemplate('simple-content')
const heroHeading = 'Paid for car finance between 2007 and 2024?'

test.describe('page templates and saved sections', () => {
  test('creates a page from each template and publishes it', async ({ adminPage: page }) => {
    // Two pages, each confirmed past its sample content and opened in its editor after Create.
    test.slow()
    for (const [template, slug] of [
      [landing, 'campaign-e2e'],
      [simple, 'simple-e2e'],
    ] as const) {
      if (!template) throw new Error('template missing')
      await page.goto('/admin?tab=pages')
      await waitForHydration(page)
      await page.getByRole('button', { name: 'New page from template' }).click()
      const dialog = page.getByRole('dialog', { name: 'New page from template' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('heading', { name: 'Campaign landing page' })).toBeVisible()
      await expect(dialog.getByRole('heading', { name: 'Simple content page' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await dialog.getByRole('link', { name: `Use template: ${template.name}` }).click()
      await expect(page).toHaveURL(`/admin/pages/create?template=${template.id}`)
      await waitForHydration(page)

      await expect(page.getByLabel('Page Title')).toHaveValue(template.title)
      await expect(page.getByLabel('URL Slug').first()).toHaveValue(template.slug)
      await page.getByLabel('URL Slug').first().fill(slug)
      const firstHeading = template.content.sections[0]?.widgets[0]
      if (firstHeading?.type !== 'heading') throw new Error('templates start with a heading')
      await expectOnCanvas(page, firstHeading.content.text)
      const panel = await sectionsTab(page)
      await expect(
        panel.getByRole('button', {
          name: `Section ${template.content.sections.length}`,
          exact: true,
        }),
      ).toBeVisible()
      await publishAndCreate(page)

      const stored = storedContent(slug)
      expect(stored).toEqual(template.content)
      await page.goto(`/${slug}`)
      await expect(page.getByRole('heading', { level: 1, name: template.title })).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: firstHeading.content.text })).toBeVisible()
    }

    // The landing page carries the real questionnaire, and its hero button leads down to it.
    await page.goto('/campaign-e2e')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: questionTitles[0] })).toBeVisible()
    await expect(page.getByRole('blockquote')).toBeVisible()
    await page.getByRole('link', { name: 'Check my claim' }).click()
    await expect(page).toHaveURL(/#check-your-claim$/)
    await expect(page.getByRole('heading', { name: 'Check your claim', exact: true })).toBeInViewport()
    expect(await axeViolations(page)).toEqual([])

    await page.goto('/simple-e2e')
    await expect(page.getByText('Write the page here.', { exact: false })).toBeVisible()
    await expect(page.getByRole('separator')).toHaveCount(1)
  })

  test('saves a section from one page and inserts it into another, twice, with unique ids', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/pages/create?template=campaign-landing')
    await waitForHydration(page)
    let b = await sectionsTab(page)
    await b.getByRole('button', { name: 'Section 1', exact: true }).click()
    await b.getByRole('button', { name: 'Save as reusable section' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save as reusable section' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Section name')).toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    // The shared schema refuses a blank name before anything is sent.
    await dialog.getByRole('button', { name: 'Save section' }).click()
    await expect(dialog.getByText('Please enter a name for the section')).toBeVisible()
    await dialog.getByLabel('Section name').fill('Campaign hero')
    await dialog.getByRole('button', { name: 'Save section' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Section saved', { exact: true })).toBeVisible()
    await expect(b.getByText('Campaign hero', { exact: true })).toBeVisible()

    // A second save under the same name is refused by the server, and the dialog says why.
    await b.getByRole('button', { name: 'Save as reusable section' }).click()
    await dialog.getByLabel('Section name').fill('campaign HERO')
    await dialog.getByRole('button', { name: 'Save section' }).click()
    await expect(dialog.getByText('A saved section with this name already exists')).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    await page.getByLabel('Page Title').fill('Reused hero')
    await page.getByLabel('URL Slug').first().fill('reused-hero-e2e')
    b = await sectionsTab(page)
    await b.getByRole('button', { name: 'Add Section' }).click()
    await b.getByRole('button', { name: 'Insert Campaign hero' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Campaign hero inserted as Section 2' }),
    ).toBeAttached()
    await b.getByRole('button', { name: 'Insert Campaign hero' }).click()
    await expect(b.getByRole('button', { name: 'Section 3', exact: true })).toBeVisible()
    await expectOnCanvas(page, heroHeading, 2)
    // One undo step per insert.
    await builder(page).getByRole('button', { name: 'Undo' }).click()
    await expectOnCanvas(page, heroHeading, 1)
    await builder(page).getByRole('button', { name: 'Redo' }).click()
    await expectOnCanvas(page, heroHeading, 2)
    await publishAndCreate(page, { sampleContent: false })

    const stored = storedContent('reused-hero-e2e')
    expect(stored.sections.map((s) => s.widgets.length)).toEqual([0, 3, 3])
    const ids = stored.sections.flatMap((s) => [s.id, ...s.widgets.map((w) => w.id)])
    expect(new Set(ids).size).toBe(ids.length)
    await page.goto('/reused-hero-e2e')
    await expect(page.getByRole('heading', { level: 2, name: heroHeading })).toHaveCount(2)

    // Deleting the saved section asks first, and leaves the page's copies alone.
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    b = await sectionsTab(page)
    await b.getByRole('button', { name: 'Delete saved section Campaign hero' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete saved section?' })
    await expect(confirm).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Delete saved section' }).click()
    await expect(b.getByRole('button', { name: 'Insert Campaign hero' })).toHaveCount(0)
    await expect(b.getByText(/None yet/)).toBeVisible()
    expect(storedContent('reused-hero-e2e').sections).toHaveLength(3)
  })
})
