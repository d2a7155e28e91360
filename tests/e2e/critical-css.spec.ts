import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

// The critical CSS inlined in a public page's head (server/platform/http/critical-css.ts) must style the
// page exactly as the whole stylesheet does: anything it missed would shift or restyle the page
// when the stylesheet arrives. The islands script is held back so both renders show the same DOM.

const paths = ['/', '/privacy-policy', '/evidence', '/cookie-policy', '/thank-you', '/nope']
const viewports = [
  { name: 'mobile', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
]

function storeConsent() {
  const choice = { essential: true, analytics: false, marketing: false, preferences: false }
  localStorage.setItem(
    'cookie_consent_v1',
    JSON.stringify({ ...choice, timestamp: Date.now(), version: '1.0' }),
  )
}

/** Every element's computed style, in document order. */
function computedStyles(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')].map((element) => {
      const style = getComputedStyle(element)
      const values: Record<string, string> = {}
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i)
        values[name] = style.getPropertyValue(name)
      }
      return { element: `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`, values }
    }),
  )
}

async function render(page: Page, path: string, withStylesheet: boolean) {
  await page.route('**/assets/islands-*.js', (route) => route.abort())
  if (!withStylesheet) await page.route('**/assets/*.css', (route) => route.abort())
  await page.goto(path)
  const critical = await page.locator('head style').count()
  if (withStylesheet) {
    // What the islands script does first (app/islands/entry.client.tsx).
    await page.evaluate(() => {
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')) {
        link.media = 'all'
      }
    })
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')].every(
        (link) => link.sheet !== null && link.sheet.cssRules.length > 0,
      ),
    )
  }
  return { critical, styles: await computedStyles(page) }
}

function differences(
  critical: Awaited<ReturnType<typeof computedStyles>>,
  full: Awaited<ReturnType<typeof computedStyles>>,
) {
  const found: string[] = []
  full.forEach((element, i) => {
    const other = critical[i]
    if (!other || other.element !== element.element) {
      found.push(`element ${i} differs: ${element.element} / ${other?.element}`)
      return
    }
    for (const name of new Set([...Object.keys(element.values), ...Object.keys(other.values)])) {
      const value = element.values[name]
      if (other.values[name] !== value)
        found.push(`${element.element} ${name}: ${value} (critical: ${other.values[name]})`)
    }
  })
  return found.slice(0, 20)
}

async function compare(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  width: number,
  height: number,
  returning: boolean,
) {
  const options = { baseURL, viewport: { width, height } }
  const criticalContext = await browser.newContext(options)
  const fullContext = await browser.newContext(options)
  // A returning visitor's stored choice keeps the cookie dialog closed.
  if (returning)
    for (const context of [criticalContext, fullContext]) await context.addInitScript(storeConsent)
  try {
    const critical = await render(await criticalContext.newPage(), path, false)
    const full = await render(await fullContext.newPage(), path, true)
    expect(critical.critical).toBe(1)
    expect(full.styles.length).toBeGreaterThan(10)
    expect(differences(critical.styles, full.styles)).toEqual([])
  } finally {
    await criticalContext.close()
    await fullContext.close()
  }
}

for (const visitor of ['returning', 'first-time'] as const) {
  test.describe(`critical CSS for a ${visitor} visitor`, () => {
    for (const viewport of viewports) {
      for (const path of visitor === 'first-time' ? ['/'] : paths) {
        test(`${path} at ${viewport.name} looks the same with the critical CSS alone`, async ({
          browser,
          baseURL,
        }) => {
          await compare(browser, baseURL, path, viewport.width, viewport.height, visitor === 'returning')
        })
      }
    }
  })
}

test('a page made in the builder looks the same with the critical CSS alone', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const widget = (type: string, content: Record<string, unknown>, styles = {}) => ({
    id: `w-${type}`,
    type,
    content,
    styles,
  })
  const response = await adminPage.request.post('/api/admin/pages', {
    data: {
      title: 'Critical CSS builder page',
      slug: 'critical-css-builder',
      isPublished: true,
      content: {
        sections: [
          {
            id: 's1',
            styles: { backgroundColor: '#f1f5f9', padding: '24px' },
            widgets: [
              widget('heading', { text: 'Built with blocks', level: 2 }, { textAlign: 'center' }),
              widget('text', {
                text: '<p>Some <strong>rich</strong> text with a <a href="/evidence">link</a>.</p>',
              }),
              widget('button', { text: 'Check now', link: '/' }),
              widget('spacer', { height: '24px' }),
              widget('divider', {}),
              widget('columns', { columns: 3, texts: ['<p>One</p>', '<p>Two</p>', '<p>Three</p>'] }),
              widget('testimonial', { text: 'It was simple.', author: 'A customer' }),
              widget('menu', {
                links: [
                  { text: 'Evidence', url: '/evidence' },
                  { text: 'Home', url: '/' },
                ],
              }),
            ],
          },
          { id: 's2', styles: {}, widgets: [widget('form', { title: 'Check your claim' })] },
        ],
      },
    },
  })
  expect(response.status()).toBe(201)
  await adminPage.goto('/critical-css-builder')
  await expect(adminPage.getByRole('heading', { level: 2, name: 'Built with blocks' })).toBeVisible()
  await expect(adminPage.getByText('It was simple.')).toBeVisible()
  for (const viewport of viewports) {
    await compare(browser, baseURL, '/critical-css-builder', viewport.width, viewport.height, true)
  }
})
