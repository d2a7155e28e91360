import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { waitForHydration } from './support.ts'

const builder = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Visual page builder' })
const canvas = (page: import('@playwright/test').Page) => page.getByTestId('builder-canvas')

test.describe('visual page builder', () => {
  test('builds a page from nothing with the mouse, creates and publishes it, and the public page has it', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/pages/create')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Create Page' })).toBeVisible()
    const preview = page.getByRole('button', { name: 'Preview' })
    await expect(preview).toBeDisabled()
    await expect(canvas(page).getByText('Start Building Your Page')).toBeVisible()

    await page.getByLabel('Page Title').fill('Spring Offer')
    await expect(page.getByLabel('URL Slug')).toHaveValue('spring-offer')
    await page.getByLabel('URL Slug').fill('spring-offer-e2e')
    await expect(preview).toBeEnabled()

    const b = builder(page)
    await b.getByRole('tab', { name: 'Sections' }).click()
    await b.getByRole('button', { name: 'Add Section' }).click()
    await expect(b.getByRole('button', { name: 'Section 1', exact: true }).first()).toBeVisible()
    await b.getByRole('tab', { name: 'Widgets' }).click()

    const section = canvas(page).getByRole('group', { name: 'Section 1' })
    for (const name of ['Heading', 'Text', 'Image', 'Button']) {
      await b.getByRole('button', { name, exact: true }).dragTo(section)
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
    await expect(canvas(page)).toHaveAttribute('data-viewport', 'mobile')
    expect((await canvas(page).boundingBox())?.width).toBeLessThanOrEqual(375)
    await b.getByRole('button', { name: 'Tablet' }).click()
    expect((await canvas(page).boundingBox())?.width).toBeLessThanOrEqual(768)
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
    const onCanvas = await widgetMarkup(canvas(page))
    expect(onCanvas).toHaveLength(4)

    await b.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('switch').first().click()
    await expect(page.getByText('Published', { exact: true }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Create Page' }).click()
    await expect(page.getByText('Page created successfully', { exact: true })).toBeVisible()
    await expect(page).toHaveURL('/admin')

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
    await expect(
      canvas(page).getByRole('group', { name: 'Section 2' }).locator('[data-widget-type]'),
    ).toHaveCount(0)
  })
})
