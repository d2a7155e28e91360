import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionKey } from '../../server/identity/index.ts'
import { parseConfig } from '../../server/platform/index.ts'
import {
  type AdminClient,
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  sessionCookie,
  sessionSetCookie,
  signIn,
} from '../support/admin-client.ts'
import { expectScriptsAllowedByHash } from '../support/html.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const INVALID = { message: 'Invalid email or password' }
const RESET_SENT = 'If an account exists for that email, we have sent a link to reset the password.'
const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.'
const CROSS_SITE = { message: 'Cross-site requests are not allowed' }
const SIGNED_OUT = { message: 'Please sign in to continue' }

const form = (fields: Record<string, string>) => new URLSearchParams(fields)
const sidValue = (cookie: string | undefined) => cookie?.slice('sid='.length)

type Mail = { to: string; subject: string; text: string }

describe(`sign-in, sessions and password reset on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let outbox: string
  const seenMails = new Set<string>()

  /** Mails written to the outbox since the last call. */
  async function newMails(): Promise<Mail[]> {
    // Reset mails go out after the answer: wait for the queued work first.
    await app.services.background.idle()
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []
    const fresh = files.filter((f) => !seenMails.has(f))
    for (const f of fresh) seenMails.add(f)
    return fresh.map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as Mail)
  }

  /** Asks for a reset link for `email` and returns the token from the one mail it sent. */
  async function resetToken(email: string): Promise<string> {
    await newMails()
    const response = await app.postJson('/api/auth/forgot-password', { email })
    expect(response.status).toBe(200)
    const mails = await newMails()
    expect(mails).toHaveLength(1)
    const match = /\/reset-password\?token=(\S+)/.exec(mails[0]?.text ?? '')
    expect(match).not.toBeNull()
    return decodeURIComponent(match?.[1] ?? '')
  }

  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-outbox-'))
    app = await startTestApp({ mailOutbox: outbox })
    admin = await createSignedInAdmin(app, { role: 'admin', email: 'signin@example.test' })
    await app.database.db
      .updateTable('adminUser')
      .set({ firstName: 'Sign', lastName: 'In' })
      .where('id', '=', admin.id)
      .execute()
  })
  afterAll(async () => {
    await app?.close()
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true })
  })

  describe('JSON sign-in', () => {
    it('answers 200 with the user and no password hash', async () => {
      const response = await app.postJson('/api/login', {
        email: ' SignIn@Example.test ',
        password: DEFAULT_PASSWORD,
      })
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).not.toMatch(/passwordHash|\$argon2|passwordReset/i)
      expect(JSON.parse(text)).toEqual({
        user: {
          id: admin.id,
          email: 'signin@example.test',
          firstName: 'Sign',
          lastName: 'In',
          role: 'admin',
          permissions: [
            'pages',
            'redirects',
            'scripts',
            'settings',
            'leads',
            'users',
            'activity',
            'subjects',
            'webhooks',
            'questionnaire',
            'buyers',
            'analytics',
            'conversions',
          ],
          profileImageUrl: null,
        },
      })
      expect(sessionCookie(response)).toMatch(/^sid=[\w-]{40,}$/)
      const row = await app.database.db
        .selectFrom('adminUser')
        .select('lastLogin')
        .where('id', '=', admin.id)
        .executeTakeFirstOrThrow()
      expect(Date.now() - (row.lastLogin?.getTime() ?? 0)).toBeLessThan(60_000)
    })

    it('answers the same 401 for a wrong password and an unknown email, and sets no session', async () => {
      for (const body of [
        { email: 'signin@example.test', password: 'wrong password' },
        { email: 'nobody@example.test', password: DEFAULT_PASSWORD },
      ]) {
        const response = await app.postJson('/api/login', body)
        expect(response.status).toBe(401)
        expect(await response.json()).toEqual(INVALID)
        expect(sessionCookie(response)).toBeUndefined()
      }
    })

    it.each([
      [{ email: 'signin@example.test' }, 'Password is required'],
      [{ email: 'signin@example.test', password: '' }, 'Password is required'],
      [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
      [{ email: 'two@@example.test', password: 'x' }, 'Please enter a valid email address'],
      [{ password: 'x' }, 'Email is required'],
    ])('refuses %j with 400', async (body, message) => {
      const response = await app.postJson('/api/login', body)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
    })

    it('answers 400 {message} for malformed JSON', async () => {
      const response = await app.postJson('/api/login', '{"email":')
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'Request body is not valid JSON' })
    })
  })

  describe('form sign-in (no JavaScript)', () => {
    const postForm = (fields: Record<string, string>) =>
      app.request('/api/login', { method: 'POST', body: form(fields) })

    it('redirects 303 to /admin with a session on success', async () => {
      const response = await postForm({ email: 'signin@example.test', password: DEFAULT_PASSWORD })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/admin')
      const cookie = sessionCookie(response)
      expect(cookie).toMatch(/^sid=[\w-]{40,}$/)
      expect((await apiClient(app, cookie ?? '').get('/api/auth/user')).status).toBe(200)
    })

    it('redirects 303 back to the sign-in page with the error on failure', async () => {
      const response = await postForm({ email: 'signin@example.test', password: 'wrong password' })
      expect(response.status).toBe(303)
      expect(sessionCookie(response)).toBeUndefined()
      const location = new URL(response.headers.get('location') ?? '', 'http://x')
      expect(location.pathname).toBe('/api/login')
      expect(location.searchParams.get('error')).toBe('credentials')
      expect(location.searchParams.get('email')).toBe('signin@example.test')

      const page = await app.request(`${location.pathname}${location.search}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(INVALID.message)
    })

    it('redirects 303 with the validation message for a bad email', async () => {
      const response = await postForm({ email: 'nope', password: 'x' })
      expect(response.status).toBe(303)
      const location = new URL(response.headers.get('location') ?? '', 'http://x')
      expect(location.pathname).toBe('/api/login')
      expect(location.searchParams.get('error')).toBe('email-invalid')
    })
  })

  describe('current user and sign-out', () => {
    it('answers GET /api/auth/user with the signed-in admin, 401 signed out', async () => {
      const response = await admin.get('/api/auth/user')
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const user = (await response.json()) as Record<string, unknown>
      expect(user).toMatchObject({
        id: admin.id,
        email: 'signin@example.test',
        firstName: 'Sign',
        lastName: 'In',
        role: 'admin',
        profileImageUrl: null,
      })
      expect(user).not.toHaveProperty('passwordHash')

      const anonymous = await app.request('/api/auth/user')
      expect(anonymous.status).toBe(401)
      expect(await anonymous.json()).toEqual(SIGNED_OUT)
    })

    it('ends the session on GET /api/logout and redirects to /', async () => {
      const cookie = await signIn(app, admin.email, admin.password)
      const client = apiClient(app, cookie)
      expect((await client.get('/api/auth/user')).status).toBe(200)

      const response = await client.get('/api/logout')
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/')
      expect(sessionSetCookie(response)).toMatch(/^sid=; .*Max-Age=0/)

      const after = await client.get('/api/auth/user')
      expect(after.status).toBe(401)
      expect((await client.get('/api/admin/pages')).status).toBe(401)
      const stored = await app.database.db
        .selectFrom('session')
        .select('sid')
        .where('sid', '=', sessionKey(app.services.config.sessionSecret, sidValue(cookie) ?? ''))
        .execute()
      expect(stored).toEqual([])
      // Other sessions of the same admin live on.
      expect((await admin.get('/api/auth/user')).status).toBe(200)
    })

    it('refuses a session whose expiry has passed', async () => {
      const cookie = await signIn(app, admin.email, admin.password)
      await app.database.db
        .updateTable('session')
        .set({ expire: new Date(Date.now() - 1000) })
        .where('sid', '=', sessionKey(app.services.config.sessionSecret, sidValue(cookie) ?? ''))
        .execute()
      const response = await apiClient(app, cookie).get('/api/auth/user')
      expect(response.status).toBe(401)
      // And tells the browser to forget it.
      expect(sessionSetCookie(response)).toMatch(/^sid=; .*Max-Age=0/)
    })

    it('keeps the database free of raw session ids', async () => {
      const cookie = await signIn(app, admin.email, admin.password)
      const raw = sidValue(cookie) ?? ''
      const rows = await app.database.db.selectFrom('session').select(['sid', 'sess']).execute()
      expect(JSON.stringify(rows)).not.toContain(raw)
      expect(rows.map((r) => r.sid)).toContain(sessionKey(app.services.config.sessionSecret, raw))
    })
  })

  describe('session fixation', () => {
    it('replaces a planted session id at sign-in', async () => {
      const planted = 'sid=planted-by-someone-else-0123456789abcdef'
      const response = await app.postJson(
        '/api/login',
        { email: admin.email, password: admin.password },
        { headers: { cookie: planted } },
      )
      expect(response.status).toBe(200)
      const issued = sessionCookie(response)
      expect(issued).toBeDefined()
      expect(issued).not.toBe(planted)
      expect((await apiClient(app, planted).get('/api/auth/user')).status).toBe(401)
      expect((await apiClient(app, issued ?? '').get('/api/auth/user')).status).toBe(200)
    })

    it('issues a new id when a signed-in session signs in again, and ends the old one', async () => {
      const before = await signIn(app, admin.email, admin.password)
      const after = await signIn(app, admin.email, admin.password, before)
      expect(sidValue(after)).not.toBe(sidValue(before))
      expect((await apiClient(app, before).get('/api/auth/user')).status).toBe(401)
      expect((await apiClient(app, after).get('/api/auth/user')).status).toBe(200)
    })
  })

  describe('cookie and security headers over plain http', () => {
    it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, not Secure', async () => {
      const response = await app.postJson('/api/login', { email: admin.email, password: admin.password })
      const header = sessionSetCookie(response) ?? ''
      const attributes = header.split(';').map((a) => a.trim().toLowerCase())
      expect(attributes).toContain('httponly')
      expect(attributes).toContain('samesite=lax')
      expect(attributes).toContain('path=/')
      expect(attributes).not.toContain('secure')
      expect(attributes.find((a) => a.startsWith('max-age='))).toBe(
        `max-age=${app.services.config.sessionTtlMs / 1000}`,
      )
    })

    it('sends a CSP whose nonce is the one on every inline script of an admin page, a new one each time', async () => {
      const response = await app.request('/api/login')
      expect(response.status).toBe(200)
      const csp = response.headers.get('content-security-policy') ?? ''
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(csp).toContain("object-src 'none'")
      const html = await response.text()
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '')
      const inline = scripts.filter((attrs) => !/\bsrc=/.test(attrs))
      expect(inline.length).toBeGreaterThan(0)
      for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`)
      const nonces = new Set([...html.matchAll(/\bnonce="([^"]*)"/g)].map((m) => m[1]))
      expect([...nonces]).toEqual([nonce])

      const again = await app.request('/api/login')
      const otherNonce = /'nonce-([^']+)'/.exec(again.headers.get('content-security-policy') ?? '')?.[1]
      expect(otherNonce).toBeDefined()
      expect(otherNonce).not.toBe(nonce)
    })

    it('sends public pages a CSP that lists their scripts by hash, with the other security headers', async () => {
      const response = await app.request('/')
      expect(response.status).toBe(200)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("frame-ancestors 'self'")
      expect(csp).toContain("object-src 'none'")
      expectScriptsAllowedByHash(await response.text(), csp)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('strict-transport-security')).toBeNull()
    })

    it("forbids framing the admin (frame-ancestors 'none') and never caches its HTML", async () => {
      for (const cookie of [undefined, admin.cookie]) {
        const response = await app.request('/admin', cookie ? { headers: { cookie } } : undefined)
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toMatch(/^text\/html/)
        expect(response.headers.get('cache-control')).toBe('no-store')
        expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
        expect(response.headers.get('x-frame-options')).toBe('DENY')
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        await response.text()
      }
    })
  })

  describe('cross-origin mutations', () => {
    let counter = 0
    const createPage = (headers: Record<string, string>) =>
      app.postJson(
        '/api/admin/pages',
        { title: 'Cross origin', slug: `cross-origin-${++counter}` },
        { headers: { cookie: admin.cookie, ...headers } },
      )
    const pageCount = async () =>
      (
        await app.database.db
          .selectFrom('page')
          .select('id')
          .where('slug', 'like', 'cross-origin-%')
          .execute()
      ).length

    it.each([
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-origin' },
    ] as Record<string, string>[])('refuses POST /api/admin/pages with %j', async (headers) => {
      const before = await pageCount()
      const response = await createPage(headers)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual(CROSS_SITE)
      expect(await pageCount()).toBe(before)
    })

    it('refuses cross-origin PUT and DELETE, and a cross-origin sign-in', async () => {
      const page = await app.database.db
        .selectFrom('page')
        .select('id')
        .where('slug', '=', 'evidence')
        .executeTakeFirstOrThrow()
      const evil = {
        origin: 'https://evil.example',
        cookie: admin.cookie,
        'content-type': 'application/json',
      }
      const put = await app.request(`/api/admin/pages/${page.id}`, {
        method: 'PUT',
        headers: evil,
        body: JSON.stringify({ title: 'Defaced' }),
      })
      expect(put.status).toBe(403)
      const del = await app.request(`/api/admin/pages/${page.id}`, { method: 'DELETE', headers: evil })
      expect(del.status).toBe(403)
      const login = await app.postJson(
        '/api/login',
        { email: admin.email, password: admin.password },
        { headers: { origin: 'https://evil.example' } },
      )
      expect(login.status).toBe(403)
      expect(sessionCookie(login)).toBeUndefined()
      const row = await app.database.db
        .selectFrom('page')
        .select('title')
        .where('id', '=', page.id)
        .executeTakeFirstOrThrow()
      expect(row.title).not.toBe('Defaced')
    })

    it('allows the same mutation from the same origin', async () => {
      const before = await pageCount()
      expect((await createPage({ origin: app.baseUrl })).status).toBe(201)
      expect((await createPage({ 'sec-fetch-site': 'same-origin', origin: app.baseUrl })).status).toBe(201)
      expect((await createPage({ 'sec-fetch-site': 'same-origin' })).status).toBe(201)
      expect((await createPage({})).status).toBe(201)
      expect(await pageCount()).toBe(before + 4)
    })

    it('lets safe methods through from anywhere', async () => {
      const response = await admin.request('/api/admin/pages', {
        headers: { origin: 'https://evil.example' },
      })
      expect(response.status).toBe(200)
    })
  })

  describe('password reset', () => {
    let target: AdminClient

    beforeAll(async () => {
      target = await createSignedInAdmin(app, { role: 'editor', email: 'forgetful@example.test' })
    })

    it('answers the same for a known and an unknown email, and mails only the known one', async () => {
      await newMails()
      const known = await app.postJson('/api/auth/forgot-password', { email: 'forgetful@example.test' })
      expect(known.status).toBe(200)
      expect(await known.json()).toEqual({ message: RESET_SENT })
      const mails = await newMails()
      expect(mails).toHaveLength(1)
      expect(mails[0]).toMatchObject({ to: 'forgetful@example.test', subject: 'Reset your admin password' })
      expect(mails[0]?.text).toContain(`${app.services.config.linkOrigin}/reset-password?token=`)

      const unknown = await app.postJson('/api/auth/forgot-password', { email: 'stranger@example.test' })
      expect(unknown.status).toBe(200)
      expect(await unknown.json()).toEqual({ message: RESET_SENT })
      expect(await newMails()).toEqual([])
    })

    it('redirects a form request to the sent page either way', async () => {
      for (const email of ['forgetful@example.test', 'stranger@example.test']) {
        const response = await app.request('/api/auth/forgot-password', {
          method: 'POST',
          body: form({ email }),
        })
        expect(response.status).toBe(303)
        expect(response.headers.get('location')).toBe('/forgot-password?sent=1')
      }
      await newMails()
    })

    // 'me@localhost' passes the browser's own type=email check, so people can post it without JavaScript.
    it('redirects a refused form request back to the form with the message', async () => {
      const response = await app.request('/api/auth/forgot-password', {
        method: 'POST',
        body: form({ email: 'me@localhost' }),
      })
      expect(response.status).toBe(303)
      const location = new URL(response.headers.get('location') ?? '', 'http://x')
      expect(location.pathname).toBe('/forgot-password')
      expect(location.searchParams.get('error')).toBe('email-invalid')
    })

    it('sends a reset or setup form its schema refuses back to its page, keeping the token', async () => {
      const reset = await app.request('/api/auth/reset-password', {
        method: 'POST',
        body: form({ token: 'kept-token', newPassword: 'short' }),
      })
      expect(reset.status).toBe(303)
      expect(reset.headers.get('location')).toBe('/reset-password?token=kept-token&error=password-short')
      const setup = await app.request('/api/setup', { method: 'POST', body: form({ token: 'kept-token' }) })
      expect(setup.status).toBe(303)
      expect(setup.headers.get('location')).toBe('/setup?token=kept-token&error=email-required')
      // JSON callers get the same refusal as a 400.
      const json = await app.postJson('/api/setup', { token: 'kept-token' })
      expect(json.status).toBe(400)
      expect(await json.json()).toEqual({ message: 'Email is required' })
    })

    it('refuses an invalid email in JSON with 400', async () => {
      const response = await app.postJson('/api/auth/forgot-password', { email: 'me@localhost' })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'Please enter a valid email address' })
    })

    it('stores only a digest of the token', async () => {
      const token = await resetToken(target.email)
      const row = await app.database.db
        .selectFrom('adminUser')
        .select(['passwordResetToken', 'passwordResetExpires'])
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow()
      expect(row.passwordResetToken).not.toBe(token)
      expect(row.passwordResetToken).toMatch(/^[0-9a-f]{64}$/)
      const expiresIn = (row.passwordResetExpires?.getTime() ?? 0) - Date.now()
      expect(expiresIn).toBeGreaterThan(55 * 60_000)
      expect(expiresIn).toBeLessThanOrEqual(60 * 60_000)
    })

    it('refuses a new password shorter than 12 characters, without using up the token', async () => {
      const token = await resetToken(target.email)
      const short = await app.postJson('/api/auth/reset-password', { token, newPassword: 'short' })
      expect(short.status).toBe(400)
      expect(await short.json()).toEqual({ message: 'Use at least 12 characters' })
      const missing = await app.postJson('/api/auth/reset-password', { newPassword: 'long enough password' })
      expect(missing.status).toBe(400)
      expect(await missing.json()).toEqual({ message: 'Reset token is required' })
      // The refused attempts changed nothing, and the token still works.
      await signIn(app, target.email, target.password)
      const newPassword = 'long enough password'
      const reset = await app.postJson('/api/auth/reset-password', { token, newPassword })
      expect(reset.status).toBe(200)
      target = { ...target, password: newPassword }
    })

    it('sets the password, ends the other sessions, and works only once', async () => {
      const other = await signIn(app, target.email, target.password)
      const own = await signIn(app, target.email, target.password)
      const token = await resetToken(target.email)
      const newPassword = 'a brand new password'

      const reset = await app.postJson(
        '/api/auth/reset-password',
        { token, newPassword },
        { headers: { cookie: own } },
      )
      expect(reset.status).toBe(200)
      expect(await reset.json()).toEqual({ message: 'Your password has been changed. Please sign in.' })

      // Every other session of that admin is over; the one that asked stays.
      expect((await apiClient(app, other).get('/api/auth/user')).status).toBe(401)
      expect((await target.get('/api/auth/user')).status).toBe(401)
      expect((await apiClient(app, own).get('/api/auth/user')).status).toBe(200)
      // The admin who was not reset keeps their session.
      expect((await admin.get('/api/auth/user')).status).toBe(200)

      const old = await app.postJson('/api/login', { email: target.email, password: target.password })
      expect(old.status).toBe(401)
      expect(await old.json()).toEqual(INVALID)
      await signIn(app, target.email, newPassword)

      const twice = await app.postJson('/api/auth/reset-password', {
        token,
        newPassword: 'yet another password',
      })
      expect(twice.status).toBe(400)
      expect(await twice.json()).toEqual({ message: RESET_INVALID })
      await signIn(app, target.email, newPassword)
      target = { ...target, password: newPassword }
    })

    it('ends every session when the reset comes from a signed-out browser', async () => {
      const session = await signIn(app, target.email, target.password)
      const token = await resetToken(target.email)
      const newPassword = 'signed out reset password'
      const reset = await app.postJson('/api/auth/reset-password', { token, newPassword })
      expect(reset.status).toBe(200)
      expect((await apiClient(app, session).get('/api/auth/user')).status).toBe(401)
      target = { ...target, password: newPassword }
    })

    it('refuses an expired token', async () => {
      const token = await resetToken(target.email)
      await app.database.db
        .updateTable('adminUser')
        .set({ passwordResetExpires: new Date(Date.now() - 60_000) })
        .where('id', '=', target.id)
        .execute()
      const response = await app.postJson('/api/auth/reset-password', {
        token,
        newPassword: 'too late password',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: RESET_INVALID })
      await signIn(app, target.email, target.password)
    })

    it('refuses an older token once a newer one was sent, and a made-up token', async () => {
      const first = await resetToken(target.email)
      const second = await resetToken(target.email)
      expect(second).not.toBe(first)
      for (const token of [first, 'made-up-token']) {
        const response = await app.postJson('/api/auth/reset-password', {
          token,
          newPassword: 'whatever password',
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({ message: RESET_INVALID })
      }
      await signIn(app, target.email, target.password)
    })

    it('sends no mail for a deactivated admin, and refuses their pending token', async () => {
      const token = await resetToken(target.email)
      await app.database.db
        .updateTable('adminUser')
        .set({ isActive: false })
        .where('id', '=', target.id)
        .execute()
      const response = await app.postJson('/api/auth/reset-password', {
        token,
        newPassword: 'inactive password',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: RESET_INVALID })
      await newMails()
      expect((await app.postJson('/api/auth/forgot-password', { email: target.email })).status).toBe(200)
      expect(await newMails()).toEqual([])
    })
  })
})

describe(`https public URL on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: 'https://example.test' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('marks the session cookie Secure', async () => {
    const admin = await createSignedInAdmin(app, { role: 'admin' })
    const response = await app.postJson('/api/login', { email: admin.email, password: admin.password })
    expect(response.status).toBe(200)
    const attributes = (sessionSetCookie(response) ?? '').split(';').map((a) => a.trim().toLowerCase())
    expect(attributes).toContain('secure')
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('samesite=lax')
  })

  it('sends Strict-Transport-Security', async () => {
    const response = await app.request('/')
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
  })

  it('accepts a mutation whose Origin is the public URL', async () => {
    const admin = await createSignedInAdmin(app, { role: 'admin' })
    const response = await app.postJson(
      '/api/admin/settings',
      { key: 'origin_check', value: 'ok' },
      { headers: { cookie: admin.cookie, origin: 'https://example.test' } },
    )
    expect(response.status).toBe(200)
    const evil = await app.postJson(
      '/api/admin/settings',
      { key: 'origin_check', value: 'evil' },
      { headers: { cookie: admin.cookie, origin: 'https://example.test.evil.example' } },
    )
    expect(evil.status).toBe(403)
  })
})

