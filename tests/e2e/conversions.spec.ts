import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { answerEligible, uniqueEmail, uniquePhone } from './journey.ts'
import { queryDatabase, waitForHydration } from './support.ts'

const consentWithMarketing = () =>
  JSON.stringify({
    essential: true,
    analytics: false,
    marketing: true,
    preferences: false,
    timestamp: Date.now(),
    version: '1.0',
  })

test.describe('server-side conversions', () => {
  test('an admin adds a Meta destination; a consenting visitor’s lead gets the same event id in dataLayer and in the events list', async ({
    adminPage: page,
    browser,
  }, testInfo) => {
    await tab(page, 'Conversions').click()
    await expect(page).toHaveURL('/admin?tab=conversions')
    await page.getByRole('button', { name: 'Add Destination' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Destination' })
    await dialog.getByLabel('Platform').selectOption('meta')
    const name = `Meta e2e ${Date.now().toString(36)}`
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Pixel (dataset) id').fill('123456789')
    await dialog.getByLabel('Access token').fill('e2e-meta-token')
    await dialog.getByRole('switch', { name: /Test mode/ }).click()
    await dialog.getByRole('button', { name: 'Create Destination' }).click()
    await expect(dialog).toBeHidden()
    const row = page
      .getByRole('region', { name: 'Conversion destinations' })
      .getByRole('row')
      .filter({ hasText: name })
    await expect(row).toContainText('Pixel 123456789')
    await expect(row).toContainText('Live')
    expect(await page.content()).not.toContain('e2e-meta-token')

    // The visitor accepted marketing cookies and came from a TikTok and a Meta ad.
    const visitor = await browser.newContext({ storageState: undefined })
    await visitor.addInitScript(
      (value) => window.localStorage.setItem('cookie_consent_v1', value),
      consentWithMarketing(),
    )
    const site = await visitor.newPage()
    await site.goto('/?fbclid=FBE2E&ttclid=TTE2E')
    await waitForHydration(site)
    await answerEligible(site)
    const email = uniqueEmail(testInfo)
    await site.getByLabel('First Name').fill('Ada')
    await site.getByLabel('Last Name').fill('Byron')
    await site.getByLabel('Email Address').fill(email)
    await site.getByLabel('Phone Number').fill(uniquePhone())
    await site.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
    await site.getByRole('button', { name: 'Submit My Details' }).click()
    await expect(site).toHaveURL(/\/thank-you$/)
    const [lead] = queryDatabase<{ reference: string; ttclid: string; marketing_consent: number }>(
      'select reference, ttclid, marketing_consent from lead where email = ?',
      email,
    )
    expect(lead).toMatchObject({ ttclid: 'TTE2E', marketing_consent: 1 })
    const pushed = await site.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
    expect(pushed).toContainEqual({
      event: 'lead',
      event_id: `${lead?.reference}-lead`,
      lead_reference: lead?.reference,
    })
    await visitor.close()

    // The platform's answer (this server's 404) is shown against the lead's events.
    await page.reload()
    await waitForHydration(page)
    const events = page.getByRole('region', { name: 'Conversion events' })
    await expect(async () => {
      await page.getByLabel('Platform').selectOption('meta')
      await expect(
        events
          .getByRole('row')
          .filter({ hasText: lead?.reference ?? '' })
          .first(),
      ).toContainText('rejected', {
        timeout: 1000,
      })
    }).toPass({ timeout: 15_000 })
    expect(await axeViolations(page)).toEqual([])

    // At 360 px nothing makes the page scroll sideways (the tables scroll in their frames).
    await page.setViewportSize({ width: 360, height: 800 })
    await expect(page.getByRole('heading', { name: 'Conversions' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(await axeViolations(page)).toEqual([])

    await page.setViewportSize({ width: 1280, height: 800 })
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await page
      .getByRole('dialog', { name: /Delete destination/ })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(row).toBeHidden()
  })
})
