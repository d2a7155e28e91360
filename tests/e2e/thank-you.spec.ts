import fs from 'node:fs'
import path from 'node:path'
import { type Browser, devices, type Page } from '@playwright/test'
import { e2eOutbox } from '../../playwright.config.ts'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { answerEligible, uniqueEmail, uniquePhone } from './journey.ts'
import { queryDatabase, unnameAllBuyers, waitForHydration } from './support.ts'

/** A phone at the narrowest width the site supports. */
const phone = {
  ...devices['Pixel 5'],
  viewport: { width: 360, height: 740 },
  screen: { width: 360, height: 740 },
}

const operator = {
  firm_name: 'Claim Check Operations Ltd',
  company_number: '12345678',
  firm_address: '1 High Street, Leeds LS1 1AA',
  ico_registration_number: 'ZA123456',
  fca_reference_number: '123456',
  partner_name: 'Partner Claims Ltd',
} as const

async function saveSettings(page: Page, values: Record<string, string | null>) {
  for (const [key, value] of Object.entries(values)) {
    const response = await page.request.post('/api/admin/settings', { data: { key, value } })
    expect(response.status(), key).toBe(200)
  }
}

function mailsTo(email: string) {
  if (!fs.existsSync(e2eOutbox)) return []
  return fs
    .readdirSync(e2eOutbox)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) =>
        JSON.parse(fs.readFileSync(path.join(e2eOutbox, name), 'utf8')) as {
          to: string
          subject: string
          text: string
        },
    )
    .filter((mail) => mail.to === email)
}

/**
 * What overflows at this width: the document's scroll width, and every visible button (or link
 * styled as one) whose text runs onto a second line.
 */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = []
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth > width)
      problems.push(`scrollWidth ${document.documentElement.scrollWidth} > ${width}`)
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[class*="inline-flex"], [role="button"], input[type="submit"]',
    )
    for (const el of controls) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue
      // A disclosure's question is a sentence that may wrap; a button's label may not.
      if (el.hasAttribute('aria-expanded') && !el.hasAttribute('aria-haspopup')) continue
      const tops = new Set<number>()
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top / 4))
      }
      if (tops.size > 1) problems.push(`"${el.textContent?.trim()}" wraps onto ${tops.size} lines`)
      if (box.right > width + 0.5) problems.push(`"${el.textContent?.trim()}" ends at ${box.right}px`)
    }
    return problems
  })
}

async function onPhone(browser: Browser, withConsentChoice = true) {
  const context = await browser.newContext({
    ...phone,
    baseURL: test.info().project.use.baseURL,
    ...(withConsentChoice ? { storageState: test.info().project.use.storageState } : {}),
  })
  return { context, page: await context.newPage() }
}

