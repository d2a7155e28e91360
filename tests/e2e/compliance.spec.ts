import type { Page } from '@playwright/test'
import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { ELIGIBLE, labels, option, storedLeads, uniqueEmail } from './journey.ts'
import { queryDatabase, waitForHydration } from './support.ts'

const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true })

const STATEMENT =
  'You can complain to your lender yourself, and then to the Financial Ombudsman Service, for free. (e2e)'

/** Clears the settings a test changed, so the other specs see the defaults again. */
async function resetSettings(page: Page, keys: string[]) {
  for (const key of keys) {
    const response = await page.request.post('/api/admin/settings', { data: { key, value: null } })
    expect(response.status()).toBe(200)
  }
}

async function openSettings(page: Page) {
  await tab(page, 'Settings').click()
  await expect(tab(page, 'Settings')).toHaveAttribute('aria-selected', 'true')
}

/** Records the keys of every settings save from now on. */
function savedKeys(page: Page): string[] {
  const keys: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/admin/settings'))
      keys.push(JSON.parse(r.postData() ?? '{}').key)
  })
  return keys
}

async function answerEligible(page: Page, dateLabel: string) {
  await option(page, labels.hadPcpFinance.yes).check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await option(page, dateLabel).check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await option(page, labels.loanAmount['15000-25000']).check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await option(page, labels.dealerDisclosedCommission.unclear).check()
  await page.getByRole('button', { name: 'Check Eligibility' }).click()
  await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeVisible()
}

