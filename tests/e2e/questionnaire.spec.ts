import { expect, type Page, test } from '@playwright/test'
import {
  ELIGIBLE,
  ESTIMATE_NOTE,
  labels,
  leadCount,
  NOT_ELIGIBLE,
  option,
  questionTitles,
  storedLeads,
  uniqueEmail,
  uniquePhone,
} from './journey.ts'
import { waitForHydration } from './support.ts'

type Choices = [string, string, string, string]

const progressbar = (page: Page) => page.getByRole('progressbar', { name: 'Questionnaire progress' })
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true })
const checkButton = (page: Page) => page.getByRole('button', { name: 'Check Eligibility' })
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit My Details' })

async function openHome(page: Page) {
  await page.goto('/')
  await waitForHydration(page)
}

/** Answers the four steps by label, checking the step text, progress and the disabled button on each. */
async function answerAll(page: Page, choices: Choices) {
  for (const [index, label] of choices.entries()) {
    const step = index + 1
    const button = step === 4 ? checkButton(page) : continueButton(page)
    await expect(page.getByText(`Step ${step} of 4`)).toBeVisible()
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', String(step * 25))
    await expect(page.getByRole('heading', { name: questionTitles[index] })).toBeVisible()
    await expect(button).toBeDisabled()
    await option(page, label).check()
    await expect(button).toBeEnabled()
    await button.click()
  }
}

async function fillLeadForm(
  page: Page,
  values: { firstName: string; lastName: string; email: string; phone: string; carDetails?: string },
) {
  await page.getByLabel('First Name').fill(values.firstName)
  await page.getByLabel('Last Name').fill(values.lastName)
  await page.getByLabel('Email Address').fill(values.email)
  await page.getByLabel('Phone Number').fill(values.phone)
  if (values.carDetails !== undefined) await page.getByLabel('Car Details').fill(values.carDetails)
}

const consent = (page: Page) => page.getByRole('checkbox', { name: /I consent to being contacted/ })

test.describe('eligible journey', () => {
  test('answers four steps, sees the estimate, submits the lead and lands on /thank-you', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo)
    await openHome(page)
    await answerAll(page, [
      labels.hadPcpFinance.yes,
      labels.purchaseDateRange['2015-2018'],
      labels.loanAmount['15000-25000'],
      labels.dealerDisclosedCommission.no,
    ])

    await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeFocused()
    await expect(page.getByTestId('estimated-claim')).toHaveText('£2,500')
    await expect(page.getByText(ESTIMATE_NOTE)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Get your free claim review' })).toBeVisible()
    const leadForm = page.getByRole('form', { name: 'Get your free claim review' })
    await expect(leadForm.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )

    const phone = uniquePhone()
    await fillLeadForm(page, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phone,
      carDetails: '2016 Ford Focus',
    })
    await consent(page).check()

    // Hold the request so the pending state can be observed, then let it through.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/leads', async (route) => {
      await held
      await route.continue()
    })
    await submitButton(page).click()
    const pending = page.getByRole('button', { name: 'Submitting...' })
    await expect(pending).toBeVisible()
    await expect(pending).toBeDisabled()
    release()

    await expect(page).toHaveURL(/\/thank-you$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText('within 24 hours').first()).toBeVisible()

    const rows = storedLeads(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      phone,
      car_details: '2016 Ford Focus',
      has_consent: 1,
      had_pcp_finance: 1,
      purchase_date_range: '2015-2018',
      loan_amount: 15000,
      dealer_disclosed_commission: 0,
      commission_disclosure: 'no',
      is_eligible: 1,
      estimated_claim: 2500,
    })
  })

  const bands = [
    { band: labels.loanAmount['5000-15000'], estimate: '£1,500' },
    { band: labels.loanAmount['15000-25000'], estimate: '£2,500' },
    { band: labels.loanAmount['25000-35000'], estimate: '£3,500' },
    { band: labels.loanAmount['35000+'], estimate: '£5,000' },
  ]
  for (const { band, estimate } of bands) {
    test(`band ${band} estimates ${estimate}`, async ({ page }) => {
      await openHome(page)
      await answerAll(page, [
        labels.hadPcpFinance.yes,
        labels.purchaseDateRange['2007-2010'],
        band,
        labels.dealerDisclosedCommission.no,
      ])
      await expect(page.getByTestId('estimated-claim')).toHaveText(estimate)
      await expect(page.getByText(ESTIMATE_NOTE)).toBeVisible()
    })
  }

  test('"It was mentioned but not clearly explained" is eligible and is stored as unclear', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo)
    await openHome(page)
    await answerAll(page, [
      labels.hadPcpFinance.yes,
      labels.purchaseDateRange['2019-2021'],
      labels.loanAmount['35000+'],
      labels.dealerDisclosedCommission.unclear,
    ])
    await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeVisible()
    await expect(page.getByTestId('estimated-claim')).toHaveText('£5,000')

    await fillLeadForm(page, { firstName: 'Grace', lastName: 'Hopper', email, phone: '+44 20 7946 0958' })
    await consent(page).check()
    await submitButton(page).click()
    await expect(page).toHaveURL(/\/thank-you$/)

    const rows = storedLeads(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      car_details: null,
      has_consent: 1,
      is_eligible: 1,
      estimated_claim: 5000,
      loan_amount: 35000,
      commission_disclosure: 'unclear',
      dealer_disclosed_commission: 0,
    })
  })
})

