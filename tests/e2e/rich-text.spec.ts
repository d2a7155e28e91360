import sharp from 'sharp'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

test.describe('rich text and Code View', () => {
  test('Code View with hostile markup: kept as HTML in the editor, stripped on the public page', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    await page.getByLabel('Page Title').fill('Code View page')
    await page.getByLabel('URL Slug').fill('code-view-page')
    await page.getByRole('switch').first().click()
    await page.getByRole('tab', { name: 'Rich Text' }).click()

    const text = page.getByRole('textbox', { name: 'Page content' })
    await text.click()
    await page.keyboard.type('Hello drivers')
    await page.keyboard.press('Control+a')
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click()
    await expect(text.locator('strong')).toHaveText('Hello drivers')
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Code View' }).click()
    const code = page.getByLabel('HTML code')
    await expect(code).toHaveValue(/<strong>Hello drivers<\/strong>/)
    await code.fill(
      '<h2>Your claim</h2><p>Safe text <a href="https://example.org/guide">guide</a></p>' +
        '<table><tr><td>Kept cell</td></tr></table>' +
        '<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad link</a>' +
        '<iframe src="https://evil.example/"></iframe>',
    )
    await page.getByRole('button', { name: 'Apply HTML' }).click()
    // The visual editor cannot model some of it: it says so instead of losing it silently.
    const warning = page.getByRole('alertdialog')
    await expect(warning).toBeVisible()
    await expect(warning).toContainText(/table/i)
    await warning.getByRole('button', { name: 'Keep as HTML' }).click()

    await page.getByRole('button', { name: 'Create Page' }).click()
    await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/)

    const html = await (await page.request.get('/code-view-page')).text()
    expect(html).toContain('<h2>Your claim</h2>')
    expect(html).toContain('Kept cell')
    expect(html).toContain('href="https://example.org/guide"')
    expect(html).not.toContain('alert(')
    expect(html).not.toContain('javascript:')
    expect(html).not.toContain('evil.example')
    expect(html).not.toMatch(/onerror/i)
  })

  test('Insert Link turns an unsafe address into about:blank', async ({ adminPage: page }) => {
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    await page.getByRole('tab', { name: 'Rich Text' }).click()
    const text = page.getByRole('textbox', { name: 'Page content' })
    await text.click()
    await page.keyboard.type('click me')
    await page.keyboard.press('Control+a')
    await page
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: /link/i })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: 'Insert Link' })
    await dialog.getByLabel('URL').fill('javascript:alert(1)')
    await dialog
      .getByRole('button', { name: /insert|add|save/i })
      .last()
      .click()
    await expect(text.locator('a')).toHaveAttribute('href', 'about:blank')
  })

  test('Upload Image: a PNG comes back as WebP with srcset, sizes and dimensions, and reaches the page', async ({
    adminPage: page,
  }) => {
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer()
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    await page.getByLabel('Page Title').fill('Upload page')
    await page.getByLabel('URL Slug').fill('upload-page')
    await page.getByRole('switch').first().click()
    await page.getByRole('tab', { name: 'Rich Text' }).click()
    await page.getByRole('textbox', { name: 'Page content' }).click()
    await page
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Upload image' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Upload Image' })
    await dialog
      .getByLabel('Image file')
      .setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: png })
    await dialog.getByLabel('Alt text').fill('A blue car')
    await dialog.getByLabel('CSS classes (optional)').fill('rounded hero')
    await dialog.getByRole('button', { name: 'Upload image' }).click()
    await expect(page.getByText('Image uploaded successfully', { exact: true }).first()).toBeVisible()
    await expect(
      page.getByText('Your image has been processed and optimized', { exact: true }).first(),
    ).toBeVisible()

    const image = page.getByRole('textbox', { name: 'Page content' }).getByRole('img', { name: 'A blue car' })
    await expect(image).toHaveAttribute('alt', 'A blue car')
    await expect(image).toHaveAttribute(
      'srcset',
      /\/uploads\/[0-9a-f]{16}-480\.webp 480w, .*-960\.webp 960w, .*-1200\.webp 1200w/,
    )
    await expect(image).toHaveAttribute('width', '1200')
    await expect(image).toHaveAttribute('height', '800')
    await expect(image).toHaveAttribute('class', 'rounded hero')

    await page.getByRole('button', { name: 'Create Page' }).click()
    await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/)
    const html = await (await page.request.get('/upload-page')).text()
    const tag = html.match(/<img[^>]*alt="A blue car"[^>]*>/)?.[0] ?? ''
    expect(tag).toContain('loading="lazy"')
    expect(tag).toMatch(/sizes="[^"]+"/)
    const src = tag.match(/src="([^"]+)"/)?.[1] ?? ''
    const served = await page.request.get(src)
    expect(served.headers()['content-type']).toBe('image/webp')
    expect(served.headers()['cache-control']).toContain('immutable')
    expect((await sharp(await served.body()).metadata()).format).toBe('webp')
  })
})
