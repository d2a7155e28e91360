import { axeViolations, tab } from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { answerEligible, uniqueEmail, uniquePhone } from './journey.ts'
import { queryDatabase, waitForHydration } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test.describe('the consent a visitor saw is the consent a lead keeps', () => {
  const ids: number[] = []
  // A hook, not a finally: it still runs, with the page alive, when the journey times out.
  test.afterEach(async ({ adminPage }) => {
    const api = adminPage.request
    await api.post('/api/admin/settings', { data: { key: 'consent_version_max_age_hours', value: null } })
    for (const id of ids.splice(0))
      await api.put(`/api/admin/buyers/${id}`, { data: { isActive: false, namedInConsent: false } })
  })

  test('wording changed while the form was open: the visitor sees the new firms, keeps what was typed, and agrees again', async ({
    adminPage: page,
  }, testInfo) => {
    // Two browsers, an admin and a visitor, and axe on both: longer than most journeys on 2 cores.
    test.setTimeout(90_000)
    const api = page.request
    const first = `Early Claims ${unique()}`
    const later = `Later Legal ${unique()}`
    const addBuyer = async (name: string, fcaNumber: string) => {
      const response = await api.post('/api/admin/buyers', {
        data: { name, fcaNumber, email: 'ops@firm.example', namedInConsent: true, consentOrder: 0 },
      })
      expect(response.status()).toBe(201)
      const id = ((await response.json()) as { id: number }).id
      ids.push(id)
      return id
    }
    const firstId = await addBuyer(first, '611111')
    const browser = page.context().browser()
    if (!browser) throw new Error('no browser')
    const visiting = await browser.newContext({ viewport: { width: 360, height: 800 } })
    const visitor = await visiting.newPage()
    await visitor.goto(page.url().replace(/\/admin.*$/, '/'))
    await waitForHydration(visitor)
    await answerEligible(visitor)
    const email = uniqueEmail(testInfo)
    await visitor.getByLabel('First Name').fill('Ada')
    await visitor.getByLabel('Last Name').fill('Versioned')
    await visitor.getByLabel('Email Address').fill(email)
    await visitor.getByLabel('Phone Number').fill(uniquePhone())
    await expect(visitor.getByText(/^Your details will be passed to /)).toContainText(first)

    // Meanwhile the operator names another firm, and accepts no form showing replaced wording.
    expect(
      (
        await api.post('/api/admin/settings', {
          data: { key: 'consent_version_max_age_hours', value: '0' },
        })
      ).status(),
    ).toBeLessThan(300)
    await addBuyer(later, '622222')

    const consent = visitor.getByRole('checkbox', { name: /I consent to being contacted/ })
    await consent.check()
    await visitor.getByRole('button', { name: 'Submit My Details' }).click()
    await expect(
      visitor.getByText(/The consent wording has changed since this page was loaded/),
    ).toBeVisible()
    await expect(visitor.getByText(/^Your details will be passed to /)).toContainText(later)
    await expect(consent).not.toBeChecked()
    await expect(consent).toBeFocused()
    await expect(visitor.getByLabel('First Name')).toHaveValue('Ada')
    await expect(visitor.getByLabel('Email Address')).toHaveValue(email)
    expect(queryDatabase('select id from lead where email = ?', email)).toHaveLength(0)
    expect(await axeViolations(visitor)).toEqual([])

    await consent.check()
    await visitor.getByRole('button', { name: 'Submit My Details' }).click()
    await expect(visitor).toHaveURL(/\/thank-you$/)
    await visiting.close()
    const [stored] = queryDatabase<{ consent_text: string; consent_certificate: string }>(
      'select consent_text, consent_certificate from lead where email = ?',
      email,
    )
    expect(stored?.consent_text).toContain(later)
    expect(stored?.consent_certificate.split('.')).toHaveLength(3)

    // Renaming a named firm: the dialog says what it means for leads before anything is saved.
    await page.goto('/admin')
    await waitForHydration(page)
    await tab(page, 'Buyers').click()
    await page.getByRole('button', { name: `Edit ${first}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Buyer' })
    await expect(dialog.getByRole('status')).toHaveCount(0)
    await dialog.getByLabel('FCA firm reference number').fill('699999')
    await expect(dialog.getByRole('status')).toContainText(`Visitors who consented to ${first} (FCA 611111)`)
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(firstId).toBeGreaterThan(0)
  })
})
