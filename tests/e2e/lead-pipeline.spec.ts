import type { Page, TestInfo } from '@playwright/test'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { answerEligible, labels, uniqueEmail, uniquePhone } from './journey.ts'
import { queryDatabase, waitForHydration } from './support.ts'

async function completeJourney(page: Page, testInfo: TestInfo, lastName: string, phone: string) {
  await answerEligible(page)
  const email = uniqueEmail(testInfo)
  await page.getByLabel('First Name').fill('Grace')
  await page.getByLabel('Last Name').fill(lastName)
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Phone Number').fill(phone)
  await page.getByRole('checkbox', { name: /I consent to being contacted/ }).check()
  return email
}

test.describe('lead pipeline', () => {
  test('a visitor from an ad: attribution and consent evidence reach the admin lead detail', async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto('/?utm_source=google&utm_medium=cpc&utm_campaign=spring-pcp&gclid=EAIaIQ123')
    await waitForHydration(page)
    // The form says which phone formats it takes.
    const email = await completeJourney(page, testInfo, 'Hopper', '+44 7700 900321')
    await expect(page.getByText(/A UK mobile or landline/)).toBeVisible()
    await page.getByRole('button', { name: 'Submit My Details' }).click()
    await expect(page).toHaveURL(/\/thank-you$/)

    const [row] = queryDatabase<{ id: number; phone_e164: string }>(
      'select id, phone_e164 from lead where email = ?',
      email,
    )
    expect(row?.phone_e164).toBe('+447700900321')
    // The same person writes again: kept as a later submission, answered like any post.
    const repeat = await page.request.post('/api/leads', {
      data: {
        firstName: 'Grace',
        lastName: 'Brewster',
        email,
        phone: '07700 900999',
        carDetails: 'Morris <b>Minor</b>',
        hasConsent: true,
      },
    })
    expect(repeat.status()).toBe(201)
    expect(Object.keys(await repeat.json())).toEqual(['reference'])

    await page.goto('/admin?tab=leads')
    await waitForHydration(page)
    await page.getByLabel('Source (utm_source)').fill('google')
    await page.getByLabel('Campaign (utm_campaign)').fill('spring-pcp')
    await page.getByRole('button', { name: 'Grace Hopper' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Grace Hopper' })
    const attribution = dialog.getByRole('region', { name: 'Attribution' })
    await expect(attribution).toContainText('google')
    await expect(attribution).toContainText('cpc')
    await expect(attribution).toContainText('spring-pcp')
    await expect(attribution).toContainText('EAIaIQ123')
    await expect(attribution).toContainText('utm_campaign=spring-pcp')
    const questionnaire = dialog.getByRole('region', { name: 'Questionnaire' })
    await expect(questionnaire).toContainText('(version 1)')
    await expect(questionnaire).toContainText('Roughly how much did you borrow?')
    await expect(questionnaire).toContainText(labels.loanAmount['15000-25000'])
    await expect(questionnaire).toContainText('Eligible, £2,500')
    const evidence = dialog.getByRole('region', { name: 'Consent evidence' })
    await expect(evidence).toContainText('I consent to being contacted')
    await expect(evidence).toContainText(/[0-9a-f]{64}/)
    await expect(evidence).toContainText('Privacy policy version')
    await expect(dialog.getByText('+447700900321')).toBeVisible()
    const later = dialog.getByRole('region', { name: 'Later submissions' })
    await expect(later).toContainText('Grace Brewster')
    await expect(later).toContainText('Morris <b>Minor</b>')
    await expect(later).toContainText('+447700900999')
    await expect(later).toContainText('I consent to being contacted')
    expect(await axeViolations(page)).toEqual([])
  })

  test('a visitor from an ad who reads another page first still sends the tracking parameters', async ({
    page,
  }, testInfo) => {
    await page.goto('/evidence?utm_source=bing&utm_campaign=autumn-pcp&msclkid=MS42')
    await waitForHydration(page)
    // Nothing is stored on the device: the parameters travel in the next page's address.
    await page.getByRole('banner').getByRole('link').first().click()
    await expect(page).toHaveURL(/\/\?utm_source=bing&utm_campaign=autumn-pcp&msclkid=MS42$/)
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([1, 0])
    await waitForHydration(page)
    const email = await completeJourney(page, testInfo, 'Lovelace', uniquePhone())
    await page.getByRole('button', { name: 'Submit My Details' }).click()
    await expect(page).toHaveURL(/\/thank-you$/)
    const [lead] = queryDatabase<Record<string, string | null>>(
      'select utm_source, utm_campaign, msclkid, landing_page from lead where email = ?',
      email,
    )
    expect(lead).toMatchObject({ utm_source: 'bing', utm_campaign: 'autumn-pcp', msclkid: 'MS42' })
    expect(lead?.landing_page).toMatch(/\/\?utm_source=bing&utm_campaign=autumn-pcp&msclkid=MS42$/)
  })

  test('a bot that fills the honeypot sees the thank-you page and nothing is stored', async ({
    page,
  }, testInfo) => {
    await page.goto('/')
    await waitForHydration(page)
    const email = await completeJourney(page, testInfo, 'Robot', '07700 900322')
    // People never see the field; a form-filling bot does.
    const honeypot = page.locator('input[name="website"]')
    await expect(honeypot).not.toBeInViewport()
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0)
    await honeypot.evaluate((el) => {
      ;(el as HTMLInputElement).value = 'https://spam.example'
    })
    await page.getByRole('button', { name: 'Submit My Details' }).click()
    await expect(page).toHaveURL(/\/thank-you$/)
    expect(queryDatabase('select id from lead where email = ?', email)).toEqual([])
  })
})
