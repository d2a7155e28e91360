import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { ADMIN_EMAIL, ADMIN_PASSWORD, axeViolations } from './admin-support.ts'
import { openE2eDatabase, queryDatabase, waitForHydration } from './support.ts'

const PASSWORD = 'correct horse battery staple'
const port = Number(process.env.E2E_PORT ?? 5099)
// WebAuthn refuses IP addresses: passkeys are used at http://localhost, the one plain-http name browsers allow.
const LOCAL = `http://localhost:${port}`

let admin: APIRequestContext

/** A fresh editor made through the Users API, so the e2e admin keeps signing in with a password alone. */
async function newEditor(label: string) {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.test`
  const created = await admin.post('/api/admin/users', {
    data: { email, password: PASSWORD, role: 'editor' },
  })
  expect(created.status()).toBe(201)
  return email
}

async function signInWithPassword(page: Page, email: string, base = '') {
  await page.goto(`${base}/api/login`)
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function signInAsAdmin(page: Page) {
  await page.goto('/api/login')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL('/admin')
  await waitForHydration(page)
}

async function signOut(page: Page, base = '') {
  await page.goto(`${base}/api/logout`)
  await expect(page).toHaveURL(base ? `${base}/` : '/')
}

const codeAt = (secret: string, offsetSteps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  })

function lastSignInMethod(email: string) {
  const [row] = queryDatabase<{ detail: string }>(
    `select a.detail from audit_log a join admin_user u on u.id = a.actor_id
     where u.email = ? and a.action = 'auth.sign_in' order by a.id desc limit 1`,
    email,
  )
  return row ? (JSON.parse(row.detail) as { method: string }).method : undefined
}

test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL })
  const login = await admin.post('/api/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
  expect(await login.json()).toHaveProperty('user')
})

test.afterAll(async () => {
  await admin.put('/api/admin/mfa-policy', { data: { mode: 'off' } })
  await admin.dispose()
})

test('enrols a passkey and signs in with it alone', async ({ page }) => {
  const email = await newEditor('passkey')
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  await signInWithPassword(page, email, LOCAL)
  await expect(page).toHaveURL(`${LOCAL}/admin`)
  await page.getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await waitForHydration(page)
  await page.getByLabel('Passkey name').fill('Virtual key')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  const list = page.getByRole('list', { name: 'Your passkeys' })
  await expect(list.getByText('Virtual key')).toBeVisible()
  await expect(list.getByText(/Last used never/)).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  await signOut(page, LOCAL)
  await page.goto(`${LOCAL}/api/login`)
  await waitForHydration(page)
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(`${LOCAL}/admin`)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  expect(lastSignInMethod(email)).toBe('passkey')

  // With a passkey, the password alone is not enough: the second step offers the passkey.
  await signOut(page, LOCAL)
  await signInWithPassword(page, email, LOCAL)
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page).toHaveURL(`${LOCAL}/admin`)
  expect(lastSignInMethod(email)).toBe('password+passkey')
})

test('enrols an authenticator app, signs in with codes, and uses a recovery code once', async ({ page }) => {
  const email = await newEditor('totp')
  await signInWithPassword(page, email)
  await expect(page).toHaveURL('/admin')
  await page.goto('/admin/account')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Set up authenticator app' }).click()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
  const confirmCode = codeAt(secret, 0)
  await page.getByLabel('Code from the app').fill(confirmCode)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible()

  // The first factor comes with ten recovery codes, shown once.
  const shown = page.getByRole('list', { name: 'Your new recovery codes' }).getByRole('listitem')
  await expect(shown).toHaveCount(10)
  const issued = await shown.allInnerTexts()
  await expect(page.getByTestId('recovery-remaining')).toHaveText('10 of 10 codes left.')
  expect(await axeViolations(page)).toEqual([])
  // Regenerating asks first, then replaces them all.
  await page.getByRole('button', { name: 'Regenerate recovery codes' }).click()
  await page.getByRole('button', { name: 'Replace codes' }).click()
  await expect.poll(() => shown.allInnerTexts()).not.toEqual(issued)
  const codes = await shown.allInnerTexts()
  expect(codes).toHaveLength(10)
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(shown).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('recovery-remaining')).toHaveText('10 of 10 codes left.')
  await expect(shown).toHaveCount(0)

  await signOut(page)
  await signInWithPassword(page, email)
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  const code = page.getByLabel('6-digit code')
  const verify = page.getByRole('button', { name: 'Verify code' })
  // The code that confirmed the app was used already.
  await code.fill(confirmCode)
  await verify.click()
  await expect(page.getByRole('alert')).toHaveText('That code is not valid. Please try again.')
  // Two steps old: outside the one step of drift.
  await code.fill(codeAt(secret, -2))
  await verify.click()
  await expect(page.getByRole('alert')).toHaveText('That code is not valid. Please try again.')
  await code.fill(codeAt(secret, 1))
  await verify.click()
  await expect(page).toHaveURL('/admin')
  expect(lastSignInMethod(email)).toBe('password+totp')

  const recovery = codes[0] as string
  for (const expected of ['signed in', 'refused'] as const) {
    await signOut(page)
    await signInWithPassword(page, email)
    await page.getByRole('link', { name: 'Use a recovery code' }).click()
    await page.getByLabel('Recovery code').fill(recovery)
    await page.getByRole('button', { name: 'Use recovery code' }).click()
    if (expected === 'signed in') {
      await expect(page).toHaveURL('/admin')
      expect(lastSignInMethod(email)).toBe('password+recovery')
    } else {
      await expect(page.getByRole('alert')).toHaveText('That code is not valid. Please try again.')
    }
  }
})

test('an admin turns the policy on in Users; a covered user with no factor is sent to enrol', async ({
  page,
  browser,
}) => {
  const email = await newEditor('policy')
  const adminPage = await (await browser.newContext()).newPage()
  await signInAsAdmin(adminPage)
  await adminPage.getByRole('tab', { name: 'Users', exact: true }).click()
  const card = adminPage.getByRole('region', { name: 'Second factor' })
  await expect(card.getByRole('radio', { name: 'Not required' })).toBeChecked()
  await card.getByRole('radio', { name: 'Required for some roles' }).check()
  await card.getByRole('checkbox', { name: 'Editors' }).check()
  await card.getByRole('button', { name: 'Save policy' }).click()
  await expect(adminPage.getByText('Second-factor policy saved').first()).toBeVisible()
  try {
    await signInWithPassword(page, email)
    await expect(page).toHaveURL('/admin/account?enrol=1')
    await expect(page.getByText('Your organisation requires a second factor for your account')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    const refused = await page.request.get('/api/admin/pages')
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toMatchObject({ enrol: true })
    await page.goto('/admin')
    await expect(page).toHaveURL('/admin/account?enrol=1')
    // The admin role is not covered: the admin carries on.
    expect((await admin.get('/api/admin/pages')).status()).toBe(200)
  } finally {
    await admin.put('/api/admin/mfa-policy', { data: { mode: 'off' } })
    await adminPage.context().close()
  }
  await page.goto('/admin')
  await expect(page).toHaveURL('/admin')
})

test("an admin resets a user's second factors in Users", async ({ page, browser, baseURL }) => {
  const email = await newEditor('reset')
  const user = await request.newContext({ baseURL })
  try {
    await user.post('/api/login', { data: { email, password: PASSWORD } })
    const { secret } = (await (await user.post('/api/admin/account/totp', { data: {} })).json()) as {
      secret: string
    }
    expect(
      (await user.post('/api/admin/account/totp/confirm', { data: { code: codeAt(secret, 0) } })).status(),
    ).toBe(200)
    const adminPage = await (await browser.newContext()).newPage()
    await signInAsAdmin(adminPage)
    await adminPage.getByRole('tab', { name: 'Users', exact: true }).click()
    await adminPage.getByRole('button', { name: `Reset second factors of ${email}` }).click()
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Reset second factors' }).click()
    await expect(adminPage.getByText(`${email}'s second factors were removed`).first()).toBeVisible()
    await adminPage.context().close()
    // Signed out everywhere, and the password alone signs in again.
    expect((await user.get('/api/auth/user')).status()).toBe(401)
    await signInWithPassword(page, email)
    await expect(page).toHaveURL('/admin')
  } finally {
    await user.dispose()
  }
})

