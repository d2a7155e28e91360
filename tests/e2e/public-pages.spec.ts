import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { questionTitles } from './journey.ts'
import { waitForHydration } from './support.ts'

const SITE = 'Car Finance Claim Check'

const pages = [
  {
    path: '/',
    title: `Check If You Can Claim Car Finance Commission | ${SITE}`,
    h1: 'Were you overcharged on your car finance?',
  },
  { path: '/privacy-policy', title: `Privacy Policy | ${SITE}`, h1: 'Privacy Policy' },
  {
    path: '/evidence',
    title: `The Evidence Behind Car Finance Commission Claims | ${SITE}`,
    h1: 'The Evidence',
  },
  { path: '/cookie-policy', title: `Cookie Policy | ${SITE}`, h1: 'Cookie Policy' },
  {
    path: '/thank-you',
    title: `Thank You – Your Enquiry Has Been Received | ${SITE}`,
    h1: 'Thank you – we have received your enquiry',
  },
  { path: '/nope', title: 'Page Not Found', h1: '404 Page Not Found' },
] as const

const evidenceIds = [
  'fca-investigation',
  'commission-arrangements',
  'consumer-harm',
  'widespread-impact',
  'regulatory-action',
  'claims-process',
] as const

const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 720 }, mobile: false },
  { name: 'mobile 360x740', viewport: { width: 360, height: 740 }, mobile: true },
] as const

async function open(page: Page, path: string) {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

// The footer's contact e-mail link sits in a paragraph; it once differed from the text only by colour
// (axe rule link-in-text-block). The page scans cover it, and the test below checks it on its own.
const FOOTER_MAILTO = 'footer p a[href^="mailto:"]'

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
}

function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth)
}

for (const { name, viewport, mobile } of viewports) {
  test.describe(`public pages at ${name}`, () => {
    test.use({ viewport })

    for (const { path, title, h1 } of pages) {
      test(`${path} loads with one h1, its title and no axe violations`, async ({ page }) => {
        const response = await open(page, path)
        expect(response?.status()).toBe(path === '/nope' ? 404 : 200)
        await expect(page).toHaveTitle(title)
        const headings = page.getByRole('heading', { level: 1 })
        await expect(headings).toHaveCount(1)
        await expect(headings).toHaveText(h1)
        expect(await axeViolations(page)).toEqual([])
        if (mobile) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(viewport.width)
      })
    }
  })
}

test('the footer contact link is distinguishable from its paragraph (axe link-in-text-block)', async ({
  page,
}) => {
  await open(page, '/privacy-policy')
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).include(FOOTER_MAILTO).analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
})

test('/nope answers 404 with the not-found card', async ({ page }) => {
  const response = await open(page, '/nope')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
})

test('/nope answers 404 to a plain request too', async ({ request }) => {
  const response = await request.get('/nope/deeper?x=1')
  expect(response.status()).toBe(404)
  expect(await response.text()).toContain('404 Page Not Found')
})

test.describe('home FAQ accordion', () => {
  // A <details> per question (app/features/blocks/faq.tsx): the browser opens and closes it.
  const summary = (page: Page, question: string) => page.locator('summary', { hasText: question })
  const item = (page: Page, question: string) =>
    page.locator('details', { has: page.locator('summary', { hasText: question }) })

  test('first item open initially; several can be open at once', async ({ page }) => {
    await open(page, '/')
    const first = 'How much could I claim?'
    const second = 'Is there a time limit for making a claim?'
    await expect(item(page, first)).toHaveAttribute('open', '')
    await expect(page.getByText('Typical claims range from £1,000 to £5,000')).toBeVisible()
    await expect(item(page, second)).not.toHaveAttribute('open')
    await expect(page.getByText('Generally you have 6 years')).toBeHidden()

    await summary(page, second).click()
    await expect(item(page, second)).toHaveAttribute('open', '')
    await expect(page.getByText('Generally you have 6 years')).toBeVisible()
    await expect(item(page, first)).toHaveAttribute('open', '')
    await expect(page.getByText('Typical claims range from £1,000 to £5,000')).toBeVisible()

    await summary(page, first).click()
    await expect(item(page, first)).not.toHaveAttribute('open')
    await expect(page.getByText('Typical claims range from £1,000 to £5,000')).toBeHidden()
    await expect(item(page, second)).toHaveAttribute('open', '')
  })

  test('toggles by keyboard with Enter and Space', async ({ page }) => {
    await open(page, '/')
    const question = 'How much does it cost?'
    const answer = page.getByText('Checking your eligibility here is free.')
    await summary(page, question).focus()
    await expect(item(page, question)).not.toHaveAttribute('open')

    await page.keyboard.press('Enter')
    await expect(item(page, question)).toHaveAttribute('open', '')
    await expect(answer).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(item(page, question)).not.toHaveAttribute('open')
    await expect(answer).toBeHidden()

    await page.keyboard.press('Space')
    await expect(item(page, question)).toHaveAttribute('open', '')
    await expect(answer).toBeVisible()
    await page.keyboard.press('Space')
    await expect(item(page, question)).not.toHaveAttribute('open')
    await expect(item(page, 'How much could I claim?')).toHaveAttribute('open', '')
  })
})

