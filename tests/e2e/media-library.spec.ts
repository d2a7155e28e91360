import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

/** A small real PNG of one colour (each colour is another file). */
function png(background: string, width = 800, height = 400) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}

async function openMedia(page: Page) {
  await page.goto('/admin?tab=media')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 2, name: 'Media' })).toBeVisible()
}

/** Drops files on the drop zone as a browser does: a drop event whose DataTransfer holds them. */
async function dropFiles(page: Page, files: { name: string; bytes: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, data: [...f.bytes] }))
  await page.getByTestId('media-drop-zone').evaluate((zone, items) => {
    const transfer = new DataTransfer()
    for (const item of items) {
      transfer.items.add(new File([new Uint8Array(item.data)], item.name, { type: 'image/png' }))
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
    }
  }, payload)
}

const images = (page: Page) => page.getByRole('list', { name: 'Images' })
const card = (page: Page, fileName: string) =>
  images(page).getByRole('article', { name: fileName, exact: true })

test.describe
  .serial('media library', () => {
    test('uploads by drag and drop with progress, and with the file button', async ({ adminPage: page }) => {
      await openMedia(page)
      // Hold the upload's answer a moment, so its progress bar can be seen.
      await page.route('**/api/admin/media', async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        await new Promise((resolve) => setTimeout(resolve, 800))
        await route.continue()
      })
      await dropFiles(page, [{ name: 'sky-banner.png', bytes: await png('#0284c7', 2000, 1000) }])
      const progress = page.getByRole('progressbar', { name: 'Uploading sky-banner.png' })
      await expect(progress).toBeVisible()
      await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/)
      await expect(page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded')).toBeVisible()
      await expect(progress).toHaveCount(0)
      const sky = card(page, 'sky-banner.png')
      await expect(sky).toBeVisible()
      await expect(sky).toContainText('1600 × 800 px')
      await expect(sky).toContainText('3 sizes')
      // The preview is the smallest rendition.
      await expect(sky.locator('img')).toHaveAttribute('src', /-480\.webp$/)
      await page.unroute('**/api/admin/media')

      await page.getByTestId('media-file-input').setInputFiles({
        name: 'grass.png',
        mimeType: 'image/png',
        buffer: await png('#16a34a'),
      })
      await expect(card(page, 'grass.png')).toBeVisible()
      // Earlier specs may have put images in the library too: count what is there now.
      const listed = await images(page).getByRole('listitem').count()

      // The same file again is the same library item.
      await dropFiles(page, [{ name: 'sky-again.png', bytes: await png('#0284c7', 2000, 1000) }])
      await expect(page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded')).toHaveCount(3)
      await expect(card(page, 'sky-again.png')).toHaveCount(0)
      await expect(images(page).getByRole('listitem')).toHaveCount(listed)

      // Not really an image (though named and typed as one): the server's refusal is shown.
      await dropFiles(page, [{ name: 'notes.png', bytes: Buffer.from('hello') }])
      await expect(
        page.getByRole('alert').filter({ hasText: 'The file is not an image we accept' }),
      ).toBeVisible()
    })

    test('edits alt text and searches it', async ({ adminPage: page }) => {
      await openMedia(page)
      const sky = card(page, 'sky-banner.png')
      await sky.getByLabel('Alt text').fill('A clear blue sky over the sea')
      await sky.getByRole('button', { name: 'Save alt text for sky-banner.png' }).click()
      await expect(page.getByText('Alt text saved', { exact: true }).first()).toBeVisible()
      await page.reload()
      await waitForHydration(page)
      await expect(card(page, 'sky-banner.png').getByLabel('Alt text')).toHaveValue(
        'A clear blue sky over the sea',
      )
      await expect(card(page, 'sky-banner.png').locator('img')).toHaveAttribute(
        'alt',
        'A clear blue sky over the sea',
      )

      await page.getByLabel('Search images').fill('blue sky')
      await expect(images(page).getByRole('listitem')).toHaveCount(1)
      await expect(card(page, 'sky-banner.png')).toBeVisible()
      await page.getByLabel('Search images').fill('grass')
      await expect(card(page, 'grass.png')).toBeVisible()
      await expect(images(page).getByRole('listitem')).toHaveCount(1)
      await page.getByLabel('Search images').fill('nothing like this')
      await expect(page.getByText('No images match')).toBeVisible()
    })

    test('refuses to delete an image a page uses, and names the page', async ({ adminPage: page }) => {
      const list = await page.request.get('/api/admin/media?q=sky-banner')
      const [sky] = (await list.json()) as { url: string }[]
      const created = await page.request.post('/api/admin/pages', {
        data: {
          title: 'Sky page',
          slug: 'sky-page',
          isPublished: true,
          content: {
            sections: [
              {
                id: 's1',
                styles: {},
                widgets: [
                  {
                    id: 'w1',
                    type: 'image',
                    content: { src: sky?.url, alt: 'Sky', width: '100%' },
                    styles: {},
                  },
                ],
              },
            ],
          },
        },
      })
      expect(created.status()).toBe(201)
      await openMedia(page)
      const skyCard = card(page, 'sky-banner.png')
      await expect(skyCard.getByRole('link', { name: 'Sky page' })).toHaveAttribute(
        'href',
        /\/admin\/pages\/edit\/\d+$/,
      )
      const remove = skyCard.getByRole('button', { name: 'Delete sky-banner.png' })
      await expect(remove).toBeDisabled()
      await expect(skyCard).toContainText('Remove it from these pages before deleting it.')
      // The server refuses too.
      const id = ((await list.json()) as { id: number }[])[0]?.id
      const refused = await page.request.delete(`/api/admin/media/${id}`)
      expect(refused.status()).toBe(409)
      expect(((await refused.json()) as { message: string }).message).toContain("'Sky page' (/sky-page)")

      await page.getByLabel('Only unused images').check()
      await expect(card(page, 'grass.png')).toBeVisible()
      await expect(card(page, 'sky-banner.png')).toHaveCount(0)
    })

    test('deletes an unused image after confirming', async ({ adminPage: page }) => {
      await openMedia(page)
      await page.getByTestId('media-file-input').setInputFiles({
        name: 'sand.png',
        mimeType: 'image/png',
        buffer: await png('#ca8a04'),
      })
      const sand = card(page, 'sand.png')
      await expect(sand).toBeVisible()
      await sand.getByRole('button', { name: 'Delete sand.png' }).click()
      const confirm = page.getByRole('dialog', { name: 'Delete this image?' })
      await confirm.getByRole('button', { name: 'Delete image' }).click()
      await expect(page.getByText('Image deleted', { exact: true }).first()).toBeVisible()
      await expect(card(page, 'sand.png')).toHaveCount(0)
    })

    test('cleans up unused images after a confirm showing the count', async ({ adminPage: page }) => {
      await openMedia(page)
      await page.getByTestId('media-file-input').setInputFiles({
        name: 'stone.png',
        mimeType: 'image/png',
        buffer: await png('#57534e'),
      })
      await expect(card(page, 'stone.png')).toBeVisible()
      await page.getByRole('button', { name: 'Clean up unused (2)' }).click()
      const confirm = page.getByRole('dialog', { name: 'Clean up unused images?' })
      await expect(confirm).toContainText('2 unused images')
      await confirm.getByRole('button', { name: 'Delete 2 unused' }).click()
      await expect(page.getByText('Unused images cleaned up', { exact: true }).first()).toBeVisible()
      await expect(card(page, 'grass.png')).toHaveCount(0)
      await expect(card(page, 'stone.png')).toHaveCount(0)
      await expect(card(page, 'sky-banner.png')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Clean up unused' })).toBeDisabled()
    })

    test('the rich-text image dialog inserts an image chosen from the library', async ({
      adminPage: page,
    }) => {
      await page.goto('/admin/pages/create')
      await waitForHydration(page)
      await page.getByRole('tab', { name: 'Rich Text' }).click()
      await page.getByRole('textbox', { name: 'Page content' }).click()
      await page
        .getByRole('toolbar', { name: 'Formatting' })
        .getByRole('button', { name: 'Upload image' })
        .click()
      const dialog = page.getByRole('dialog', { name: 'Upload Image' })
      await dialog.getByRole('button', { name: 'Choose from library' }).click()
      const picker = page.getByRole('dialog', { name: 'Choose from library' })
      await expect(picker.getByRole('button', { name: 'Choose sky-banner.png' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await picker.getByRole('button', { name: 'Choose sky-banner.png' }).click()
      await expect(picker).toBeHidden()
      await expect(dialog).toBeHidden()
      const image = page
        .getByRole('textbox', { name: 'Page content' })
        .getByRole('img', { name: 'A clear blue sky over the sea' })
      await expect(image).toHaveAttribute('src', /-1600\.webp$/)
      await expect(image).toHaveAttribute(
        'srcset',
        /-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w$/,
      )
      await expect(image).toHaveAttribute('sizes', '(max-width: 768px) 100vw, 768px')
      await expect(image).toHaveAttribute('width', '1600')
      await expect(image).toHaveAttribute('height', '800')
    })

    test('has no axe violations, at desktop and 360 px', async ({ adminPage: page }) => {
      await openMedia(page)
      await page.waitForLoadState('networkidle')
      expect(await axeViolations(page)).toEqual([])
      await page.setViewportSize({ width: 360, height: 800 })
      expect(await axeViolations(page)).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.getByRole('button', { name: 'Delete sky-banner.png' }).scrollIntoViewIfNeeded()
      await page.getByRole('button', { name: 'Clean up unused' }).scrollIntoViewIfNeeded()
    })
  })
