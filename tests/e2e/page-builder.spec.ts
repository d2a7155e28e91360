import type { Page } from '@playwright/test'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const builder = (page: Page) => page.getByRole('region', { name: 'Visual page builder' })
/** The canvas's own document (an iframe holding the site's CSS). */
const canvas = (page: Page) => page.frameLocator('[data-testid=builder-canvas]')
/** What the canvas's document measures itself: media queries inside the frame see this width. */
const innerWidth = (page: Page) =>
  canvas(page)
    .locator('body')
    .evaluate(() => window.innerWidth)
const widgetTypes = (section: ReturnType<ReturnType<typeof canvas>['getByRole']>) =>
  section
    .locator('[data-widget-type]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-widget-type')))

/** A new page's builder with one section holding the given widgets, added from the keyboard. */
async function builderWith(page: Page, types: string[]) {
  await page.goto('/admin/pages/create')
  await waitForHydration(page)
  const b = builder(page)
  await b.getByRole('tab', { name: 'Sections' }).click()
  await b.getByRole('button', { name: 'Add Section' }).click()
  await b.getByRole('tab', { name: 'Widgets' }).click()
  for (const name of types) {
    await b.getByRole('button', { name, exact: true }).focus()
    await page.keyboard.press('Enter')
  }
  const section = canvas(page).getByRole('group', { name: 'Section 1' })
  await expect(section.locator('[data-widget-type]')).toHaveCount(types.length)
  return { b, section }
}