test('the footer Cookie Preferences button raises showCookiePreferences', async ({ page }) => {
  await open(page, '/')
  await page.evaluate(() => {
    document.documentElement.dataset.cookiePreferencesEvents = '0'
    window.addEventListener('showCookiePreferences', () => {
      const root = document.documentElement.dataset
      root.cookiePreferencesEvents = String(Number(root.cookiePreferencesEvents) + 1)
    })
  })
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Preferences' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-cookie-preferences-events', '1')
})

test('the footer links to the public pages', async ({ page }) => {
  await open(page, '/')
  const footer = page.getByRole('navigation', { name: 'Footer' })
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  )
  await expect(footer.getByRole('link', { name: 'Evidence' })).toHaveAttribute('href', '/evidence')
  await expect(footer.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy')
})

test('privacy policy has 12 numbered sections, its date and Back to Home', async ({ page }) => {
  await open(page, '/privacy-policy')
  const sections = page.getByRole('main').getByRole('heading', { level: 2 })
  await expect(sections).toHaveCount(12)
  const numbers = (await sections.allTextContents()).map((text) => /^(\d+)\.\s/.exec(text.trim())?.[1])
  expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)))
  await expect(page.getByText('Last updated: January 2025')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
})

test('evidence has six cards, each with a View Source link opening in a new tab', async ({ page }) => {
  await open(page, '/evidence')
  const cards = page.locator('main article[id]')
  await expect(cards).toHaveCount(6)
  expect(await cards.evaluateAll((nodes) => nodes.map((n) => n.id))).toEqual([...evidenceIds])
  for (const id of evidenceIds) {
    const card = page.locator(`article#${id}`)
    await expect(card.getByRole('heading', { level: 2 })).toBeVisible()
    const source = card.getByRole('link', { name: /View Source/ })
    await expect(source).toHaveCount(1)
    await expect(source).toHaveAttribute('target', '_blank')
    await expect(source).toHaveAttribute('href', /^https:\/\//)
    await expect(source).toHaveAttribute('rel', /noopener/)
  }
})

test('evidence links on the home page open /evidence#<id> in a new tab', async ({ page }) => {
  await open(page, '/')
  const links = page.locator('main a[href^="/evidence#"]')
  await expect(links).toHaveCount(5)
  const found = await links.evaluateAll((nodes) =>
    nodes.map((n) => ({ href: n.getAttribute('href'), target: n.getAttribute('target') })),
  )
  for (const { href, target } of found) {
    expect(target).toBe('_blank')
    expect(evidenceIds).toContain(href?.replace('/evidence#', ''))
  }
  expect(new Set(found.map((l) => l.href))).toEqual(
    new Set(
      [
        'commission-arrangements',
        'consumer-harm',
        'fca-investigation',
        'widespread-impact',
        'regulatory-action',
      ].map((id) => `/evidence#${id}`),
    ),
  )
})

test('a home evidence link opens the evidence page at its card in a new tab', async ({ page, context }) => {
  await open(page, '/')
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /Read the regulator/ }).click(),
  ])
  await tab.waitForLoadState()
  await expect(tab).toHaveURL(/\/evidence#regulatory-action$/)
  await expect(tab.locator('#regulatory-action')).toBeInViewport()
})

test('the header Start Claim button scrolls the calculator into view', async ({ page }) => {
  await open(page, '/')
  const question = page.getByRole('heading', { name: questionTitles[0] })
  await expect(question).not.toBeInViewport()
  await page.getByRole('banner').getByRole('button', { name: 'Start Claim' }).click()
  await expect(question).toBeInViewport()
  await expect(page.getByRole('heading', { name: 'Check your eligibility' })).toBeInViewport()
  await expect(page.locator('#calculator')).toBeFocused()
})

test.describe('at 360x740', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the hero call to action and the first question are reachable, nothing overflows', async ({
    page,
  }) => {
    await open(page, '/')
    // A link to #calculator (the hero block's call to action), smooth-scrolled with JavaScript.
    const cta = page
      .locator('section[aria-labelledby="hero-title"]')
      .getByRole('link', { name: 'Start your free check' })
    await expect(cta).toBeInViewport()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(360)

    await cta.click()
    const question = page.getByRole('heading', { name: questionTitles[0] })
    await expect(question).toBeInViewport()
    await page.getByRole('radio', { name: 'Yes', exact: true }).check()
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(360)
  })

  test('the eligible result and lead form fit the narrow screen', async ({ page }) => {
    await open(page, '/')
    for (const label of ['Yes', '2019 - 2021', '£35,000+', 'No, commission was not explained']) {
      await page.getByRole('radio', { name: label, exact: true }).check()
      await page.getByRole('button', { name: /^(Continue|Check Eligibility)$/ }).click()
    }
    await expect(page.getByTestId('estimated-claim')).toHaveText('£5,000')
    await expect(page.getByRole('button', { name: 'Submit My Details' })).toBeVisible()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(360)
    expect(await axeViolations(page)).toEqual([])
  })
})