describe(`login rate limit on ${testDialect}`, () => {
  let app: TestApp
  const defaults = parseConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'rate-limit-secret-0123456789',
  }).rateLimits

  beforeAll(async () => {
    app = await startTestApp({
      rateLimits: { ...defaults, enabled: true, login: { limit: 3, windowMs: 60_000 } },
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('answers 429 with Retry-After on the 4th attempt, even with the right password', async () => {
    const admin = await createSignedInAdmin(app, { role: 'admin' }) // attempt 1
    for (let attempt = 2; attempt <= 3; attempt++) {
      const response = await app.postJson('/api/login', { email: admin.email, password: 'wrong password' })
      expect(response.status, `attempt ${attempt}`).toBe(401)
    }
    const limited = await app.postJson('/api/login', { email: admin.email, password: admin.password })
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await limited.json()).toEqual({
      message: 'Too many attempts. Please wait a little and try again.',
    })
    expect(sessionCookie(limited)).toBeUndefined()

    // Form posts are counted too, and the existing session is unaffected.
    const formPost = await app.request('/api/login', {
      method: 'POST',
      body: form({ email: admin.email, password: admin.password }),
    })
    expect(formPost.status).toBe(429)
    expect((await admin.get('/api/auth/user')).status).toBe(200)
  })
})
