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
} from './journey.ts'

test.use({ javaScriptEnabled: false })

const CHOOSE = 'Please choose an answer to continue.'

const progressbar = (page: Page) => page.getByRole('progressbar', { name: 'Questionnaire progress' })
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true })

/** One plain form post: choose the option, press the step's button, expect the server's next page. */
async function postStep(page: Page, label: string, button: 'Continue' | 'Check Eligibility' = 'Continue') {
  await option(page, label).check()
  await page.getByRole('button', { name: button, exact: true }).click()
}

async function expectStep(page: Page, step: number) {
  await expect(page.getByText(`Step ${step} of 4`)).toBeVisible()
  await expect(progressbar(page)).toHaveAttribute('aria-valuenow', String(step * 25))
  await expect(page.getByRole('heading', { name: questionTitles[step - 1] })).toBeVisible()
}

async function reachEligibleResult(page: Page) {
  await page.goto('/')
  await postStep(page, labels.hadPcpFinance.yes)
  await expectStep(page, 2)
  await postStep(page, labels.purchaseDateRange['2019-2021'])
  await expectStep(page, 3)
  await postStep(page, labels.loanAmount['25000-35000'])
  await expectStep(page, 4)
  await postStep(page, labels.dealerDisclosedCommission.unclear, 'Check Eligibility')
  await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeVisible()
}

test('the page is served without scripts running, and Continue is usable', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  await expectStep(page, 1)
  await expect(continueButton(page)).toBeEnabled()
})