test.describe('not eligible', () => {
  const paths: { name: string; choices: Choices }[] = [
    // "No" to PCP finance ends the questionnaire at once: questionnaire-flow.spec.ts.
    {
      name: 'commission clearly explained',
      choices: [
        labels.hadPcpFinance.yes,
        labels.purchaseDateRange['2011-2014'],
        labels.loanAmount['25000-35000'],
        labels.dealerDisclosedCommission.yes,
      ],
    },
  ]
  for (const { name, choices } of paths) {
    test(`${name}: shows the not-eligible result and Start Over resets`, async ({ page }) => {
      await openHome(page)
      await answerAll(page, choices)

      await expect(page.getByRole('heading', { name: NOT_ELIGIBLE })).toBeFocused()
      await expect(page.getByTestId('estimated-claim')).toHaveCount(0)
      await expect(page.getByRole('heading', { name: 'Get your free claim review' })).toHaveCount(0)

      await page.getByRole('button', { name: 'Start Over' }).click()
      await expect(page.getByText('Step 1 of 4')).toBeVisible()
      await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '25')
      await expect(page.getByRole('heading', { name: questionTitles[0] })).toBeVisible()
      await expect(page.getByRole('radio')).toHaveCount(2)
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(0)
      await expect(continueButton(page)).toBeDisabled()
    })
  }
})

test('Back keeps the previous answers', async ({ page }) => {
  await openHome(page)
  await option(page, labels.hadPcpFinance.yes).check()
  await continueButton(page).click()
  await option(page, labels.purchaseDateRange['2015-2018']).check()
  await continueButton(page).click()
  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await option(page, labels.loanAmount['25000-35000']).check()

  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '50')
  await expect(option(page, labels.purchaseDateRange['2015-2018'])).toBeChecked()
  await expect(continueButton(page)).toBeEnabled()

  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await expect(option(page, labels.hadPcpFinance.yes)).toBeChecked()
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0)

  // Forward again: the answers chosen before going back are still there.
  await continueButton(page).click()
  await expect(option(page, labels.purchaseDateRange['2015-2018'])).toBeChecked()
  await continueButton(page).click()
  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await expect(option(page, labels.loanAmount['25000-35000'])).toBeChecked()
})