/** Moves the sign-in of every session of this account 20 minutes back (the server reads it each request). */
function ageSessions(email: string) {
  const db = openE2eDatabase()
  try {
    const then = new Date(Date.now() - 20 * 60_000).toISOString()
    db.prepare(
      `update session set sess = json_set(sess, '$.createdAt', ?, '$.verifiedAt', ?)
       where admin_id = (select id from admin_user where email = ?)`,
    ).run(then, then, email)
  } finally {
    db.close()
  }
}

test('asks for the password again on an old sign-in, then makes the change', async ({ page }) => {
  const email = await newEditor('reauth')
  await signInWithPassword(page, email)
  await expect(page).toHaveURL('/admin')
  await page.goto('/admin/account')
  await waitForHydration(page)
  await expect(page.getByTestId('recovery-remaining')).toHaveText('No recovery codes yet.')
  ageSessions(email)

  await page.getByRole('button', { name: 'Generate recovery codes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
  await expect(dialog).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByLabel('Password or code').fill('not my password')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog.getByText('That password or code is not right')).toBeVisible()
  await dialog.getByLabel('Password or code').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog).toBeHidden()
  // The change ran again once confirmed: the codes are shown, and stored.
  await expect(page.getByRole('list', { name: 'Your new recovery codes' }).getByRole('listitem')).toHaveCount(
    10,
  )
  await expect(page.getByTestId('recovery-remaining')).toHaveText('10 of 10 codes left.')
})
