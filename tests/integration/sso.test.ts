import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SSO_REQUIRED } from '../../core/schemas/auth.ts'
import { createAdmin, savePolicy } from '../../server/identity/index.ts'
import { DEFAULT_MFA_AMR, type SsoConfig } from '../../server/platform/index.ts'
import { createSignedInAdmin, DEFAULT_PASSWORD, sessionCookie, signIn } from '../support/admin-client.ts'
import { cookiesOf, enrolTotp, STEP_COOKIE, totpCode } from '../support/factors.ts'
import { visibleText } from '../support/html.ts'
import { SSO_TEST_CLIENT, startOidcProvider, type TestProvider } from '../support/oidc-provider.ts'
import { CookieJar, ssoCallbackUrl } from '../support/sso-flow.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

let app: TestApp
let provider: TestProvider
let base: SsoConfig

const corp = (label: string) => `${label}-${randomBytes(4).toString('hex')}@${SSO_TEST_CLIENT.allowedDomain}`

beforeAll(async () => {
  app = await startTestApp()
  provider = await startOidcProvider({ redirectUris: [`${app.baseUrl}/api/auth/sso/callback`] })
  // The app's port is known only once it listens: its links (and so the redirect URI) follow it.
  app.services.config.linkOrigin = app.baseUrl
  base = {
    issuer: provider.issuer,
    clientId: SSO_TEST_CLIENT.clientId,
    clientSecret: SSO_TEST_CLIENT.clientSecret,
    providerName: SSO_TEST_CLIENT.providerName,
    allowedDomains: [SSO_TEST_CLIENT.allowedDomain],
    newUsers: 'existing-only',
    defaultRole: 'editor',
    passwordSignIn: true,
    allowHttp: true,
    mfaAmr: DEFAULT_MFA_AMR,
  }
}, 60_000)

afterAll(async () => {
  await app?.close()
  await provider?.close()
})

beforeEach(() => {
  app.services.config.sso = { ...base }
})

const db = () => app.database.db

async function lastFailure() {
  const row = await db()
    .selectFrom('auditLog')
    .selectAll()
    .where('action', '=', 'auth.sign_in_failed')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return row
}

/** Calls the callback and checks it refused with `reason`: back to the sign-in page, no session, audited. */
async function expectRefused(response: Response, reason: string) {
  expect(response.status).toBe(303)
  expect(response.headers.get('location')).toBe(`/api/login?error=${reason}`)
  expect(sessionCookie(response) ?? '').not.toMatch(/^sid=.+/)
  expect((await lastFailure()).detail).toEqual({ method: 'sso', reason })
  const page = await app.request(response.headers.get('location') as string)
  expect(await page.text()).toContain(
    {
      'sso-state': 'This sign-in attempt has expired or was already used',
      'sso-failed': 'Single sign-on did not succeed',
      'sso-domain': 'Accounts from this e-mail domain cannot sign in here',
      'sso-unverified': 'has not verified this e-mail address',
      'sso-no-account': 'There is no account for this e-mail address',
      'sso-inactive': 'This account has been deactivated',
      'sso-already-linked': 'This account is already linked to another sign-in at your identity provider',
    }[reason],
  )
}

async function signedInAs(response: Response) {
  expect(response.status, await response.clone().text()).toBe(303)
  const sid = sessionCookie(response)
  expect(sid).toMatch(/^sid=.+/)
  const me = await app.request('/api/auth/user', { headers: { cookie: sid as string } })
  expect(me.status).toBe(200)
  return { sid: sid as string, me: (await me.json()) as { id: number; email: string; role: string } }
}