test.describe('the thank-you page, the confirmation email and the footer on a phone', () => {
  test.afterEach(async ({ adminPage }) => {
    await saveSettings(
      adminPage,
      Object.fromEntries(
        [...Object.keys(operator), 'company_number', 'ico_registration_number'].map((k) => [k, null]),
      ),
    )
  })

  test('a visitor sees the reference and the firm, gets the same by email, and the operator in the footer', async ({
    adminPage,
    browser,
  }, testInfo) => {
    await saveSettings(adminPage, operator)
    await unnameAllBuyers(adminPage.request)
    const { context, page } = await onPhone(browser)
    try {
      await page.goto('/')
      await waitForHydration(page)
      await answerEligible(page)
      const email = uniqueEmail(testInfo)
      await page.getByLabel('First Name').fill('Grace')
      await page.getByLabel('Last Name').fill('Hopper')
      await page.getByLabel('Email Address').fill(email)
      await page.getByLabel('Phone Number').fill(uniquePhone())
      await page.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
      expect(await layoutProblems(page)).toEqual([])
      await page.getByRole('button', { name: 'Submit My Details' }).click()
      await expect(page).toHaveURL(/\/thank-you$/)

      const [lead] = queryDatabase<{ reference: string }>('select reference from lead where email = ?', email)
      const reference = lead?.reference ?? 'missing'
      await expect(page.getByTestId('enquiry-reference')).toHaveText(reference)
      await expect(page.getByTestId('consented-firms')).toHaveText('Partner Claims Ltd')
      await expect(page.getByTestId('withdraw-consent')).toContainText(`quoting your reference ${reference}`)
      await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible()
      // No call to action starts another check, and nothing the visitor typed is shown.
      await expect(page.getByRole('link', { name: 'Free check' })).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveCount(0)
      await expect(page.locator('body')).not.toContainText(email)
      await expect(page.locator('body')).not.toContainText('Hopper')
      expect(page.url()).not.toContain(reference)

      const footer = page.getByRole('contentinfo')
      await expect(footer).toContainText('Claim Check Operations Ltd, company number 12345678.')
      await expect(footer).toContainText('Registered office: 1 High Street, Leeds LS1 1AA.')
      await expect(footer).toContainText(
        "Registered with the Information Commissioner's Office, number ZA123456.",
      )
      await expect(footer).toContainText('FCA firm reference number 123456.')
      expect(await layoutProblems(page)).toEqual([])
      expect(await axeViolations(page)).toEqual([])

      await expect.poll(() => mailsTo(email).length).toBe(1)
      const [mail] = mailsTo(email)
      expect(mail?.text).toContain(`Your reference: ${reference}`)
      expect(mail?.text).toContain('Partner Claims Ltd')
      expect(mail?.text).toContain('Changing your mind')
      expect(mail?.text).toContain('Claim Check Operations Ltd, company number 12345678.')
      expect(mail?.text).not.toContain('Hopper')

      // A reload still shows it; another visitor (no cookie) sees the generic page.
      await page.reload()
      await expect(page.getByTestId('enquiry-reference')).toHaveText(reference)
    } finally {
      await context.close()
    }
    const other = await onPhone(browser)
    try {
      await other.page.goto('/thank-you')
      await expect(other.page.getByRole('heading', { level: 1 })).toHaveText(
        'Thank you – we have received your enquiry',
      )
      await expect(other.page.getByTestId('enquiry-reference')).toHaveCount(0)
      await expect(other.page.getByTestId('consented-firms')).toHaveCount(0)
    } finally {
      await other.context.close()
    }
  })

  test('the admin warns while the operator details are empty', async ({ adminPage: page }) => {
    await saveSettings(page, { firm_name: 'Claim Check Operations Ltd' })
    await page.goto('/admin')
    await waitForHydration(page)
    const warning = page.getByTestId('operator-details-warning')
    await expect(warning).toContainText(
      'Still missing: company number, registered address, ICO registration number and FCA details.',
    )
    await warning.getByRole('button', { name: 'Open Settings' }).click()
    await expect(page.getByTestId('operator-details-warning')).toBeVisible()
    await saveSettings(page, {
      company_number: '12345678',
      firm_address: '1 High Street, Leeds LS1 1AA',
      ico_registration_number: 'ZA123456',
      fca_reference_number: '123456',
    })
    await page.reload()
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Compliance' })).toBeVisible()
    await expect(page.getByTestId('operator-details-warning')).toHaveCount(0)
  })

  for (const pathname of ['/', '/privacy-policy', '/evidence', '/cookie-policy', '/thank-you', '/nope']) {
    test(`nothing overflows or wraps on ${pathname} at 360 px, with and without the cookie banner`, async ({
      browser,
    }) => {
      for (const withChoice of [true, false]) {
        const { context, page } = await onPhone(browser, withChoice)
        try {
          await page.goto(pathname)
          await waitForHydration(page)
          expect(await layoutProblems(page), `${pathname} banner: ${!withChoice}`).toEqual([])
        } finally {
          await context.close()
        }
      }
    })
  }
})