test.describe('visual page builder', () => {
  test('builds a page from nothing with the mouse, creates and publishes it, and the public page has it', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Create Page' })).toBeAttached()
    const b = builder(page)
    // Create opens the builder full screen (SPEC section 2).
    await expect(b).toHaveAttribute('data-full-screen', 'true')
    await expect(canvas(page).getByText('Start Building Your Page')).toBeVisible()
    // It fills the window below the editor's sticky header: its toolbar is in view, not under it.
    const fits = await b.evaluate((el) => {
      const box = el.getBoundingClientRect()
      const tools = [...el.querySelectorAll('button')].filter((t) =>
        /^(Tablet|Save)$/.test(t.textContent ?? ''),
      )
      const reachable = tools.every((t) => {
        const r = t.getBoundingClientRect()
        return t.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
      })
      return { reachable, tools: tools.length, bottom: Math.round(box.bottom), height: window.innerHeight }
    })
    expect(fits).toEqual({ reachable: true, tools: 2, bottom: fits.height, height: fits.height })

    await b.getByRole('tab', { name: 'Sections' }).click()
    await b.getByRole('button', { name: 'Add Section' }).click()
    await expect(b.getByRole('button', { name: 'Section 1', exact: true }).first()).toBeVisible()
    await b.getByRole('tab', { name: 'Widgets' }).click()

    const section = canvas(page).getByRole('group', { name: 'Section 1' })
    for (const name of ['Heading', 'Text', 'Image', 'Button']) {
      // Dropped at the foot of the section: after the widgets already there.
      const box = await section.boundingBox()
      await b
        .getByRole('button', { name, exact: true })
        .dragTo(section, { targetPosition: { x: 40, y: (box?.height ?? 100) - 6 } })
    }
    await expect(section.locator('[data-widget-type]')).toHaveCount(4)
    expect(
      await section
        .locator('[data-widget-type]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-widget-type'))),
    ).toEqual(['heading', 'text', 'image', 'button'])
    // The dropped widget is the selected one: the Style Panel edits the button.
    const panel = page.getByRole('complementary', { name: 'Style Panel' })
    await expect(panel.getByLabel('Button text')).toHaveValue('Click Me')
    await panel.getByLabel('Button text').fill('Start my claim')
    await panel.getByLabel('Button link').fill('/#calculator')

    await section.getByRole('button', { name: /^Heading widget 1/ }).click()
    await panel.getByLabel('Heading text').fill('Were you mis-sold car finance?')
    await panel.getByLabel('Color', { exact: true }).fill('#b91c1c')
    await panel.getByLabel('Font weight').selectOption('700')
    await expect(section.getByRole('heading', { name: 'Were you mis-sold car finance?' })).toHaveCSS(
      'color',
      'rgb(185, 28, 28)',
    )

    await section.getByRole('button', { name: /^Image widget 3/ }).click()
    await panel.getByLabel('Image URL').fill('/favicon.ico')
    await panel.getByLabel('Alt text').fill('Our logo')

    await section.getByRole('button', { name: /^Text widget 2/ }).click()
    await panel.getByLabel('Text content').fill('Thousands of drivers paid hidden commission.')

    await b.getByRole('button', { name: 'Mobile' }).click()
    await expect(page.getByTestId('builder-canvas')).toHaveAttribute('data-viewport', 'mobile')
    await expect.poll(() => innerWidth(page)).toBe(375)
    await b.getByRole('button', { name: 'Tablet' }).click()
    await expect.poll(() => innerWidth(page)).toBe(768)
    await b.getByRole('button', { name: 'Desktop' }).click()

    // Undo and redo, by button and by keyboard.
    await section.getByRole('button', { name: /^Button widget 4/ }).click()
    await section.getByRole('button', { name: 'Delete Button' }).click()
    await expect(section.locator('[data-widget-type]')).toHaveCount(3)
    await page.keyboard.press('Control+z')
    await expect(section.locator('[data-widget-type]')).toHaveCount(4)
    await page.keyboard.press('Control+Shift+z')
    await expect(section.locator('[data-widget-type]')).toHaveCount(3)
    await b.getByRole('button', { name: 'Undo' }).click()
    await expect(section.locator('[data-widget-type]')).toHaveCount(4)

    expect(await axeViolations(page)).toEqual([])
    // Each widget's markup on the canvas, to compare with the public page's (ADR 0039).
    const widgetMarkup = (scope: import('@playwright/test').Locator) =>
      scope.locator('[data-widget-id]').evaluateAll((els) => els.map((e) => e.outerHTML))
    const onCanvas = await widgetMarkup(canvas(page).locator('body'))
    expect(onCanvas).toHaveLength(4)

    // Save hands the layout to the page form and leaves full screen, where the form is.
    await b.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(b).not.toHaveAttribute('data-full-screen')
    const preview = page.getByRole('button', { name: 'Preview' })
    await expect(preview).toBeDisabled()
    await page.getByLabel('Page Title').fill('Spring Offer')
    await expect(page.getByLabel('URL Slug')).toHaveValue('spring-offer')
    await page.getByLabel('URL Slug').fill('spring-offer-e2e')
    // A preview link names a saved page: there is none before Create (ADR 0064).
    await expect(preview).toBeDisabled()
    await page.getByRole('switch').first().click()
    await expect(page.getByText('Published', { exact: true }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Create Page' }).click()
    // Into the new page's editor (a document load: the toast may not survive it).
    await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/)

    const html = await (await page.request.get('/spring-offer-e2e')).text()
    expect(html).toContain('Were you mis-sold car finance?')
    expect(html).toMatch(
      /<h2[^>]*style="[^"]*color:#b91c1c[^"]*font-weight:700|<h2[^>]*style="[^"]*font-weight:700[^"]*color:#b91c1c/,
    )
    expect(html).toContain('Thousands of drivers paid hidden commission.')
    expect(html).toContain('alt="Our logo"')
    expect(html).toContain('Start my claim')
    expect(html).toContain('href="/#calculator"')
    await page.goto('/spring-offer-e2e')
    expect(await widgetMarkup(page.locator('main'))).toEqual(onCanvas)
  })

  test('builds with the keyboard: Enter adds the focused widget to the selected section, Alt+Arrow moves it', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    const b = builder(page)
    await b.getByRole('tab', { name: 'Sections' }).focus()
    await page.keyboard.press('Enter')
    await b.getByRole('button', { name: 'Add Section' }).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await b.getByRole('tab', { name: 'Widgets' }).focus()
    await page.keyboard.press('Enter')
    const sections = canvas(page).getByRole('group')
    await expect(sections).toHaveCount(2)
    // Select Section 1, then add a heading and a divider to it with Enter.
    await b.getByRole('tab', { name: 'Sections' }).click()
    await b.getByRole('list').getByRole('button', { name: 'Section 1', exact: true }).focus()
    await page.keyboard.press('Enter')
    await b.getByRole('tab', { name: 'Widgets' }).click()
    await b.getByRole('button', { name: 'Heading', exact: true }).focus()
    await page.keyboard.press('Enter')
    await b.getByRole('button', { name: 'Divider', exact: true }).focus()
    await page.keyboard.press('Enter')
    const first = canvas(page).getByRole('group', { name: 'Section 1' })
    const types = () =>
      first
        .locator('[data-widget-type]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-widget-type')))
    await expect.poll(types).toEqual(['heading', 'divider'])
    // Move the selected divider up with Alt+ArrowUp from its own button.
    await first.getByRole('button', { name: /^Divider widget 2/ }).focus()
    await page.keyboard.press('Alt+ArrowUp')
    await expect.poll(types).toEqual(['divider', 'heading'])
    await page.keyboard.press('Control+z')
    await expect.poll(types).toEqual(['heading', 'divider'])
    const second = canvas(page).getByRole('group', { name: 'Section 2' })
    await expect(second.locator('[data-widget-type]')).toHaveCount(0)
    // Select Section 2 from inside the frame with the keyboard, then Enter in the panel adds there.
    await second.getByRole('button', { name: 'Section 2', exact: true }).focus()
    await page.keyboard.press('Enter')
    // The focus ring shows inside the frame: the site's sheet is there.
    expect(
      await second
        .getByRole('button', { name: 'Section 2', exact: true })
        .evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).outlineStyle),
    ).toBe('solid')
    await expect(second.getByRole('button', { name: 'Section 2', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await b.getByRole('button', { name: 'Spacer', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(second.locator('[data-widget-type="spacer"]')).toHaveCount(1)
    // Alt+ArrowUp past the first widget of Section 2 moves it into Section 1, at its end.
    await second.getByRole('button', { name: /^Spacer widget 1/ }).focus()
    await page.keyboard.press('Alt+ArrowUp')
    await expect.poll(types).toEqual(['heading', 'divider', 'spacer'])
  })

  test('undo, redo and Delete answer with focus inside the canvas frame', async ({ adminPage: page }) => {
    const { section } = await builderWith(page, ['Heading', 'Text', 'Divider'])
    const text = section.getByRole('button', { name: /^Text widget 2/ })
    await text.click()
    await expect(text).toBeFocused()
    await page.keyboard.press('Delete')
    await expect.poll(() => widgetTypes(section)).toEqual(['heading', 'divider'])
    // Focus is in the frame's document, not the page's.
    expect(
      await canvas(page)
        .locator('body')
        .evaluate((body) => body.ownerDocument.hasFocus()),
    ).toBe(true)
    await page.keyboard.press('Control+z')
    await expect.poll(() => widgetTypes(section)).toEqual(['heading', 'text', 'divider'])
    await page.keyboard.press('Control+y')
    await expect.poll(() => widgetTypes(section)).toEqual(['heading', 'divider'])
    await page.keyboard.press('Control+Shift+z')
    await expect.poll(() => widgetTypes(section)).toEqual(['heading', 'divider'])
    await page.keyboard.press('Control+z')
    await expect.poll(() => widgetTypes(section)).toEqual(['heading', 'text', 'divider'])
    await section.getByRole('button', { name: /^Heading widget 1/ }).focus()
    await page.keyboard.press('Alt+ArrowDown')
    await expect.poll(() => widgetTypes(section)).toEqual(['text', 'heading', 'divider'])
    await page.keyboard.press('Control+Shift+z')
    await page.keyboard.press('Control+z')
    await expect.poll(() => widgetTypes(section)).toEqual(['heading', 'text', 'divider'])
  })

  test('a new widget dragged between two others shows an insertion line and lands there', async ({
    adminPage: page,
  }) => {
    const { b, section } = await builderWith(page, ['Heading', 'Divider'])
    const second = section.locator('[data-widget-index="1"]')
    const box = await second.boundingBox()
    if (!box) throw new Error('the divider has no box')
    await b.getByRole('button', { name: 'Text', exact: true }).hover()
    await page.mouse.down()
    // Just inside the top of the divider: above its middle, so before it.
    await page.mouse.move(box.x + box.width / 2, box.y + 6, { steps: 5 })
    const line = section.getByTestId('insertion-line')
    await expect(line).toHaveCount(1)
    const lineBox = await line.boundingBox()
    const first = await section.locator('[data-widget-index="0"]').boundingBox()
    expect(lineBox && first && lineBox.y >= first.y + first.height - 8 && lineBox.y <= box.y + 4).toBe(true)
    await page.mouse.up()
    await expect(line).toHaveCount(0)
    await expect.poll(() => widgetTypes(section)).toEqual(['heading', 'text', 'divider'])

    // Moving a widget within the frame shows the line and lands there too: the heading to the end.
    const last = section.locator('[data-widget-index="2"]')
    const lastBox = await last.boundingBox()
    if (!lastBox) throw new Error('the divider has no box')
    await section.locator('[data-widget-index="0"]').hover()
    await page.mouse.down()
    // Playwright sends dragover on the move after the drag starts: two moves.
    await page.mouse.move(lastBox.x + lastBox.width / 2, lastBox.y + lastBox.height - 4, { steps: 5 })
    await page.mouse.move(lastBox.x + lastBox.width / 2, lastBox.y + lastBox.height - 3)
    await expect(line).toHaveCount(1)
    await page.mouse.up()
    await expect.poll(() => widgetTypes(section)).toEqual(['text', 'divider', 'heading'])
    await expect(line).toHaveCount(0)
  })

  for (const width of [1600, 1000, 1100, 360]) {
    test(`the canvas is exactly 768 and 375 CSS px wide inside on a ${width} px window`, async ({
      adminPage: page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const { b } = await builderWith(page, ['Heading'])
      const frame = page.getByTestId('builder-canvas')
      const wide = () =>
        canvas(page)
          .locator('body')
          .evaluate(() => matchMedia('(min-width: 640px)').matches)
      for (const [name, device] of [
        ['Tablet', 768],
        ['Mobile', 375],
      ] as const) {
        await b.getByRole('button', { name, exact: true }).click()
        await expect(frame).toHaveAttribute('data-viewport', name.toLowerCase())
        await expect.poll(() => innerWidth(page)).toBe(device)
        expect(await wide()).toBe(device >= 640)
        // Never clamped: a frame with less room is scaled down to fit, whole.
        const shown = await frame.boundingBox()
        const room = await frame.evaluate((el) => el.parentElement?.parentElement?.clientWidth ?? 0)
        expect(shown?.width).toBeLessThanOrEqual(Math.min(device, room) + 1)
        if (room >= device + 24) expect(shown?.width).toBeCloseTo(device, 0)
      }
      await b.getByRole('button', { name: 'Desktop', exact: true }).click()
      await expect.poll(() => innerWidth(page)).toBeGreaterThan(0)
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    })
  }

  test('Create opens the builder filling the window, the form still reachable; Full screen is modal', async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    const b = builder(page)
    await expect(b).toHaveAttribute('data-full-screen', 'true')
    await expect(b).toHaveAttribute('data-full-screen-mode', 'window')
    // Edge to edge, scrolled to meet the editor's sticky header, and down to the window's foot.
    const header = Math.round((await page.locator('header').first().boundingBox())?.height ?? 0)
    expect(header).toBeGreaterThan(0)
    await expect.poll(async () => Math.round((await b.boundingBox())?.y ?? -1)).toBe(header)
    const box = await b.boundingBox()
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(900)
    expect(Math.round(box?.width ?? 0)).toBeGreaterThanOrEqual(1385)
    // Nothing of the page form is hidden behind it: earlier ways of filling the form still work.
    expect(await page.getByLabel('Page Title').evaluate((el) => !!el.closest('[inert]'))).toBe(false)
    await page.getByLabel('Page Title').fill('Kept across full screen')
    expect(await axeViolations(page)).toEqual([])

    // The way back: the page's fields at the top, the builder at its usual size.
    await b.getByRole('button', { name: 'Exit full screen' }).click()
    await expect(b).not.toHaveAttribute('data-full-screen')
    await expect(page.getByLabel('Page Title')).toBeInViewport()

    // Full screen over the page is modal: focus inside, the rest inert, toasts still reachable.
    await b.getByRole('button', { name: 'Full screen', exact: true }).click()
    await expect(b).toHaveAttribute('data-full-screen-mode', 'overlay')
    await expect.poll(() => b.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    expect(await page.getByLabel('Page Title').evaluate((el) => !!el.closest('[inert]'))).toBe(true)
    const notifications = page.getByRole('region', { name: /^Notifications/ })
    expect(await notifications.evaluate((el) => !!el.closest('[inert]'))).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    await b.getByRole('tab', { name: 'Sections' }).click()
    await b.getByRole('button', { name: 'Add Section' }).click()
    // Escape from inside the canvas frame leaves it and gives focus back to the toggle.
    await canvas(page).getByRole('button', { name: 'Section 1', exact: true }).focus()
    await page.keyboard.press('Escape')
    await expect(b).not.toHaveAttribute('data-full-screen')
    await expect(b.getByRole('button', { name: 'Full screen', exact: true })).toBeFocused()
    await expect(page.getByLabel('Page Title')).toHaveValue('Kept across full screen')
    await expect(page.getByRole('button', { name: 'Create Page' })).toBeEnabled()
  })

  test('at 360 px the three panels stack and the builder passes axe', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    const { b, section } = await builderWith(page, [
      'Heading',
      'Button',
      'Text',
      'Image',
      'Spacer',
      'Divider',
    ])
    // A grey section, on which the old grey section label failed contrast: the chrome has its own background.
    await section.getByRole('button', { name: 'Section 1', exact: true }).click()
    await page
      .getByRole('complementary', { name: 'Style Panel' })
      .getByLabel('Background color', { exact: true })
      .fill('#a0aec0')
    await expect(section).toHaveCSS('background-color', 'rgb(160, 174, 192)')
    // Tops in the document, read at once (the page may still be scrolling smoothly).
    const tops = await page.evaluate(() =>
      [
        '[aria-label="Widgets and sections"]',
        '[data-testid="builder-canvas"]',
        '[aria-label="Style Panel"]',
      ].map(
        (selector) => (document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN) + scrollY,
      ),
    )
    expect(tops[0]).toBeLessThan(tops[1] ?? 0)
    expect(tops[2]).toBeGreaterThan(tops[1] ?? 0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(await axeViolations(page)).toEqual([])
    // At desktop width the full-screen canvas scrolls on its own: still reachable, still clean.
    await page.setViewportSize({ width: 1280, height: 600 })
    await expect(b).toHaveAttribute('data-full-screen', 'true')
    expect(await axeViolations(page)).toEqual([])
  })
})
