import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { ELIGIBLE, labels, NOT_ELIGIBLE, option, questionTitles } from './journey.ts'
import { waitForHydration } from './support.ts'

// A phone: the narrowest width the site supports.
test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })
// Several axe scans per test on a shared two-core machine.
test.describe.configure({ timeout: 120_000 })

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true })
const checkButton = (page: Page) => page.getByRole('button', { name: 'Check Eligibility' })

async function expectStep(page: Page, step: number, of = 4) {
  await expect(page.getByText(`Step ${step} of ${of}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: questionTitles[step - 1] })).toBeVisible()
}

const ORIGIN_PATH = /^http:\/\/127\.0\.0\.1:\d+\//

/** The address of an eligible result: the lead form follows the estimate. */
const ELIGIBLE_RESULT =
  '/?step=result&answers.hadPcpFinance=yes&answers.purchaseDateRange=2015-2018&answers.loanAmount=15000-25000&answers.dealerDisclosedCommission=no#calculator'

test.describe('with JavaScript', () => {
  test('each step is a history entry: Back and Forward walk the steps with their answers', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expectStep(page, 1)
    await expectNoAxeViolations(page)
    await option(page, labels.hadPcpFinance.yes).check()
    await continueButton(page).click()
    await expectStep(page, 2)
    await expect(page).toHaveURL(/[?&]step=2(&|$)/)
    await option(page, labels.purchaseDateRange['2011-2014']).check()
    await continueButton(page).click()
    await expectStep(page, 3)
    await expectNoAxeViolations(page)

    await page.goBack()
    await expectStep(page, 2)
    await expect(option(page, labels.purchaseDateRange['2011-2014'])).toBeChecked()
    await page.goBack()
    await expectStep(page, 1)
    await expect(page).toHaveURL(ORIGIN_PATH)
    await expect(option(page, labels.hadPcpFinance.yes)).toBeChecked()
    await page.goForward()
    await expectStep(page, 2)
    await expect(option(page, labels.purchaseDateRange['2011-2014'])).toBeChecked()
    await page.goForward()
    await expectStep(page, 3)

    // The address is the step: a reload shows it again, rendered by the server.
    await page.reload()
    await waitForHydration(page)
    await expectStep(page, 3)
    // The form's own Back is the browser's: Forward still returns.
    await page.getByRole('button', { name: 'Back' }).click()
    await expectStep(page, 2)
    await page.goForward()
    await expectStep(page, 3)
  })

  test('an answer that ends the questionnaire asks nothing more; Back returns to it', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await option(page, labels.hadPcpFinance.no).check()
    await expect(checkButton(page)).toBeEnabled()
    await checkButton(page).click()
    await expect(page.getByRole('heading', { name: NOT_ELIGIBLE })).toBeFocused()
    await expect(page.getByText(/Step \d of/)).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.goBack()
    await expectStep(page, 1, 1)
    await expect(option(page, labels.hadPcpFinance.no)).toBeChecked()
    // Choosing the other answer asks the rest again.
    await option(page, labels.hadPcpFinance.yes).check()
    await continueButton(page).click()
    await expectStep(page, 2)
  })

  test('lead form errors go as each field is fixed, without another submit', async ({ page }) => {
    await page.goto(ELIGIBLE_RESULT)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeVisible()
    const form = page.getByRole('form', { name: 'Get your free claim review' })
    await form.getByRole('button', { name: 'Submit My Details' }).click()

    const summary = page.getByTestId('lead-error-summary')
    await expect(summary).toHaveAttribute('role', 'alert')
    await expect(summary).toContainText('There are problems with 5 fields')
    await expect(form.getByLabel('First Name')).toBeFocused()
    await expectNoAxeViolations(page)

    const email = form.getByLabel('Email Address')
    await email.fill('sam@')
    await email.blur()
    await expect(form.locator('#lead-email-error')).toHaveText('Please enter a valid email address')
    await email.fill('sam@example.com')
    await expect(form.locator('#lead-email-error')).toHaveCount(0)
    await expect(form.getByText('Please enter a valid email address')).toHaveCount(0)
    await expect(email).not.toHaveAttribute('aria-invalid', 'true')

    const consent = form.getByRole('checkbox', { name: /I consent to being contacted/ })
    await consent.check()
    await expect(form.locator('#lead-hasConsent-error')).toHaveCount(0)
    await expect(form.getByText('You must agree to be contacted to continue')).toHaveCount(0)
    await expect(summary).toContainText('There are problems with 3 fields')

    await form.getByLabel('First Name').fill('Sam')
    await form.getByLabel('Last Name').fill('Steps')
    await form.getByLabel('Phone Number').fill('07700 900789')
    await form.getByLabel('Phone Number').blur()
    await expect(summary).toHaveCount(0)
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0)
  })
})

test.describe('the addresses the steps land on without JavaScript', () => {
  // axe runs as a script: each address is scanned in a page that runs scripts, over the same
  // server render the page without them shows.
  for (const address of [
    '/?step=2&answers.hadPcpFinance=yes#calculator',
    '/?step=3&answers.hadPcpFinance=yes&answers.purchaseDateRange=2019-2021#calculator',
    '/?step=result&answers.hadPcpFinance=no#calculator',
    ELIGIBLE_RESULT,
  ]) {
    test(`${address} has no axe violations`, async ({ page }) => {
      await page.goto(address)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('each step is an address: Back and Forward walk the steps with their answers', async ({ page }) => {
    await page.goto('/')
    await expectStep(page, 1)
    await option(page, labels.hadPcpFinance.yes).check()
    await continueButton(page).click()
    await expectStep(page, 2)
    await expect(page).toHaveURL(/[?&]step=2(&|$)/)
    await option(page, labels.purchaseDateRange['2019-2021']).check()
    await continueButton(page).click()
    await expectStep(page, 3)

    await page.goBack()
    await expectStep(page, 2)
    await expect(page).toHaveURL(ORIGIN_PATH)
    await page.goBack()
    await expectStep(page, 1)
    await expect(option(page, labels.hadPcpFinance.yes)).toBeChecked()
    await page.goForward()
    await expectStep(page, 2)
    await page.goForward()
    await expectStep(page, 3)

    // The form's Back is an address too, with the answer kept.
    await page.getByRole('button', { name: 'Back' }).click()
    await expectStep(page, 2)
    await expect(option(page, labels.purchaseDateRange['2019-2021'])).toBeChecked()
  })

  test('an answer that ends the questionnaire goes straight to its result', async ({ page }) => {
    await page.goto('/')
    await option(page, labels.hadPcpFinance.no).check()
    await continueButton(page).click()
    await expect(page.getByRole('heading', { name: NOT_ELIGIBLE })).toBeVisible()
    await expect(page).toHaveURL(/[?&]step=result(&|$)/)
    await expect(page.getByText(/Step \d of/)).toHaveCount(0)
    await page.getByRole('button', { name: 'Start Over' }).click()
    await expectStep(page, 1)
  })

  test('a lead form sent with errors lists them in an alert and focuses the first', async ({ page }) => {
    await page.goto(ELIGIBLE_RESULT)
    const form = page.getByRole('form', { name: 'Get your free claim review' })
    await form.getByLabel('Email Address').fill('sam@')
    await form.getByRole('button', { name: 'Submit My Details' }).click()
    const summary = page.getByTestId('lead-error-summary')
    await expect(summary).toHaveAttribute('role', 'alert')
    await expect(summary.getByRole('link', { name: 'Email Address' })).toHaveAttribute('href', '#lead-email')
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(form.getByLabel('First Name')).toBeFocused()
    // The answer to a post has no address to scan again: the same summary is scanned with JavaScript.
  })

  test('a step sent without an answer says so and focuses the choices', async ({ page }) => {
    await page.goto('/')
    await continueButton(page).click()
    await expect(page.getByRole('alert')).toHaveText('Please choose an answer to continue.')
    await expect(option(page, labels.hadPcpFinance.yes)).toBeFocused()
    await option(page, labels.hadPcpFinance.yes).check()
    await continueButton(page).click()
    await expectStep(page, 2)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})
