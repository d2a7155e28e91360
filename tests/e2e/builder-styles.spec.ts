import type { Locator, Page } from '@playwright/test'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { queryDatabase, waitForHydration } from './support.ts'

const builder = (page: Page) => page.getByRole('region', { name: 'Visual page builder' })
const canvas = (page: Page) => page.frameLocator('[data-testid=builder-canvas]')
const panel = (page: Page) => page.getByRole('complementary', { name: 'Style Panel' })
const fontSize = (el: Locator) => el.evaluate((e) => getComputedStyle(e).fontSize)
/** Two frames: whatever a wheel or a scroll was going to move has moved. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))

const SLUG = 'builder-styles-e2e'

test.describe('builder styles', () => {
  test.afterEach(async ({ adminPage: page }) => {
    for (const { id } of queryDatabase<{ id: number }>('select id from page where slug = ?', SLUG)) {
      await page.request.delete(`/api/admin/pages/${id}`)
    }
  })

  test('a heading added to a dark section is light; per-device sizes on the canvas and the site', async ({
    adminPage: page,
  }) => {
    // A whole journey: build, preview on three devices, create, and read the site at two widths.
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    const b = builder(page)
    await b.getByRole('tab', { name: 'Sections' }).click()
    await b.getByRole('button', { name: 'Add Section' }).click()
    const section = canvas(page).getByRole('group', { name: 'Section 1' })
    await section.getByRole('button', { name: 'Section 1', exact: true }).click()
    await panel(page).getByLabel('Background color', { exact: true }).fill('#0f172a')
    await panel(page).getByLabel('Color', { exact: true }).fill('#f8fafc')

    await b.getByRole('tab', { name: 'Widgets' }).click()
    await b.getByRole('button', { name: 'Heading', exact: true }).focus()
    await page.keyboard.press('Enter')
    const heading = section.getByRole('heading', { name: 'Your Heading Here' })
    // It takes the section's light text colour, not its default dark grey, and says it passes.
    await expect(heading).toHaveCSS('color', 'rgb(248, 250, 252)')
    const note = panel(page).getByTestId('contrast-note')
    await expect(note).toHaveAttribute('data-passes', 'true')
    await expect(note).toContainText('meets WCAG AA')

    // Made dark again, the panel warns.
    await panel(page).getByLabel('Color', { exact: true }).fill('#1f2937')
    await expect(note).toHaveAttribute('data-passes', 'false')
    await expect(note).toContainText('Low contrast')
    await expect(note).toContainText('WCAG AA asks for 3:1')
    await panel(page).getByLabel('Color', { exact: true }).fill('#f8fafc')
    await expect(note).toHaveAttribute('data-passes', 'true')
    // The panel with its new inputs (the page's own content now passes too).
    expect(await axeViolations(page)).toEqual([])

    // A size for desktop (number and unit), then the phone's own.
    await panel(page).getByLabel('Font size', { exact: true }).fill('40')
    await panel(page).getByLabel('Font size unit', { exact: true }).selectOption('px')
    await expect.poll(() => fontSize(heading)).toBe('40px')
    await b.getByRole('button', { name: 'Mobile' }).click()
    await panel(page).getByLabel('Font size (Mobile)', { exact: true }).fill('24')
    await expect.poll(() => fontSize(heading)).toBe('24px')
    expect(await axeViolations(page)).toEqual([])
    await b.getByRole('button', { name: 'Tablet' }).click()
    await expect.poll(() => fontSize(heading)).toBe('40px')
    await b.getByRole('button', { name: 'Desktop' }).click()
    await expect.poll(() => fontSize(heading)).toBe('40px')

    await b.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByLabel('Page Title').fill('Builder styles')
    await page.getByLabel('URL Slug').fill(SLUG)
    await page.getByRole('switch').first().click()
    await page.getByRole('button', { name: 'Create Page' }).click()
    await expect(page.getByText('Page created successfully', { exact: true })).toBeVisible()

    const site = page.getByRole('main').getByRole('heading', { name: 'Your Heading Here' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/${SLUG}`)
    await expect(site).toHaveCSS('font-size', '40px')
    await expect(site).toHaveCSS('color', 'rgb(248, 250, 252)')
    await page.setViewportSize({ width: 360, height: 800 })
    await expect(site).toHaveCSS('font-size', '24px')
  })

  test('wheel over the canvas and scrolling the widget list leave the window-filling builder put', async ({
    adminPage: page,
  }) => {
    // Short enough that the widget list and the Style Panel scroll on their own.
    await page.setViewportSize({ width: 1400, height: 700 })
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    const b = builder(page)
    await expect(b).toHaveAttribute('data-full-screen-mode', 'window')
    const header = Math.round((await page.locator('header').first().boundingBox())?.height ?? 0)
    await expect.poll(async () => Math.round((await b.boundingBox())?.y ?? -1)).toBe(header)
    const save = b.getByRole('button', { name: 'Save', exact: true })
    const before = { builder: await b.boundingBox(), save: await save.boundingBox() }

    // One wheel-up over the canvas.
    const frame = await page.getByTestId('builder-canvas').boundingBox()
    await page.mouse.move((frame?.x ?? 0) + 100, (frame?.y ?? 0) + 100)
    await page.mouse.wheel(0, -300)
    await settle(page)
    expect({ builder: await b.boundingBox(), save: await save.boundingBox() }).toEqual(before)

    // The widget list, scrolled by wheel past its end to reach Menu, and Menu brought into view.
    const list = b.getByRole('complementary', { name: 'Widgets and sections' })
    const box = await list.boundingBox()
    await page.mouse.move((box?.x ?? 0) + 40, (box?.y ?? 0) + 200)
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 400)
    await settle(page)
    const menu = b.getByRole('button', { name: 'Menu', exact: true })
    await expect(menu).toBeInViewport()
    await menu.scrollIntoViewIfNeeded()
    await settle(page)
    expect({ builder: await b.boundingBox(), save: await save.boundingBox() }).toEqual(before)

    // The Style Panel scrolls on its own to its last group, and the builder stays put.
    await menu.focus()
    await page.keyboard.press('Enter')
    const styles = panel(page)
    const stylesBox = await styles.boundingBox()
    await page.mouse.move((stylesBox?.x ?? 0) + 40, (stylesBox?.y ?? 0) + 200)
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 400)
    await settle(page)
    await expect(styles.getByLabel('Hide on mobile')).toBeInViewport()
    expect({ builder: await b.boundingBox(), save: await save.boundingBox() }).toEqual(before)
    // The toolbar is still the topmost thing where it is: nothing (the editor's header) covers it.
    expect(
      await save.evaluate((el) => {
        const r = el.getBoundingClientRect()
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
      }),
    ).toBe(true)
    expect(await axeViolations(page)).toEqual([])
  })
})