describe(`single sign-on on ${testDialect}`, () => {
  it('signs an existing user in by verified e-mail, links the identity, then finds it by the link', async () => {
    const email = corp('existing')
    const admin = await createAdmin(db(), { email, password: DEFAULT_PASSWORD, role: 'editor' })
    const jar = new CookieJar()
    const callback = await ssoCallbackUrl(app.baseUrl, jar, email)
    const url = new URL(callback)
    expect(url.searchParams.get('state')).toBeTruthy()
    expect(url.searchParams.get('code')).toBeTruthy()
    const response = await jar.fetch(callback)
    expect(response.headers.get('location')).toBe('/admin')
    const { me } = await signedInAs(response)
    expect(me.id).toBe(admin.id)

    const links = await db().selectFrom('ssoIdentity').selectAll().where('adminId', '=', admin.id).execute()
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ issuer: provider.issuer, subject: email, email })
    const audits = await db()
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('actorId', '=', admin.id)
      .orderBy('id')
      .execute()
    expect(audits.map((a) => a.action)).toEqual(['auth.sso_linked', 'auth.sign_in'])
    expect(audits[1]?.detail).toMatchObject({ method: 'sso' })

    // Second time: the link, not the address, finds the user; nothing new is linked.
    const again = new CookieJar()
    const second = await again.fetch(await ssoCallbackUrl(app.baseUrl, again, email))
    expect((await signedInAs(second)).me.id).toBe(admin.id)
    expect(
      await db().selectFrom('ssoIdentity').selectAll().where('adminId', '=', admin.id).execute(),
    ).toHaveLength(1)
  })

  it("asks for the account's own second factor after the provider, unless the provider asked for one", async () => {
    const owner = await createSignedInAdmin(app, { role: 'admin', email: corp('owner') })
    const secret = await enrolTotp(owner)
    await savePolicy(db(), { mode: 'all' }, owner.id)
    try {
      // The provider signed the owner in with a password only: no session yet, the second step instead.
      const jar = new CookieJar()
      const callback = await jar.fetch(await ssoCallbackUrl(app.baseUrl, jar, owner.email))
      expect(callback.status).toBe(303)
      expect(callback.headers.get('location')).toBe('/api/login?step=second')
      expect(sessionCookie(callback) ?? '').not.toMatch(/^sid=.+/)
      const step = cookiesOf(callback, STEP_COOKIE)
      expect(step).toMatch(new RegExp(`^${STEP_COOKIE}=`))
      const page = await app.request('/api/login?step=second', { headers: { cookie: step } })
      expect(visibleText(await page.text())).toContain('Authenticator app')
      expect(
        (await app.postJson('/api/login/totp', { code: '000000' }, { headers: { cookie: step } })).status,
      ).toBe(401)
      const done = await app.postJson(
        '/api/login/totp',
        { code: totpCode(secret, 1) },
        { headers: { cookie: step } },
      )
      expect(done.status).toBe(200)
      const sid = sessionCookie(done) as string
      expect((await app.request('/api/admin/sso', { headers: { cookie: sid } })).status).toBe(200)
      const signIns = await db()
        .selectFrom('auditLog')
        .select('detail')
        .where('action', '=', 'auth.sign_in')
        .where('actorId', '=', owner.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(signIns.detail).toMatchObject({ method: 'sso+totp' })

      // A provider that says it used a password alone (pwd) is not enough either.
      provider.amr.set(owner.email, ['pwd'])
      const pwd = new CookieJar()
      const pwdOnly = await pwd.fetch(await ssoCallbackUrl(app.baseUrl, pwd, owner.email))
      expect(pwdOnly.headers.get('location')).toBe('/api/login?step=second')
      expect(sessionCookie(pwdOnly) ?? '').not.toMatch(/^sid=.+/)

      // The provider's ID token says it asked for a second factor (amr otp): signed in at once.
      provider.amr.set(owner.email, ['pwd', 'otp'])
      const withOtp = new CookieJar()
      const signed = await signedInAs(
        await withOtp.fetch(await ssoCallbackUrl(app.baseUrl, withOtp, owner.email)),
      )
      expect(signed.me.id).toBe(owner.id)

      // Unless the configuration trusts no provider's factor.
      app.services.config.sso = { ...base, mfaAmr: [] }
      const none = new CookieJar()
      const untrusted = await none.fetch(await ssoCallbackUrl(app.baseUrl, none, owner.email))
      expect(untrusted.headers.get('location')).toBe('/api/login?step=second')
    } finally {
      provider.amr.delete(owner.email)
      await savePolicy(db(), { mode: 'off' }, owner.id)
    }
  })

  it('links an account to one provider subject: another subject with the same address is refused', async () => {
    const email = corp('owner')
    const owner = await createAdmin(db(), { email, password: DEFAULT_PASSWORD, role: 'admin' })
    const jar = new CookieJar()
    expect((await signedInAs(await jar.fetch(await ssoCallbackUrl(app.baseUrl, jar, email)))).me.id).toBe(
      owner.id,
    )
    // The same address in capitals is another account at the provider (another subject).
    const other = new CookieJar()
    await expectRefused(
      await other.fetch(await ssoCallbackUrl(app.baseUrl, other, email.toUpperCase())),
      'sso-already-linked',
    )
    expect((await lastFailure()).actorId).toBe(owner.id)
    const links = await db().selectFrom('ssoIdentity').selectAll().where('adminId', '=', owner.id).execute()
    expect(links.map((l) => l.subject)).toEqual([email])
    // The database holds the rule too: a second link for the account cannot be written.
    await expect(
      db()
        .insertInto('ssoIdentity')
        .values({ issuer: provider.issuer, subject: email.toUpperCase(), adminId: owner.id, email })
        .execute(),
    ).rejects.toThrow()
    // The linked subject still signs in.
    const again = new CookieJar()
    expect((await signedInAs(await again.fetch(await ssoCallbackUrl(app.baseUrl, again, email)))).me.id).toBe(
      owner.id,
    )
  })

  it('sends the start through PKCE S256 with a fresh state and nonce, bound to a short-lived cookie', async () => {
    const start = await app.request('/api/auth/sso/start')
    expect(start.status).toBe(303)
    const to = new URL(start.headers.get('location') as string)
    expect(to.origin).toBe(provider.issuer)
    expect(to.searchParams.get('code_challenge_method')).toBe('S256')
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/)
    expect(to.searchParams.get('redirect_uri')).toBe(`${app.baseUrl}/api/auth/sso/callback`)
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('sso_attempt='))
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Max-Age=600/)
    const other = await app.request('/api/auth/sso/start')
    expect(new URL(other.headers.get('location') as string).searchParams.get('state')).not.toBe(
      to.searchParams.get('state'),
    )
  })

  it('refuses a wrong state', async () => {
    const email = corp('state')
    await createAdmin(db(), { email, password: DEFAULT_PASSWORD, role: 'editor' })
    const jar = new CookieJar()
    const callback = new URL(await ssoCallbackUrl(app.baseUrl, jar, email))
    callback.searchParams.set('state', 'not-the-state-we-sent')
    await expectRefused(await jar.fetch(callback.href), 'sso-state')
  })

  it('refuses a callback from another browser (without the attempt cookie)', async () => {
    const email = corp('browser')
    await createAdmin(db(), { email, password: DEFAULT_PASSWORD, role: 'editor' })
    const callback = await ssoCallbackUrl(app.baseUrl, new CookieJar(), email)
    await expectRefused(await app.request(callback.replace(app.baseUrl, '')), 'sso-state')
  })

  it('refuses a replayed callback: our state is used once, and the provider refuses the code again', async () => {
    const email = corp('replay')
    await createAdmin(db(), { email, password: DEFAULT_PASSWORD, role: 'editor' })
    const jar = new CookieJar()
    const callback = await ssoCallbackUrl(app.baseUrl, jar, email)
    const attempt = await db()
      .selectFrom('ssoAttempt')
      .selectAll()
      .orderBy('expiresAt', 'desc')
      .executeTakeFirstOrThrow()
    const cookie = jar.header()
    await signedInAs(await jar.fetch(callback))

    // The same address again, even with the attempt cookie: our state is gone.
    await expectRefused(
      await app.request(callback.replace(app.baseUrl, ''), { headers: { cookie } }),
      'sso-state',
    )

    // Were the state still there, the provider itself refuses a code it has already exchanged.
    await db().insertInto('ssoAttempt').values(attempt).execute()
    await expectRefused(
      await app.request(callback.replace(app.baseUrl, ''), { headers: { cookie } }),
      'sso-failed',
    )
  })

  it('refuses an address in a foreign domain', async () => {
    const email = `someone-${randomBytes(3).toString('hex')}@${SSO_TEST_CLIENT.foreignDomain}`
    await createAdmin(db(), { email, password: DEFAULT_PASSWORD, role: 'admin' })
    const jar = new CookieJar()
    await expectRefused(await jar.fetch(await ssoCallbackUrl(app.baseUrl, jar, email)), 'sso-domain')
  })

  it('refuses an unverified address', async () => {
    const email = `unverified-${randomBytes(3).toString('hex')}@${SSO_TEST_CLIENT.allowedDomain}`
    await createAdmin(db(), { email, password: DEFAULT_PASSWORD, role: 'admin' })
    const jar = new CookieJar()
    await expectRefused(await jar.fetch(await ssoCallbackUrl(app.baseUrl, jar, email)), 'sso-unverified')
  })

  it('refuses an unknown address when only existing users may sign in, and a deactivated user', async () => {
    const jar = new CookieJar()
    await expectRefused(
      await jar.fetch(await ssoCallbackUrl(app.baseUrl, jar, corp('nobody'))),
      'sso-no-account',
    )

    const email = corp('gone')
    const admin = await createAdmin(db(), { email, password: DEFAULT_PASSWORD, role: 'editor' })
    await db().updateTable('adminUser').set({ isActive: false }).where('id', '=', admin.id).execute()
    const other = new CookieJar()
    await expectRefused(await other.fetch(await ssoCallbackUrl(app.baseUrl, other, email)), 'sso-inactive')
    expect((await lastFailure()).actorId).toBe(admin.id)
  })

  it('creates a user with the default role when configured', async () => {
    app.services.config.sso = { ...base, newUsers: 'create', defaultRole: 'editor' }
    const email = corp('new')
    const jar = new CookieJar()
    const { me } = await signedInAs(await jar.fetch(await ssoCallbackUrl(app.baseUrl, jar, email)))
    expect(me).toMatchObject({ email, role: 'editor' })
    const created = await db()
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'user.create')
      .where('actorId', '=', me.id)
      .execute()
    expect(created).toHaveLength(1)
  })

  it('turns password sign-in off for linked users and users in the allowed domains', async () => {
    const inDomain = corp('pw')
    await createAdmin(db(), { email: inDomain, password: DEFAULT_PASSWORD, role: 'editor' })
    const outside = `outside-${randomBytes(3).toString('hex')}@example.test`
    await createAdmin(db(), { email: outside, password: DEFAULT_PASSWORD, role: 'editor' })

    // On (the default): both sign in with their password.
    await signIn(app, inDomain, DEFAULT_PASSWORD)

    app.services.config.sso = { ...base, passwordSignIn: false }
    const refused = await app.postJson('/api/login', { email: inDomain, password: DEFAULT_PASSWORD })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: SSO_REQUIRED })
    expect(sessionCookie(refused) ?? '').not.toMatch(/^sid=.+/)
    expect((await lastFailure()).detail).toEqual({ method: 'password', reason: 'sso-required' })
    const form = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: inDomain, password: DEFAULT_PASSWORD }),
    })
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toContain('error=sso-required')
    // A wrong password still gets the usual answer: the refusal says nothing to someone without it.
    expect(
      (await app.postJson('/api/login', { email: inDomain, password: 'wrong password here' })).status,
    ).toBe(401)

    // Outside the domains, password sign-in works until the account is linked.
    await signIn(app, outside, DEFAULT_PASSWORD)
    const linked = await db()
      .selectFrom('adminUser')
      .select('id')
      .where('email', '=', outside)
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('ssoIdentity')
      .values({ issuer: provider.issuer, subject: `linked-${outside}`, adminId: linked.id, email: outside })
      .execute()
    expect((await app.postJson('/api/login', { email: outside, password: DEFAULT_PASSWORD })).status).toBe(
      403,
    )
  })

  it('counts the start and the callback against the login rate rule, answering on the sign-in page', async () => {
    const limits = app.services.config.rateLimits
    app.services.config.rateLimits = { ...limits, enabled: true, login: { limit: 2, windowMs: 60_000 } }
    try {
      // Its own bucket: password attempts from this address (other tests) do not count.
      await db().deleteFrom('rateLimit').where('key', 'like', 'sso:%').execute()
      expect((await app.request('/api/auth/sso/start')).status).toBe(303)
      expect((await app.request('/api/auth/sso/callback?state=x&code=y')).headers.get('location')).toBe(
        '/api/login?error=sso-state',
      )
      const limited = await app.request('/api/auth/sso/start')
      expect(limited.status).toBe(303)
      expect(limited.headers.get('location')).toBe('/api/login?error=too-many')
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      app.services.config.rateLimits = limits
      await db().deleteFrom('rateLimit').where('key', 'like', 'sso:%').execute()
    }
  })

  it('shows the button on the sign-in page only when configured', async () => {
    expect(visibleText(await (await app.request('/api/login')).text())).toContain(
      'Sign in with Test Identity',
    )
    expect(await (await app.request('/api/login')).text()).toContain('href="/api/auth/sso/start"')
    app.services.config.sso = null
    // The passkey button keeps its place on every sign-in page; the provider's button goes.
    const withoutSso = await (await app.request('/api/login')).text()
    expect(withoutSso).not.toContain('Sign in with Test Identity')
    expect(withoutSso).not.toContain('href="/api/auth/sso/start"')
    const start = await app.request('/api/auth/sso/start')
    expect(start.headers.get('location')).toBe('/api/login?error=sso-off')
  })

  it('shows the configuration, without the secret, and the linked users to the users permission', async () => {
    const client = await createSignedInAdmin(app, { role: 'admin' })
    const response = await client.get('/api/admin/sso')
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain(SSO_TEST_CLIENT.clientSecret)
    const view = JSON.parse(text)
    expect(view).toMatchObject({
      enabled: true,
      issuer: provider.issuer,
      clientId: SSO_TEST_CLIENT.clientId,
      providerName: 'Test Identity',
      allowedDomains: [SSO_TEST_CLIENT.allowedDomain],
      newUsers: 'existing-only',
      defaultRole: null,
      passwordSignIn: true,
    })
    expect(Array.isArray(view.linked)).toBe(true)
    app.services.config.sso = null
    expect(await (await client.get('/api/admin/sso')).json()).toEqual({ enabled: false })
    const editor = await createSignedInAdmin(app, { role: 'editor' })
    expect((await editor.get('/api/admin/sso')).status).toBe(403)
  })
})
