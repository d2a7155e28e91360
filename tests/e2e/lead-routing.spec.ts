import type { Page, TestInfo } from '@playwright/test'
import { axeViolations } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { answerEligible, uniqueEmail, uniquePhone } from './journey.ts'
import { waitForHydration } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function answerAndFill(page: Page, testInfo: TestInfo, lastName: string) {
  await answerEligible(page)
  await page.getByLabel('First Name').fill('Ada')
  await page.getByLabel('Last Name').fill(lastName)
  await page.getByLabel('Email Address').fill(uniqueEmail(testInfo))
  await page.getByLabel('Phone Number').fill(uniquePhone())
}

test.describe('selling a lead to the buyers the visitor consented to', () => {
  const created: number[] = []
  // A hook, not a finally: it still runs, with the page alive, when the journey times out.
  test.afterEach(async ({ adminPage }) => {
    // Other specs read the default wording: the buyers go (their contracts with them).
    for (const id of created.splice(0))
      await adminPage.request.put(`/api/admin/buyers/${id}`, {
        data: { isActive: false, namedInConsent: false },
      })
  })

  test('the consent names the buyers; the lead detail shows each contract judged and the offer', async ({
    adminPage: page,
  }, testInfo) => {
    // Two browsers, an admin and a visitor, and axe on both: longer than most journeys on 2 cores.
    test.setTimeout(90_000)
    const firm = `Acme Claims ${unique()}`
    const api = page.request
    const buyer = await api.post('/api/admin/buyers', {
      data: {
        name: firm,
        fcaNumber: '123456',
        email: 'ops@acme.example',
        namedInConsent: true,
        consentOrder: 1,
      },
    })
    expect(buyer.status()).toBe(201)
    const buyerId = ((await buyer.json()) as { id: number }).id
    created.push(buyerId)
    const hiddenName = `Not Named ${unique()}`
    const hidden = await api.post('/api/admin/buyers', {
      data: { name: hiddenName, fcaNumber: '654321', email: 'ops@other.example' },
    })
    const hiddenId = ((await hidden.json()) as { id: number }).id
    created.push(hiddenId)
    // A TEST-NET address: the offer is made and waits for an answer that never comes.
    for (const [id, name] of [
      [buyerId, 'Day leads'],
      [hiddenId, 'Any lead'],
    ] as const) {
      const contract = await api.post(`/api/admin/buyers/${id}/contracts`, {
        data: {
          name,
          pricePence: 2500,
          webhookUrl: 'https://203.0.113.10/leads',
          secret: 'whsec_e2e_0123456789',
        },
      })
      expect(contract.status()).toBe(201)
    }

    const visitor = await page
      .context()
      .browser()
      ?.newPage({ viewport: { width: 360, height: 800 } })
    if (!visitor) throw new Error('no browser')
    await visitor.goto(page.url().replace(/\/admin.*$/, '/'))
    await waitForHydration(visitor)
    const lastName = `Routed${unique().replace(/\d/g, '')}`
    await answerAndFill(visitor, testInfo, lastName)
    const consent = visitor.getByRole('checkbox', { name: /I consent to being contacted/ })
    // Every buyer named in consent, in the operator's order (other specs may have named some too).
    await expect(visitor.getByText(/^Your details will be passed to /)).toContainText(firm)
    await expect(visitor.getByText(/Not Named/)).toHaveCount(0)
    await consent.check()
    await visitor.getByRole('button', { name: 'Submit My Details' }).click()
    await expect(visitor).toHaveURL(/\/thank-you$/)
    await visitor.close()

    await page.goto('/admin?tab=leads')
    await waitForHydration(page)
    await page.getByRole('button', { name: `Ada ${lastName}` }).click()
    const dialog = page.getByRole('dialog', { name: `Ada ${lastName}` })
    await expect(dialog.getByRole('region', { name: 'Consent evidence' })).toContainText(firm)
    const sale = dialog.getByRole('region', { name: 'Sale to buyers' })
    await expect(sale).toContainText('Being offered')
    await expect(sale.getByRole('list', { name: 'Offers in round 1' })).toContainText(`${firm}, Day leads`)
    await expect(sale.getByRole('list', { name: 'Offers in round 1' })).toContainText('Offered now')
    // Other specs may leave active buyers too: find ours among those left out.
    await sale.getByText(/^\d+ left out$/).click()
    await expect(sale.locator('details li').filter({ hasText: hiddenName })).toContainText(
      'was not named in the consent this visitor gave',
    )
    await expect(sale.getByRole('button', { name: 'Route again' })).toBeDisabled()
    expect(await axeViolations(page)).toEqual([])
  })
})
