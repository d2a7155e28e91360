import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  axeViolations,
  count,
  emailField,
  inviteLinkFor,
  passwordField,
  signIn,
  signInButton,
  tab,
} from './admin-support.ts'
import { expect, test } from './fixtures.ts'
import { openE2eDatabase, queryDatabase, waitForHydration } from './support.ts'

const BUYER_EMAIL = `buyer-${randomUUID().slice(0, 8)}@example.com`
const BUYER_PASSWORD = 'a buyer passphrase 2026'

/**
 * A buyer with a contract and one lead it accepted a day ago, written as routing writes them
 * (routing itself is tested elsewhere): returns its id and the lead's reference.
 */
function seedSale(existingLead?: { id: number; reference: string }) {
  const db = openE2eDatabase()
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    const tag = randomUUID().slice(0, 8)
    const buyer = db
      .prepare(
        `insert into buyer (name, fca_number, email, named_in_consent) values (?, '123456', 'ops@acme.test', 0) returning id`,
      )
      // Not named on the consent form: later specs read the default wording.
      .get(`Acme Claims ${tag}`) as { id: number }
    const endpoint = db
      .prepare(
        `insert into webhook (kind, name, url, secret) values ('contract', 'Acme endpoint', 'https://203.0.113.9/acme', 'acme-secret') returning id`,
      )
      .get() as { id: number }
    const contract = db
      .prepare(
        `insert into contract (buyer_id, webhook_id, name, price_pence, filters, caps) values (?, ?, 'Acme mobile', 3500, '{}', '{}') returning id`,
      )
      .get(buyer.id, endpoint.id) as { id: number }
    const reference = existingLead?.reference ?? randomUUID()
    const lead =
      existingLead ??
      (db
        .prepare(
          `insert into lead (first_name, last_name, email, phone, phone_type, reference, has_consent, consent_text)
         values ('Ada', 'Lovelace', ?, '07700 900456', 'mobile', ?, 1, 'I agree to be contacted by Acme Claims') returning id`,
        )
        .get(`ada-${tag}@example.com`, reference) as { id: number })
    const acceptedAt = new Date(Date.now() - 86_400_000).toISOString()
    const sale = db
      .prepare(
        `insert into sale (lead_id, contract_id, buyer_id, status, exclusive_lead_id, exclusive, price_pence, created_at, accepted_at)
         values (?, ?, ?, 'accepted', ?, 1, 3500, ?, ?) returning id`,
      )
      .get(lead.id, contract.id, buyer.id, lead.id, acceptedAt, acceptedAt) as { id: number }
    db.prepare(
      `insert into ledger_entry (kind, buyer_id, contract_id, sale_id, lead_id, amount_pence, created_at)
       values ('sale', ?, ?, ?, ?, 3500, ?)`,
    ).run(buyer.id, contract.id, sale.id, lead.id, acceptedAt)
    return { buyerId: buyer.id, saleId: sale.id, reference }
  } finally {
    db.close()
  }
}

async function signOut(page: Page) {
  await page.goto('/api/logout')
  await expect(page).toHaveURL('/')
}

async function acceptInvite(page: Page, link: string) {
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible()
  await expect(page.getByText('buyer portal', { exact: false }).first()).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await page.getByLabel('Password', { exact: true }).fill(BUYER_PASSWORD)
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page).toHaveURL('/api/login?invited=1&portal=buyer')
  await expect(page.getByRole('status')).toHaveText('Your password is set. Please sign in.')
  expect(await axeViolations(page)).toEqual([])
  // The link works once.
  await page.goto(link)
  await page.getByLabel('New password').fill('another buyer passphrase 2026')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('alert')).toContainText('invalid or has expired')
}

async function signInAsBuyer(page: Page, email = BUYER_EMAIL) {
  await page.goto('/api/login?portal=buyer')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the buyer portal' })).toBeVisible()
  await waitForHydration(page)
  await emailField(page).fill(email)
  await passwordField(page).fill(BUYER_PASSWORD)
  await signInButton(page).click()
  await expect(page).toHaveURL('/buyer')
  await expect(page.getByRole('heading', { level: 1, name: 'Your leads' })).toBeVisible()
  await waitForHydration(page)
}

