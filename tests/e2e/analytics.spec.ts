import { devices, type Page } from '@playwright/test'
import { axeViolations, count as countRows, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { ELIGIBLE, labels, option, questionTitles, uniqueEmail, uniquePhone } from './journey.ts'
import { waitForHydration } from './support.ts'

/**
 * Every page of this suite comes from 127.0.0.1 with one browser: a user agent of its own makes a
 * visitor that no other spec's visit of the day counts as (their first touch would be theirs).
 */
const ownVisitor = (tag: string) => ({ userAgent: `${devices['Desktop Chrome'].userAgent} ${tag}` })

/** What the visit left on the device: cookies, and every storage key but the test's own consent choice. */
async function deviceStorage(page: Page) {
  const cookies = await page.context().cookies()
  const storage = await page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k !== 'cookie_consent_v1'),
    session: Object.keys(sessionStorage),
  }))
  // The thank-you page's own reference (ADR 0059) is essential and carries no visitor id: not analytics.
  return { cookies: cookies.map((c) => c.name).filter((name) => name !== 'enquiry_ref'), ...storage }
}

test.describe('analytics', () => {
  test('a visitor is counted without cookies or storage: the funnel shows in the Analytics tab', async ({
    browser,
  }, testInfo) => {
    const campaign = `e2e-${Date.now().toString(36)}`
    const context = await browser.newContext(ownVisitor(campaign))
    const page = await context.newPage()
    const beacons: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/events')) beacons.push(JSON.parse(r.postData() ?? '{}').type)
    })
    await page.goto(`/?utm_source=e2e&utm_campaign=${campaign}`)
    await waitForHydration(page)
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true })
    for (const label of [
      labels.hadPcpFinance.yes,
      labels.purchaseDateRange['2015-2018'],
      labels.loanAmount['15000-25000'],
    ]) {
      await option(page, label).check()
      await continueButton.click()
    }
    await option(page, labels.dealerDisclosedCommission.no).check()
    await page.getByRole('button', { name: 'Check Eligibility' }).click()
    await expect(page.getByRole('heading', { name: ELIGIBLE })).toBeVisible()
    await page.getByLabel('First Name').fill('Ada')
    await page.getByLabel('Last Name').fill('Lovelace')
    await page.getByLabel('Email Address').fill(uniqueEmail(testInfo))
    await page.getByLabel('Phone Number').fill(uniquePhone())
    await page.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
    await page.getByRole('button', { name: 'Submit My Details' }).click()
    await expect(page).toHaveURL('/thank-you')
    expect(beacons).toEqual(
      expect.arrayContaining(['pageview', 'questionnaire_start', 'step', 'result', 'form_start', 'lead']),
    )
    expect(await deviceStorage(page)).toEqual({ cookies: [], local: [], session: [] })
    await context.close()

    // A visitor with nothing stored at all: the page and its beacon write nothing either.
    const bare = await browser.newContext({
      ...ownVisitor(`${campaign}-bare`),
      storageState: { cookies: [], origins: [] },
    })
    const barePage = await bare.newPage()
    const sent = barePage.waitForRequest((r) => r.url().endsWith('/api/events'))
    await barePage.goto('/')
    await sent
    expect(await barePage.context().cookies()).toEqual([])
    expect(await barePage.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0])
    await bare.close()
  })

  test('the Analytics tab shows the funnel, breakdowns and CSV, accessibly at 360 px', async ({
    adminPage: page,
  }) => {
    const campaign = `tab-${Date.now().toString(36)}`
    const visitor = await page.context().browser()?.newContext(ownVisitor(campaign))
    if (!visitor) throw new Error('no browser')
    const home = await visitor.newPage()
    await home.goto(`/?utm_source=e2e&utm_campaign=${campaign}`)
    await waitForHydration(home)
    await option(home, labels.hadPcpFinance.yes).check()
    await home.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(home.getByText('Step 2 of 4')).toBeVisible()
    await visitor.close()

    // The queue is written every second: wait for the last beacon's figure before reading the tab.
    await expect
      .poll(() =>
        countRows(
          `select coalesce(sum(visitors), 0) as n from analytics_hourly where utm_campaign = '${campaign}' and stage = 'step'`,
        ),
      )
      .toBe(1)
    await tab(page, 'Analytics').click()
    await page.getByLabel('Campaign (utm_campaign)').fill(campaign)
    const funnel = page.getByRole('region', { name: 'Funnel steps' })
    const count = (step: string) => funnel.getByRole('row').filter({ hasText: step }).getByRole('cell').nth(1)
    await expect(count(`Answered “${questionTitles[0]}”`)).toHaveText('1')
    await expect(count('Visitors')).toHaveText('1')
    await expect(count('Started the questionnaire')).toHaveText('1')
    await expect(count('Visitors who sent a lead')).toHaveText('0')
    await expect(page.getByRole('img', { name: /^Funnel: Visitors: 1 / })).toBeVisible()

    await page.getByLabel('Break down by').selectOption({ label: 'Device' })
    await expect(
      page
        .getByRole('region', { name: 'Breakdown by device' })
        .getByRole('row')
        .filter({ hasText: 'desktop' }),
    ).toBeVisible()

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download funnel (CSV)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(
      /^analytics-funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    )

    await page.waitForLoadState('networkidle')
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 360, height: 740 })
    expect(await axeViolations(page)).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
