import type { Page } from '@playwright/test'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { queryDatabase, waitForHydration } from './support.ts'

const LEAVE_PROMPT = 'You have unsaved changes. Are you sure you want to leave?'

async function createPage(page: Page, data: Record<string, unknown>): Promise<number> {
  const response = await page.request.post('/api/admin/pages', { data })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { id: number }).id
}

async function openEditor(page: Page, id: number | string) {
  await page.goto(`/admin/pages/edit/${id}`)
  await waitForHydration(page)
}

const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).first()

test.describe('page editor', () => {
  test('create: required title and slug, Preview disabled until both, new pages start as Draft', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Create Page' }).click()
    await expect(toast(page, 'Title required')).toBeVisible()
    await expect(toast(page, 'Please enter a page title')).toBeVisible()
    await page.getByLabel('Page Title').fill('Only a title')
    await page.getByLabel('URL Slug').fill('   ')
    await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled()
    await page.getByRole('button', { name: 'Create Page' }).click()
    await expect(toast(page, 'URL slug required')).toBeVisible()
    await expect(toast(page, 'Please enter a URL slug')).toBeVisible()

    await page.getByRole('tab', { name: 'SEO & Meta' }).click()
    await page.getByLabel('Meta Description').fill('x'.repeat(170))
    await expect(page.getByText('170/160 characters', { exact: false })).toBeVisible()
    await page.getByLabel('Social Title').fill('Shared title')
    await expect(page.getByTestId('share-preview')).toContainText('Shared title')
    await page.getByRole('tab', { name: 'Page Settings' }).click()
    await page.getByLabel('URL Slug').fill('kept-keyword')
    await expect(page.getByTestId('full-url')).toHaveText(/\/kept-keyword$/)
    await page.getByLabel('Target Keyword').fill('pcp claim')
    await page.getByRole('button', { name: 'Create Page' }).click()
    await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/)
    const [row] = queryDatabase<{ target_keyword: string; is_published: number }>(
      "select target_keyword, is_published from page where slug = 'kept-keyword'",
    )
    expect(row?.target_keyword).toBe('pcp claim')
    expect(Number(row?.is_published)).toBe(0)
  })

  test('edit: loads every field back, Save Changes only with changes, Unsaved changes, leave prompt', async ({
    adminPage: page,
  }) => {
    const id = await createPage(page, {
      title: 'Loaded page',
      slug: 'loaded-page',
      metaDescription: 'A description',
      targetKeyword: 'finance claim',
      content: '<p>Body</p>',
    })
    await openEditor(page, id)
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible()
    await expect(page.getByLabel('Page Title')).toHaveValue('Loaded page')
    const save = page.getByRole('button', { name: 'Save Changes' })
    await expect(save).toBeDisabled()
    await expect(page.getByText('Unsaved changes')).toHaveCount(0)
    await page.getByRole('tab', { name: 'Page Settings' }).click()
    await expect(page.getByLabel('Target Keyword')).toHaveValue('finance claim')
    await page.getByRole('tab', { name: 'Content Editor' }).click()

    await page.getByLabel('Page Title').fill('Loaded page, renamed')
    await expect(page.getByText('Unsaved changes')).toBeVisible()
    await expect(save).toBeEnabled()

    // In-app navigation asks first; dismissing stays.
    let message = ''
    page.once('dialog', (dialog) => {
      message = dialog.message()
      void dialog.dismiss()
    })
    await page.getByRole('link', { name: 'Back to Pages' }).click()
    await expect.poll(() => message).toBe(LEAVE_PROMPT)
    await expect(page).toHaveURL(`/admin/pages/edit/${id}`)

    // Closing the tab asks too (the browser shows its own words for beforeunload).
    let beforeUnload = false
    page.once('dialog', (dialog) => {
      beforeUnload = dialog.type() === 'beforeunload'
      void dialog.dismiss()
    })
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => beforeUnload).toBe(true)
  })

  test('edit: saving clears the indicator and keeps a revision that can be restored', async ({
    adminPage: page,
  }) => {
    const id = await createPage(page, {
      title: 'Versioned',
      slug: 'versioned-page',
      content: '<p>First body</p>',
    })
    await openEditor(page, id)
    await page.getByLabel('Page Title').fill('Versioned v2')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Page updated successfully')).toBeVisible()
    await expect(page.getByText('Unsaved changes')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled()

    await page.getByRole('tab', { name: 'Page Settings' }).click()
    const revisions = page.getByRole('region', { name: 'Revisions' })
    await expect(revisions.getByRole('row')).toHaveCount(2)
    await expect(revisions.getByRole('cell', { name: 'Versioned', exact: true })).toBeVisible()
    await revisions.getByRole('button', { name: /^Preview revision/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Revision preview' })
    await expect(dialog.getByText('First body')).toBeVisible()
    await dialog.getByRole('button', { name: 'Restore this version' }).click()
    await expect(toast(page, 'Revision restored')).toBeVisible()
    await page.getByRole('tab', { name: 'Content Editor' }).click()
    await expect(page.getByLabel('Page Title')).toHaveValue('Versioned')
    const [row] = queryDatabase<{ title: string }>(`select title from page where id = ${id}`)
    expect(row?.title).toBe('Versioned')
  })

  test('system pages keep their slug and say so; unknown ids are Page Not Found', async ({
    adminPage: page,
  }) => {
    const [home] = queryDatabase<{ id: number }>("select id from page where slug = 'home'")
    await openEditor(page, Number(home?.id))
    await expect(page.getByText('System Page').first()).toBeVisible()
    const slug = page.getByLabel('URL Slug')
    await expect(slug).toHaveValue('home')
    await expect(slug).toHaveAttribute('readonly', '')
    await expect(slug).toHaveValue('home')

    for (const bad of ['999999', 'abc']) {
      await openEditor(page, bad)
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
      await page.getByRole('link', { name: 'Back to Pages' }).click()
      await expect(page).toHaveURL('/admin?tab=pages')
    }
  })

  test('edit with the widget library: add, set, remove; the public page has the result', async ({
    adminPage: page,
  }) => {
    const id = await createPage(page, {
      title: 'Library page',
      slug: 'library-page',
      isPublished: true,
      content: { widgets: [{ id: 'w1', type: 'text', content: { text: 'Old text' }, styles: {} }] },
    })
    await openEditor(page, id)
    const library = page.getByRole('region', { name: 'Widget library builder' })
    const list = library.getByTestId('widget-list')
    await library.getByRole('button', { name: 'Heading', exact: true }).dragTo(list)
    await expect(list.getByRole('listitem')).toHaveCount(2)
    const settings = library.getByRole('complementary', { name: 'Widget settings' })
    await expect(settings.getByLabel('Heading text')).toHaveValue('Sample Heading')
    await settings.getByLabel('Heading text').fill('Library heading')
    await settings.getByLabel('Heading level').selectOption('3')
    await settings.getByLabel('Text alignment').selectOption('center')
    await settings.getByLabel('Font size').selectOption('24px')
    await settings.getByLabel('Text color', { exact: true }).fill('#0f766e')
    // Keyboard: Enter on a library widget adds it at the end.
    await library.getByRole('button', { name: 'Image', exact: true }).focus()
    await page.keyboard.press('Enter')
    await settings.getByLabel('Image URL').fill('/favicon.ico')
    await settings.getByLabel('Alt text').fill('Library image')
    await library.getByRole('button', { name: 'Remove Text Block 1' }).click()
    await expect(list.getByRole('listitem')).toHaveCount(2)

    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Page updated successfully')).toBeVisible()

    await page.getByRole('tab', { name: 'Preview' }).click()
    const preview = page.getByRole('article', { name: 'Page preview' })
    await expect(preview.getByRole('heading', { name: 'Library heading' })).toBeVisible()

    const html = await (await page.request.get('/library-page')).text()
    expect(html).toMatch(/<h3 style="[^"]*">Library heading<\/h3>/)
    expect(html).toContain('text-align:center')
    expect(html).toContain('font-size:24px')
    expect(html).toContain('color:#0f766e')
    expect(html).toContain('alt="Library image"')
    expect(html).not.toContain('Old text')
  })

  test('the editor screens pass axe at desktop and at 360 px', async ({ adminPage: page }) => {
    test.setTimeout(120_000)
    const id = await createPage(page, { title: 'Axe page', slug: 'axe-page', content: '<p>Body</p>' })
    for (const url of ['/admin/pages/create', `/admin/pages/edit/${id}`]) {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(url)
        await waitForHydration(page)
        const tabs = width === 360 ? ['Content Editor'] : ['Content Editor', 'Page Settings', 'SEO & Meta']
        for (const tabName of tabs) {
          await page.getByRole('tab', { name: tabName }).click()
          expect(await axeViolations(page), `${url} ${tabName} at ${width}px`).toEqual([])
        }
      }
    }
  })
})
