import type { FrameLocator, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const builder = (page: Page) => page.getByRole('region', { name: 'Visual page builder' })
const canvas = (page: Page) => page.frameLocator('[data-testid=builder-canvas]')
const panel = (page: Page) => page.getByRole('complementary', { name: 'Style Panel' })

const allWidgets = [
  'Heading',
  'Text',
  'Image',
  'Video',
  'Button',
  'Spacer',
  'Divider',
  'Contact Form',
  'Columns',
  'Gallery',
  'Testimonial',
  'Menu',
]

/** Each widget's own markup, in order: the wrapper the canvas and the site share (ADR 0039). */
const widgetMarkup = (scope: Locator | FrameLocator) =>
  scope.locator('[data-widget-id]').evaluateAll((els) => els.map((e) => e.outerHTML))

async function libraryImage(page: Page, name: string, colour: string) {
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const answer = await page.request.post('/api/admin/media', {
    multipart: { image: { name, mimeType: 'image/png', buffer: bytes }, alt: `${name} from the library` },
  })
  expect(answer.ok()).toBe(true)
  return (await answer.json()) as { url: string; width: number; height: number; srcset: string }
}

async function select(page: Page, type: string, n: number) {
  await canvas(page)
    .getByRole('button', { name: new RegExp(`^${type} widget ${n} in Section 1`) })
    .click()
}

test.describe('one block registry: what the canvas shows is what the site serves', () => {
  test('every widget, with fields and styles set and a library image, is the same markup on the canvas and at /{slug}', async ({
    adminPage: page,
    browser,
  }) => {
    const image = await libraryImage(page, 'parity-car.png', '#0f766e')
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    const b = builder(page)
    await b.getByRole('tab', { name: 'Sections' }).click()
    await b.getByRole('button', { name: 'Add Section' }).click()
    await b.getByRole('tab', { name: 'Widgets' }).click()
    // By keyboard: each widget in the panel, Enter adds it to the selected section.
    for (const name of allWidgets) {
      await b.getByRole('button', { name, exact: true }).focus()
      await page.keyboard.press('Enter')
    }
    const section = canvas(page).getByRole('group', { name: 'Section 1' })
    await expect(section.locator('[data-widget-id]')).toHaveCount(allWidgets.length)

    await select(page, 'Heading', 1)
    await panel(page).getByLabel('Heading text').fill('Parity heading')
    await panel(page).getByLabel('Heading level').selectOption('1')
    await panel(page).getByLabel('Color', { exact: true }).fill('#b91c1c')
    await panel(page).getByLabel('Font weight').selectOption('700')

    await select(page, 'Text', 2)
    // Rich text, edited as it reads (no HTML typed).
    await panel(page).getByLabel('Text content').fill('Paid hidden commission?')
    await panel(page).getByLabel('Text content').press('Control+a')
    await panel(page).getByRole('button', { name: 'Bold' }).click()

    await select(page, 'Image', 3)
    await panel(page).getByRole('button', { name: 'Choose image from library' }).click()
    const dialog = page.getByRole('dialog', { name: 'Choose image' })
    await dialog.getByRole('button', { name: 'Choose parity-car.png' }).click()
    await expect(dialog).toBeHidden()
    await expect(panel(page).getByLabel('Image original size')).toHaveValue(
      `${image.width} x ${image.height}`,
    )
    await panel(page).getByLabel('Width', { exact: true }).fill('480px')
    const canvasImage = section.locator(`img[src="${image.url}"]`)
    await expect(canvasImage).toHaveAttribute('width', String(image.width))
    await expect(canvasImage).toHaveAttribute('height', String(image.height))
    await expect(canvasImage).toHaveAttribute('srcset', image.srcset)

    // An image from another site gets its size typed, and is served with it.
    await select(page, 'Gallery', 10)
    await panel(page).getByRole('button', { name: 'Add image' }).click()
    await panel(page).getByLabel('Image 1 URL').fill('https://images.example.com/car.jpg')
    await panel(page).getByLabel('Image 1 original size').fill('1024 x 768')
    await expect(section.locator('img[src="https://images.example.com/car.jpg"]')).toHaveAttribute(
      'height',
      '768',
    )

    await select(page, 'Video', 4)
    await panel(page).getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')

    await select(page, 'Button', 5)
    await panel(page).getByLabel('Button text').fill('Start my claim')
    await panel(page).getByLabel('Button link').fill('/#calculator')

    await select(page, 'Spacer', 6)
    await panel(page).getByLabel('Spacer height').fill('1.5rem')

    await select(page, 'Gallery', 10)
    await panel(page).getByRole('button', { name: 'Add image' }).click()
    await panel(page).getByRole('button', { name: 'Choose image 2 from library' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Choose parity-car.png' }).click()

    await select(page, 'Testimonial', 11)
    await panel(page).getByLabel('Background color', { exact: true }).fill('#f1f5f9')

    const onCanvas = await widgetMarkup(canvas(page).locator('body'))
    expect(onCanvas).toHaveLength(allWidgets.length)
    expect(onCanvas[0]).toContain('<h1')
    expect(onCanvas[5]).toContain('height:1.5rem')
    expect(await axeViolations(page)).toEqual([])

    await b.getByRole('button', { name: 'Exit full screen' }).click()
    await page.getByLabel('Page Title').fill('Block parity')
    await page.getByLabel('URL Slug').fill('block-parity-e2e')
    await page.getByRole('switch').first().click()
    await page.getByRole('button', { name: 'Create Page' }).click()
    await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/)

    // The served page as the browser parses it, before any script changes it (the canvas is the
    // served markup too: it never runs the questionnaire).
    const served = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin })
    const site = await served.newPage()
    await site.goto('/block-parity-e2e')
    const onSite = await widgetMarkup(site.locator('main'))
    await served.close()
    await page.goto('/block-parity-e2e')
    for (const [i, markup] of onSite.entries()) expect(markup, allWidgets[i]).toBe(onCanvas[i])
    expect(onSite).toHaveLength(allWidgets.length)
    // The uploaded image is served with its size and renditions; the first image loads at once.
    const servedImage = page.locator(`main [data-widget-type="image"] img`)
    await expect(servedImage).toHaveAttribute('width', String(image.width))
    await expect(servedImage).toHaveAttribute('srcset', image.srcset)
    await expect(servedImage).toHaveAttribute('sizes', /768px/)
    await expect(page.locator('main [data-widget-type="gallery"] img').first()).toHaveAttribute(
      'loading',
      'lazy',
    )
  })
})