test.describe('compliance settings', () => {
  const keys = [
    'questionnaire_reference_amount',
    'fee_percentage',
    'free_route_statement',
    'firm_name',
    'fca_reference_number',
  ]

  test('the admin changes the fee disclosure and the free-route statement; the questionnaire shows them', async ({
    adminPage: page,
  }, testInfo) => {
    // Three axe runs, each several seconds on a small machine.
    test.setTimeout(120_000)
    try {
      await openSettings(page)
      const card = page.getByRole('region', { name: 'Compliance' })
      // Estimates and answer labels belong to questionnaire versions (Questionnaire tab) now.
      await expect(card.getByLabel('Estimate for £15,000 - £25,000', { exact: true })).toHaveCount(0)
      const reference = card.getByLabel('Reference amount for estimates (£)', { exact: true })
      await expect(reference).toBeEnabled()
      const saved = savedKeys(page)

      // A value the server would refuse is caught next to its field, and nothing is sent.
      await reference.fill('2,750')
      await card.getByLabel('Fee percentage (%)', { exact: true }).fill('150')
      await card.getByRole('button', { name: 'Save Compliance' }).click()
      await expect(card.getByText('The fee percentage must be a number from 0 to 100, e.g. 30')).toBeVisible()
      await expect(reference).toHaveAttribute('aria-invalid', 'true')
      await expect(card.getByRole('status')).toHaveText('2 fields need correcting')
      expect(saved).toEqual([])
      expect(await axeViolations(page)).toEqual([])

      await reference.fill('900')
      await card.getByLabel('Fee percentage (%)', { exact: true }).fill('25')
      await card.getByLabel('Free-route statement', { exact: true }).fill(STATEMENT)
      await card.getByLabel('Firm name', { exact: true }).fill('Claim Check Ltd')
      await card.getByLabel('FCA reference number', { exact: true }).fill('123456')
      await expect(card.getByRole('region', { name: 'Preview' })).toContainText(
        'up to 25% of the compensation',
      )
      await card.getByRole('button', { name: 'Save Compliance' }).click()
      await expect(toastWith(page, 'Settings updated')).toBeVisible()
      // One call per changed field, and only the changed ones.
      expect([...saved].sort()).toEqual([...keys].sort())
      await expect(card.getByRole('button', { name: 'Save Compliance' })).toBeDisabled()
      const version = /now ([0-9a-f]{16})/.exec((await card.textContent()) ?? '')?.[1]
      expect(version).toMatch(/^[0-9a-f]{16}$/)

      // The public page follows at once.
      await page.goto('/')
      await waitForHydration(page)
      await expect(page.getByTestId('free-route-statement')).toHaveText(STATEMENT)
      await answerEligible(page, '2011 - 2014')
      await expect(page.getByTestId('estimated-claim')).toHaveText('£2,500')
      await expect(page.getByTestId('fee-disclosure')).toContainText(
        'up to 25% of the compensation you receive, including VAT, and never more than £10,000',
      )
      await expect(page.getByTestId('free-route-statement')).toHaveText(STATEMENT)
      await expect(page.getByTestId('firm-identity')).toHaveText(
        'Claim Check Ltd. FCA firm reference number 123456.',
      )
      await expect(page.getByRole('contentinfo')).toContainText(STATEMENT)
      expect(await axeViolations(page)).toEqual([])
      await page.setViewportSize({ width: 360, height: 740 })
      expect(await axeViolations(page)).toEqual([])

      // The lead records the estimate and the version of what was shown.
      const email = uniqueEmail(testInfo)
      await page.getByLabel('First Name').fill('Grace')
      await page.getByLabel('Last Name').fill('Hopper')
      await page.getByLabel('Email Address').fill(email)
      await page.getByLabel('Phone Number').fill('07700 900987')
      await page.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
      await page.getByRole('button', { name: 'Submit My Details' }).click()
      await expect(page).toHaveURL(/\/thank-you$/)
      const [lead] = storedLeads(email)
      expect(lead).toMatchObject({ purchase_date_range: '2011-2014', is_eligible: 1, estimated_claim: 2500 })
      const [row] = queryDatabase<{ constants_version: string }>(
        'select constants_version from lead where email = ?',
        email,
      )
      expect(row?.constants_version).toBe(version)
    } finally {
      await resetSettings(page, keys)
    }
  })

  test('the Leads card checks and saves the three lead settings', async ({ adminPage: page }) => {
    const leadKeys = ['duplicate_window_days', 'retention_years', 'lead_notification_email']
    test.setTimeout(90_000)
    try {
      await openSettings(page)
      const card = page.getByRole('region', { name: 'Leads' })
      const windowDays = card.getByLabel('Duplicate window (days)', { exact: true })
      await expect(windowDays).toHaveValue('30')
      await expect(card.getByLabel('Retention period (years)', { exact: true })).toHaveValue('6')
      await expect(
        card.getByText('A lead whose phone or email matches one received within this many days'),
      ).toBeVisible()
      const saved = savedKeys(page)

      await windowDays.fill('4000')
      await card.getByLabel('New lead e-mail', { exact: true }).fill('not an address')
      await card.getByRole('button', { name: 'Save Lead Settings' }).click()
      await expect(card.getByText('The duplicate window must be from 0 to 3650 days')).toBeVisible()
      await expect(card.getByText('The notification e-mail must be a valid e-mail address')).toBeVisible()
      expect(saved).toEqual([])
      expect(await axeViolations(page)).toEqual([])

      await windowDays.fill('45')
      await card.getByLabel('Retention period (years)', { exact: true }).fill('7')
      await card.getByLabel('New lead e-mail', { exact: true }).fill('ops@example.co.uk')
      await card.getByRole('button', { name: 'Save Lead Settings' }).click()
      await expect(toastWith(page, 'Settings updated')).toBeVisible()
      expect([...saved].sort()).toEqual([...leadKeys].sort())
      const stored = queryDatabase<{ key: string; value: string }>(
        `select key, value from site_setting where key in ('duplicate_window_days', 'retention_years', 'lead_notification_email') order by key`,
      )
      expect(stored).toEqual([
        { key: 'duplicate_window_days', value: '45' },
        { key: 'lead_notification_email', value: 'ops@example.co.uk' },
        { key: 'retention_years', value: '7' },
      ])
    } finally {
      await resetSettings(page, leadKeys)
    }
  })
})