test.describe('lead form', () => {
  async function reachLeadForm(page: Page) {
    await openHome(page)
    await answerAll(page, [
      labels.hadPcpFinance.yes,
      labels.purchaseDateRange['2011-2014'],
      labels.loanAmount['5000-15000'],
      labels.dealerDisclosedCommission.no,
    ])
    await expect(page.getByTestId('estimated-claim')).toHaveText('£1,500')
  }

  test('submitting empty shows an error next to each required field and stores nothing', async ({ page }) => {
    await reachLeadForm(page)
    const before = leadCount()
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/leads')) posts.push(request.url())
    })

    await submitButton(page).click()

    const expected = [
      ['First Name', 'First name is required'],
      ['Last Name', 'Last name is required'],
      ['Email Address', 'Email is required'],
      ['Phone Number', 'Phone number is required'],
    ] as const
    for (const [label, message] of expected) {
      const field = page.getByLabel(label)
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(field).toHaveAccessibleDescription(message)
    }
    await expect(page.getByLabel('Car Details')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(consent(page)).toHaveAccessibleDescription('You must agree to be contacted to continue')
    await expect(page.getByLabel('First Name')).toBeFocused()
    await expect(submitButton(page)).toBeEnabled()
    // Still on the result's own address (ADR 0058), not on /thank-you.
    await expect(page).toHaveURL(/\/\?step=result&/)
    expect(posts).toEqual([])
    expect(leadCount()).toBe(before)
  })

  test('an invalid email shows "Please enter a valid email address"', async ({ page }, testInfo) => {
    await reachLeadForm(page)
    const before = leadCount()
    const local = uniqueEmail(testInfo).split('@')[0] ?? 'x'
    await fillLeadForm(page, { firstName: 'Alan', lastName: 'Turing', email: local, phone: '07700 900456' })
    await consent(page).check()
    await submitButton(page).click()

    const email = page.getByLabel('Email Address')
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address')
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(email).toBeFocused()
    await expect(page.getByLabel('First Name')).not.toHaveAttribute('aria-invalid', 'true')
    expect(leadCount()).toBe(before)
  })

  test('a failed submission shows the error toast and re-enables the button', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo)
    await reachLeadForm(page)
    await page.route('**/api/leads', (route) => route.fulfill({ status: 500, body: 'boom' }))
    await fillLeadForm(page, { firstName: 'Mary', lastName: 'Jackson', email, phone: '07700 900789' })
    await consent(page).check()
    await submitButton(page).click()

    const toast = page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Failed to submit your details' })
    await expect(toast.getByText('Error', { exact: true })).toBeVisible()
    await expect(toast.getByText('Failed to submit your details. Please try again.')).toBeVisible()
    await expect(toast).toHaveClass(/bg-red-700/)
    await expect(submitButton(page)).toBeEnabled()
    // Still on the result's own address (ADR 0058), not on /thank-you.
    await expect(page).toHaveURL(/\/\?step=result&/)
    await expect(page.getByLabel('Email Address')).toHaveValue(email)
    expect(storedLeads(email)).toEqual([])
  })
})

test('the questionnaire can be completed with the keyboard only', async ({ page }) => {
  await openHome(page)

  // The skip link is the first stop; it leads into the calculator.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to the eligibility check' })).toBeFocused()
  await page.keyboard.press('Enter')

  // Step 1: Tab into the radio group, Space picks the focused option, Enter on Continue.
  await page.keyboard.press('Tab')
  await expect(option(page, labels.hadPcpFinance.yes)).toBeFocused()
  await page.keyboard.press('Space')
  await expect(option(page, labels.hadPcpFinance.yes)).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(continueButton(page)).toBeFocused()
  await page.keyboard.press('Enter')

  // Step 2: focus moves to the question; arrow keys move between options and choose them.
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await expect(page.getByRole('heading', { name: questionTitles[1] })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(option(page, labels.purchaseDateRange['2007-2010'])).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(option(page, labels.purchaseDateRange['2011-2014'])).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(continueButton(page)).toBeFocused()
  await page.keyboard.press('Enter')

  // Step 3.
  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(option(page, labels.loanAmount['25000-35000'])).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(continueButton(page)).toBeFocused()
  await page.keyboard.press('Enter')

  // Step 4: Check Eligibility.
  await expect(page.getByText('Step 4 of 4')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(option(page, labels.dealerDisclosedCommission.no)).toBeFocused()
  await page.keyboard.press('Space')
  await expect(option(page, labels.dealerDisclosedCommission.no)).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(checkButton(page)).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeFocused()
  await expect(page.getByTestId('estimated-claim')).toHaveText('£3,500')

  // The lead form is next in the tab order.
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('First Name')).toBeFocused()
})
