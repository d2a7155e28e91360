import type { Page } from '@playwright/test'
import { CONSENT_CATEGORY_REQUIRED } from '../../core/schemas/scripts.ts'
import { axeViolations, tab } from './admin-support.ts'
import { dialogButton, firstView } from './consent-support.ts'
import { expect, test } from './fixtures.ts'
import { openE2eDatabase, queryDatabase, waitForHydration } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true })

const rowsNamed = (name: string) => queryDatabase('select id from custom_script where name = ?', name)

/** Text a visitor could see before the site header: anything an entry printed would be here. */
function textAboveHeader(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('body header')
    if (!header) throw new Error('no header')
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const found: string[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(header.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING)) break
      const parent = node.parentElement
      // Skip links are text of the page's own, shown on focus.
      if (!parent || parent.closest('script, style, noscript, template, [hidden], a[href^="#"]')) continue
      const text = node.textContent?.trim()
      if (text && parent.checkVisibility()) found.push(text)
    }
    return found
  })
}

test.describe('scripts that cannot break a page', () => {
  const made: string[] = []
  // The page of the signed-in admin (the adminPage fixture) makes the API calls.
  test.afterEach(async ({ page }) => {
    for (const name of made.splice(0)) {
      for (const { id } of rowsNamed(name) as { id: number }[]) {
        expect((await page.request.delete(`/api/admin/scripts/${id}`)).status()).toBe(200)
      }
    }
  })

  test('refuses bare text, requires a category, previews a GTM ID and runs it only after consent', async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    const name = `Safety ${unique()}`
    const id = `GTM-${unique().toUpperCase().slice(0, 10)}`
    made.push(name)
    await tab(page, 'Scripts').click()
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create Script' }) })
    const scriptBox = page.getByLabel('Script', { exact: true })
    const category = page.getByRole('combobox', { name: 'Consent category', exact: true })
    const preview = page.getByRole('region', { name: 'Preview: what every public page gets' })

    await page.getByLabel('Name', { exact: true }).fill(name)
    // The category is a choice to make, explained on the form.
    await expect(category).toHaveValue('')
    await expect(category).toHaveAccessibleDescription(
      /^Essential: runs for every visitor without asking; only for what the site cannot work without\./,
    )

    // Text that is no element is refused before anything is sent, and said so.
    await category.selectOption('none')
    await scriptBox.fill('Hello from the tag')
    await expect(preview).toContainText(
      'Nothing will be added: Text outside an element ("Hello from the tag")',
    )
    await page.getByRole('button', { name: 'Create Script' }).click()
    await expect(form.getByRole('alert')).toContainText('Text outside an element ("Hello from the tag")')
    await expect(scriptBox).toHaveAttribute('aria-invalid', 'true')
    expect(rowsNamed(name)).toEqual([])

    // A GTM ID is recognised; as essential it is refused, with the reason in the preview.
    await scriptBox.fill(id.toLowerCase())
    await expect(preview).toContainText('Nothing will be added: Google Tag Manager is not essential')
    await category.selectOption('marketing')
    await expect(preview).toContainText(`Google Tag Manager ${id}: sent as the vendor's standard snippet`)
    await expect(preview).toContainText('Waits for Marketing consent')
    const head = preview.getByRole('definition').first()
    await expect(head).toContainText(`'dataLayer','${id}'`)
    await expect(head).toContainText('<script type="text/plain" data-consent-category="marketing">')
    await expect(preview.getByRole('definition').nth(2)).toHaveText('Nothing')
    await expect(preview).toContainText(`Not sent: this <noscript> fallback`)
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Create Script' }).click()
    await expect(toastWith(page, 'Script created')).toBeVisible()
    await expect(category).toHaveValue('')
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText(id)
    expect(
      queryDatabase('select script, consent_category as c from custom_script where name = ?', name),
    ).toEqual([{ script: id, c: 'marketing' }])

    // Without a category nothing is sent either.
    const second = `Safety ${unique()}`
    made.push(second)
    await page.getByLabel('Name', { exact: true }).fill(second)
    await scriptBox.fill('<script>window.__noCategory=1</script>')
    await page.getByRole('button', { name: 'Create Script' }).click()
    await expect(form.getByRole('alert')).toHaveText(CONSENT_CATEGORY_REQUIRED)
    await expect(category).toHaveAttribute('aria-invalid', 'true')
    expect(rowsNamed(second)).toEqual([])

    // A first-time visitor (the config gives every other page a stored choice): no stray text above
    // the header, and GTM loads only once Marketing is accepted.
    const visitorContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })
    const visitor = await visitorContext.newPage()
    const loads: string[] = []
    await visitor.route('https://www.googletagmanager.com/**', (route) => {
      loads.push(route.request().url())
      return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmLoaded=1' })
    })
    await visitor.goto('/')
    await waitForHydration(visitor)
    await expect(firstView(visitor)).toBeVisible()
    expect(await textAboveHeader(visitor)).toEqual([])
    await expect(visitor.locator('body')).not.toContainText(id)
    expect(loads).toEqual([])
    await dialogButton(visitor, 'Accept All Cookies').click()
    await expect.poll(() => loads).toEqual([`https://www.googletagmanager.com/gtm.js?id=${id}`])
    await expect
      .poll(() =>
        visitor.evaluate(() =>
          (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.some(
            (e) => e.event === 'gtm.js',
          ),
        ),
      )
      .toBe(true)
    await visitorContext.close()
  })

  test('an old row of bare text shows nowhere on the page, and the list says why', async ({
    adminPage: page,
  }) => {
    // Rows from before the rules cannot be made through the API any more: write one as they were.
    const name = `Old ${unique()}`
    made.push(name)
    const text = `STRAY-${unique()}`
    const db = openE2eDatabase()
    try {
      db.prepare(
        "insert into custom_script (name, position, script, consent_category) values (?, 'head', ?, 'none')",
      ).run(name, text)
    } finally {
      db.close()
    }
    // A change through the API rebuilds the site snapshot: a valid entry, added and taken away.
    const bump = await page.request.post('/api/admin/scripts', {
      data: {
        name: `${name} bump`,
        position: 'head',
        script: '<meta name="e2e-bump">',
        consentCategory: 'none',
      },
    })
    expect(bump.status()).toBe(201)
    const { id: bumpId } = (await bump.json()) as { id: number }
    expect((await page.request.delete(`/api/admin/scripts/${bumpId}`)).status()).toBe(200)

    await page.goto('/')
    await waitForHydration(page)
    expect(await textAboveHeader(page)).toEqual([])
    expect(await page.content()).not.toContain(text)

    await page.goto('/admin')
    await waitForHydration(page)
    await tab(page, 'Scripts').click()
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('Not on the site')
    await expect(row).toContainText(`Text outside an element ("${text}")`)
  })
})