test('Continue without an answer asks for one', async ({ page }) => {
  await page.goto('/')
  await continueButton(page).click()
  await expect(page.getByRole('alert')).toHaveText(CHOOSE)
  await expectStep(page, 1)

  // Also on a later step, with the earlier answer kept.
  await postStep(page, labels.hadPcpFinance.yes)
  await expectStep(page, 2)
  await continueButton(page).click()
  await expect(page.getByRole('alert')).toHaveText(CHOOSE)
  await expectStep(page, 2)
  await page.getByRole('button', { name: 'Back' }).click()
  await expectStep(page, 1)
  await expect(option(page, labels.hadPcpFinance.yes)).toBeChecked()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('each step posts and shows the next; Back keeps the answers', async ({ page }) => {
  await page.goto('/')
  await expectStep(page, 1)
  await postStep(page, labels.hadPcpFinance.yes)
  await expectStep(page, 2)
  await postStep(page, labels.purchaseDateRange['2007-2010'])
  await expectStep(page, 3)
  await postStep(page, labels.loanAmount['5000-15000'])
  await expectStep(page, 4)
  await expect(page.getByRole('button', { name: 'Check Eligibility' })).toBeVisible()

  await page.getByRole('button', { name: 'Back' }).click()
  await expectStep(page, 3)
  await expect(option(page, labels.loanAmount['5000-15000'])).toBeChecked()
  await page.getByRole('button', { name: 'Back' }).click()
  await expectStep(page, 2)
  await expect(option(page, labels.purchaseDateRange['2007-2010'])).toBeChecked()
})

const notEligible = [
  // "No" to PCP finance ends the questionnaire at once: questionnaire-flow.spec.ts.
  {
    name: 'commission clearly explained',
    choices: [
      labels.hadPcpFinance.yes,
      labels.purchaseDateRange['2015-2018'],
      labels.loanAmount['35000+'],
      labels.dealerDisclosedCommission.yes,
    ],
  },
] as const

for (const { name, choices } of notEligible) {
  test(`${name}: not eligible, and Start Over returns to step 1`, async ({ page }) => {
    await page.goto('/')
    for (const [index, label] of choices.entries()) {
      await expectStep(page, index + 1)
      await postStep(page, label, index === 3 ? 'Check Eligibility' : 'Continue')
    }
    await expect(page.getByRole('heading', { name: NOT_ELIGIBLE })).toBeVisible()
    await expect(page.getByTestId('estimated-claim')).toHaveCount(0)

    await page.getByRole('button', { name: 'Start Over' }).click()
    await expectStep(page, 1)
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0)
  })
}

test('the eligible path shows the estimate and the lead form', async ({ page }) => {
  await reachEligibleResult(page)
  await expect(page.getByTestId('estimated-claim')).toHaveText('£3,500')
  await expect(page.getByText(ESTIMATE_NOTE)).toBeVisible()
  const form = page.getByRole('form', { name: 'Get your free claim review' })
  await expect(form).toBeVisible()
  for (const label of ['First Name', 'Last Name', 'Email Address', 'Phone Number', 'Car Details']) {
    await expect(form.getByLabel(label)).toBeVisible()
  }
  await expect(form.getByRole('checkbox', { name: /I consent to being contacted/ })).not.toBeChecked()
  await expect(form.getByRole('button', { name: 'Submit My Details' })).toBeEnabled()
})

test('an invalid lead shows the field error and keeps the typed values; a valid one is stored', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo)
  await reachEligibleResult(page)
  const before = leadCount()

  await page.getByLabel('First Name').fill('Katherine')
  await page.getByLabel('Last Name').fill('Johnson')
  await page.getByLabel('Email Address').fill('katherine.example.co.uk')
  await page.getByLabel('Phone Number').fill('020 7946 0018')
  await page.getByLabel('Car Details').fill('2012 Vauxhall Astra')
  await page.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Submit My Details' }).click(),
  ])
  expect(response.status()).toBe(400)

  const emailField = page.getByLabel('Email Address')
  await expect(emailField).toHaveAccessibleDescription('Please enter a valid email address')
  await expect(emailField).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(emailField).toHaveValue('katherine.example.co.uk')
  await expect(page.getByLabel('First Name')).toHaveValue('Katherine')
  await expect(page.getByLabel('Last Name')).toHaveValue('Johnson')
  await expect(page.getByLabel('Phone Number')).toHaveValue('020 7946 0018')
  await expect(page.getByLabel('Car Details')).toHaveValue('2012 Vauxhall Astra')
  await expect(page.getByRole('checkbox', { name: /I consent to being contacted/ })).toBeChecked()
  await expect(page.getByTestId('estimated-claim')).toHaveText('£3,500')
  expect(leadCount()).toBe(before)

  await emailField.fill(email)
  await page.getByRole('button', { name: 'Submit My Details' }).click()
  await expect(page).toHaveURL(/\/thank-you(#calculator)?$/)
  await expect(page.getByText('within 24 hours').first()).toBeVisible()

  const rows = storedLeads(email)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({
    first_name: 'Katherine',
    last_name: 'Johnson',
    phone: '020 7946 0018',
    car_details: '2012 Vauxhall Astra',
    has_consent: 1,
    had_pcp_finance: 1,
    purchase_date_range: '2019-2021',
    loan_amount: 25000,
    commission_disclosure: 'unclear',
    is_eligible: 1,
    estimated_claim: 3500,
  })
})

test('an empty lead shows every required-field error and stores nothing', async ({ page }) => {
  await reachEligibleResult(page)
  const before = leadCount()
  await page.getByRole('button', { name: 'Submit My Details' }).click()
  await expect(page.getByLabel('First Name')).toHaveAccessibleDescription('First name is required')
  await expect(page.getByLabel('Last Name')).toHaveAccessibleDescription('Last name is required')
  await expect(page.getByLabel('Email Address')).toHaveAccessibleDescription('Email is required')
  await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription('Phone number is required')
  await expect(
    page.getByRole('checkbox', { name: /I consent to being contacted/ }),
  ).toHaveAccessibleDescription('You must agree to be contacted to continue')
  expect(leadCount()).toBe(before)
})

test('the footer Cookie Preferences button leads to managing cookies in the browser', async ({ page }) => {
  await page.goto('/evidence')
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Preferences', exact: true }).click()
  await expect(page).toHaveURL(/\/cookie-policy\?#cookies-browser$/)
  await expect(
    page.getByRole('heading', { level: 2, name: 'Managing Cookies in Your Browser' }),
  ).toBeVisible()
})