test('a buyer signs in, returns a lead, and sees the operator approve it', async ({ adminPage: page }) => {
  const { buyerId, saleId, reference } = seedSale()

  // The operator gives the buyer an API key and a sign-in account.
  await page.goto(`/admin/buyers/${buyerId}/access`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer access' })).toBeVisible()
  await page.getByLabel('Key name').fill('Acme CRM')
  await page.getByRole('button', { name: 'Create key' }).click()
  await expect(page.getByTestId('new-api-key')).toHaveText(/^ccb_[A-Za-z0-9_-]{32}$/)
  const key = (await page.getByTestId('new-api-key').textContent()) as string
  await expect(page.getByRole('cell', { name: `${key.slice(0, 12)}…` })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // The operator types no password: the buyer is invited by email and chooses their own.
  await page.getByRole('button', { name: 'Add account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a sign-in account' })
  await dialog.getByLabel('Email').fill(BUYER_EMAIL)
  await dialog.getByLabel('First name').fill('Bea')
  await expect(dialog.getByLabel('Password')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  const accountRow = page.getByRole('row').filter({ hasText: BUYER_EMAIL })
  await expect(accountRow.getByText('Invited')).toBeVisible()
  await expect(accountRow.getByRole('button', { name: /^Resend invitation/ })).toBeVisible()
  const invite = await inviteLinkFor(BUYER_EMAIL)

  // The key works against the buyer API.
  const viaKey = await page.request.get('/api/buyer/leads', { headers: { authorization: `Bearer ${key}` } })
  expect(viaKey.status()).toBe(200)
  expect((await viaKey.json()).items[0].reference).toBe(reference)

  // The buyer opens the invitation, chooses a password, and signs in to the buyer portal.
  await signOut(page)
  await acceptInvite(page, invite)
  await signInAsBuyer(page)
  const row = page.getByRole('row').filter({ hasText: 'Ada Lovelace' })
  await expect(row).toContainText(reference)
  await expect(page.getByRole('tab')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/buyer/leads.csv',
  )
  expect(await axeViolations(page)).toEqual([])

  // "Other" needs a note; then the return is recorded, pending.
  await row.getByRole('button', { name: /^Return/ }).click()
  const returnDialog = page.getByRole('dialog', { name: /^Return lead/ })
  await returnDialog.getByLabel('Reason').selectOption('other')
  await returnDialog.getByRole('button', { name: 'Return lead' }).click()
  await expect(returnDialog.getByText('Say why in note when the reason is other')).toBeVisible()
  await returnDialog.getByLabel('Reason').selectOption('wrong_number')
  await returnDialog.getByRole('button', { name: 'Return lead' }).click()
  await expect(row.getByText('Return pending')).toBeVisible()
  await expect(row.getByText('Wrong number')).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // /admin is not for buyers.
  await page.goto('/admin')
  await expect(page).toHaveURL('/buyer')

  // The operator approves it in Returns.
  await signOut(page)
  await signIn(page)
  await tab(page, 'Returns').click()
  const pending = page.getByRole('row').filter({ hasText: reference })
  await expect(pending).toContainText('Wrong number')
  await expect(pending.getByRole('link', { name: reference })).toHaveAttribute(
    'href',
    /\/admin\?tab=leads&lead=\d+/,
  )
  expect(await axeViolations(page)).toEqual([])
  await pending.getByRole('button', { name: /^Approve/ }).click()
  const decision = page.getByRole('dialog', { name: 'Approve this return?' })
  await decision.getByLabel('Note to the buyer').fill('Number unobtainable: refunded')
  await decision.getByRole('button', { name: 'Approve return' }).click()
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0)
  await page.getByLabel('Status').selectOption('approved')
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Approved')
  expect(count(`select count(*) as n from ledger_entry where sale_id = ${saleId} and kind = 'return'`)).toBe(
    1,
  )

  // The buyer sees the outcome.
  await signOut(page)
  await signInAsBuyer(page)
  const outcome = page.getByRole('row').filter({ hasText: reference })
  await expect(outcome.getByText('Return approved', { exact: true })).toBeVisible()
  await expect(outcome).toContainText('Number unobtainable: refunded')
  // Given back: the person is no longer shown, and the buyer is told to delete their data.
  await expect(outcome).toContainText('Returned')
  await expect(outcome).toContainText('delete this person’s personal data')
  await expect(outcome).not.toContainText('Ada Lovelace')
  await expect(outcome).not.toContainText('07700 900456')
})

/** A lead posted through the public API, so it carries the site's signed consent certificate. */
async function postSignedLead(page: Page) {
  const tag = randomUUID().slice(0, 8)
  const response = await page.request.post('/api/leads', {
    data: {
      firstName: 'Grace',
      lastName: `Hopper${tag}`,
      email: `grace-${tag}@example.com`,
      phone: '07700 900789',
      carDetails: 'Ford Fiesta 2016',
      hasConsent: true,
    },
  })
  expect(response.status()).toBe(201)
  const { reference } = (await response.json()) as { reference: string }
  const [lead] = queryDatabase<{ id: number; consent_certificate: string | null }>(
    'select id, consent_certificate from lead where reference = ?',
    reference,
  )
  expect(lead?.consent_certificate).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  return { id: lead?.id as number, reference, lastName: `Hopper${tag}` }
}

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

  test('an invited buyer sets a password, works the leads as cards, opens one and verifies it', async ({
    page,
  }) => {
    const posted = await postSignedLead(page)
    const { buyerId } = seedSale(posted)
    const email = `phone-${randomUUID().slice(0, 8)}@example.com`
    const login = await page.request.post('/api/login', {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    })
    expect(login.status()).toBe(200)
    const account = await page.request.post(`/api/admin/buyers/${buyerId}/accounts`, { data: { email } })
    expect(account.status()).toBe(201)
    await page.request.get('/api/logout')

    // /buyer's sign-in names the buyer portal, not the admin.
    await page.goto('/buyer')
    await expect(page).toHaveURL('/api/login?portal=buyer')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the buyer portal' })).toBeVisible()
    await expect(page.getByText('Sign in to manage the site')).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])

    await acceptInvite(page, await inviteLinkFor(email))
    await signInAsBuyer(page, email)

    // The lead is a card; its Return button is on screen without scrolling sideways.
    const card = page.getByTestId('lead-card').filter({ hasText: posted.lastName })
    await expect(card).toBeVisible()
    await expect(page.getByRole('table')).toBeHidden()
    const returnButton = card.getByRole('button', { name: /^Return/ })
    await expect(returnButton).toBeInViewport()
    const box = await returnButton.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await axeViolations(page)).toEqual([])

    // The lead opens to its detail: contact, consent and its certificate, which verifies.
    await card.getByRole('link', { name: new RegExp(`Grace ${posted.lastName}`) }).click()
    await expect(page).toHaveURL(`/buyer/leads/${posted.reference}`)
    await expect(page.getByRole('heading', { level: 1, name: `Grace ${posted.lastName}` })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Consent certificate' })).toBeVisible()
    await waitForHydration(page)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Verify certificate' }).click()
    const verdict = page.getByTestId('certificate-verdict')
    await expect(verdict).toContainText('Valid: signed by this site and unaltered')
    await expect(verdict).toContainText('Not revoked: the consent still stands.')
    await expect(verdict).toContainText('Your firm (FCA 123456) is not named in the consent.')
    expect(await axeViolations(page)).toEqual([])
    const detailOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(detailOverflow).toBeLessThanOrEqual(0)

    // Returned from the detail page; the status shows there and on the card.
    await page.getByRole('button', { name: /^Return/ }).click()
    const returnDialog = page.getByRole('dialog', { name: /^Return lead/ })
    await returnDialog.getByLabel('Reason').selectOption('wrong_number')
    await returnDialog.getByRole('button', { name: 'Return lead' }).click()
    await expect(page.getByText('Return pending')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'All leads' }).click()
    await expect(card.getByText('Return pending')).toBeVisible()
  })
})
