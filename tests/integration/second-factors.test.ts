import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODES_LOCKED, SECOND_STEP_ENDED } from '../../core/schemas/mfa.ts'
import { parseConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin, DEFAULT_PASSWORD, signIn } from '../support/admin-client.ts'
import { cookiesOf, enrolTotp, finishSignIn, STEP_COOKIE, startSignIn, totpCode } from '../support/factors.ts'
import { SoftwareAuthenticator } from '../support/software-authenticator.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const CODE_INVALID = { message: 'That code is not valid. Please try again.' }

describe(`second factors on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  async function auditRows(action: string) {
    return app.database.db.selectFrom('auditLog').selectAll().where('action', '=', action).execute()
  }

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('authenticator app', () => {
    it('counts only once confirmed with a code', async () => {
      const user = await createSignedInAdmin(app, { role: 'editor' })
      const started = await user.post('/api/admin/account/totp', {})
      expect(started.status).toBe(200)
      const { secret, uri, qrSvg } = (await started.json()) as { secret: string; uri: string; qrSvg: string }
      expect(uri).toContain(`secret=${secret}`)
      expect(qrSvg).toMatch(/^<svg/)
      // The secret is kept sealed, not as typed into the app.
      const row = await app.database.db
        .selectFrom('totpSecret')
        .selectAll()
        .where('adminId', '=', user.id)
        .executeTakeFirstOrThrow()
      expect(row.secret).not.toContain(secret)
      // Not confirmed: the password alone still signs in.
      const before = await app.postJson('/api/login', { email: user.email, password: DEFAULT_PASSWORD })
      expect(await before.json()).toHaveProperty('user')
      expect((await user.post('/api/admin/account/totp/confirm', { code: '000000' })).status).toBe(400)
      expect((await user.post('/api/admin/account/totp/confirm', { code: totpCode(secret) })).status).toBe(
        200,
      )
      const security = await (await user.get('/api/admin/account/security')).json()
      expect(security.totp.enabled).toBe(true)
      expect((await auditRows('auth.totp_enabled')).some((r) => r.actorId === user.id)).toBe(true)
      // A second set-up while one is confirmed is refused.
      expect((await user.post('/api/admin/account/totp', {})).status).toBe(409)
    })

    it('signs in with a computed code, refusing a reused and a stale one', async () => {
      const user = await createSignedInAdmin(app, { role: 'editor' })
      const secret = await enrolTotp(user)
      const step = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      expect(step.methods).toEqual(['totp', 'recovery'])
      expect(step.cookie).toMatch(new RegExp(`^${STEP_COOKIE}=`))
      // Without the pending sign-in there is nothing to finish.
      expect((await app.postJson('/api/login/totp', { code: totpCode(secret, 1) })).status).toBe(401)
      // The code that confirmed the app was used already.
      const reused = await finishSignIn(app, step.cookie, '/api/login/totp', { code: totpCode(secret) })
      expect(reused.response.status).toBe(401)
      expect(await reused.response.json()).toEqual(CODE_INVALID)
      const stale = await finishSignIn(app, step.cookie, '/api/login/totp', { code: totpCode(secret, -2) })
      expect(stale.response.status).toBe(401)
      const next = totpCode(secret, 1)
      const ok = await finishSignIn(app, step.cookie, '/api/login/totp', { code: next })
      expect(ok.response.status).toBe(200)
      expect(ok.client).toBeDefined()
      expect((await ok.client?.get('/api/auth/user'))?.status).toBe(200)
      const signIns = await auditRows('auth.sign_in')
      expect(signIns.at(-1)?.detail).toMatchObject({ method: 'password+totp' })
      // The pending sign-in is gone, and the same code would not work on a new one either.
      expect((await finishSignIn(app, step.cookie, '/api/login/totp', { code: next })).response.status).toBe(
        401,
      )
      const again = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      expect((await finishSignIn(app, again.cookie, '/api/login/totp', { code: next })).response.status).toBe(
        401,
      )
      expect(
        (await auditRows('auth.sign_in_failed')).filter((r) => r.actorId === user.id).length,
      ).toBeGreaterThanOrEqual(3)
    })

    it('works as a form post without JavaScript', async () => {
      const user = await createSignedInAdmin(app, { role: 'editor' })
      const secret = await enrolTotp(user)
      const form = (fields: Record<string, string>) => new URLSearchParams(fields)
      const login = await app.request('/api/login', {
        method: 'POST',
        body: form({ email: user.email, password: DEFAULT_PASSWORD }),
      })
      expect(login.status).toBe(303)
      expect(login.headers.get('location')).toBe('/api/login?step=second')
      const cookie = cookiesOf(login, STEP_COOKIE)
      const page = await app.request('/api/login?step=second', { headers: { cookie } })
      expect(await page.text()).toContain('Authenticator app')
      const wrong = await app.request('/api/login/totp', {
        method: 'POST',
        body: form({ code: '12345' }),
        headers: { cookie },
      })
      expect(wrong.status).toBe(303)
      expect(wrong.headers.get('location')).toMatch(/step=second&error=/)
      const right = await app.request('/api/login/totp', {
        method: 'POST',
        body: form({ code: totpCode(secret, 1) }),
        headers: { cookie },
      })
      expect(right.status).toBe(303)
      expect(right.headers.get('location')).toBe('/admin')
      // An expired or missing pending sign-in says so on the page.
      const expired = await app.request('/api/login?step=second')
      expect(await expired.text()).toContain('Your sign-in has expired')
    })
  })

  describe('recovery codes', () => {
    it('come with the first factor only, shown in its answer once', async () => {
      const user = await createSignedInAdmin(app, { role: 'editor' })
      const started = await user.post('/api/admin/account/totp', {})
      const { secret } = (await started.json()) as { secret: string }
      const confirmed = await user.post('/api/admin/account/totp/confirm', { code: totpCode(secret) })
      expect(confirmed.status).toBe(200)
      expect(confirmed.headers.get('cache-control')).toBe('no-store')
      const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes?: string[] }
      expect(recoveryCodes).toHaveLength(10)
      expect(new Set(recoveryCodes).size).toBe(10)
      const step = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      expect(step.methods).toEqual(['totp', 'recovery'])
      const ok = await finishSignIn(app, step.cookie, '/api/login/recovery', { code: recoveryCodes?.[3] })
      expect(ok.response.status).toBe(200)
      // Set up again after removing the app: the codes already issued stay, none are added.
      expect((await user.del('/api/admin/account/totp')).status).toBe(204)
      const again = await user.post('/api/admin/account/totp', {})
      const second = (await again.json()) as { secret: string }
      const reconfirmed = await user.post('/api/admin/account/totp/confirm', {
        code: totpCode(second.secret),
      })
      expect(reconfirmed.status).toBe(200)
      expect(await reconfirmed.json()).not.toHaveProperty('recoveryCodes')
      const security = await (await user.get('/api/admin/account/security')).json()
      expect(security.recoveryCodes).toEqual({ remaining: 9, total: 10 })
    })

    it('are ten, shown once, stored hashed, and each signs in once', async () => {
      const user = await createSignedInAdmin(app, { role: 'editor' })
      await enrolTotp(user)
      const generated = await user.post('/api/admin/account/recovery-codes', {})
      expect(generated.status).toBe(201)
      const { codes } = (await generated.json()) as { codes: string[] }
      expect(codes).toHaveLength(10)
      const stored = await app.database.db
        .selectFrom('recoveryCode')
        .selectAll()
        .where('adminId', '=', user.id)
        .execute()
      expect(stored).toHaveLength(10)
      expect(stored.map((r) => r.codeHash)).not.toContain(codes[0])
      const code = codes[0] as string
      const step = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      expect(step.methods).toEqual(['totp', 'recovery'])
      const ok = await finishSignIn(app, step.cookie, '/api/login/recovery', { code: code.toUpperCase() })
      expect(ok.response.status).toBe(200)
      expect((await auditRows('auth.recovery_code_used')).some((r) => r.actorId === user.id)).toBe(true)
      const again = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      const used = await finishSignIn(app, again.cookie, '/api/login/recovery', { code })
      expect(used.response.status).toBe(401)
      const security = await (await user.get('/api/admin/account/security')).json()
      expect(security.recoveryCodes).toEqual({ remaining: 9, total: 10 })
      // Regenerating replaces them all.
      await user.post('/api/admin/account/recovery-codes', {})
      const later = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      expect(
        (await finishSignIn(app, later.cookie, '/api/login/recovery', { code: codes[1] })).response.status,
      ).toBe(401)
    })
  })

  describe('policy', () => {
    it('holds a covered user without a factor at enrolment, and refuses removing the last factor', async () => {
      const editor = await createSignedInAdmin(app, { role: 'editor' })
      expect((await admin.get('/api/admin/mfa-policy')).status).toBe(200)
      expect(await (await admin.get('/api/admin/mfa-policy')).json()).toEqual({ mode: 'off' })
      expect((await editor.put('/api/admin/mfa-policy', { mode: 'all' })).status).toBe(403)
      const set = await admin.put('/api/admin/mfa-policy', { mode: 'roles', roles: ['editor'] })
      expect(set.status).toBe(200)
      expect((await auditRows('auth.mfa_policy_changed')).length).toBeGreaterThan(0)
      try {
        const refused = await editor.get('/api/admin/pages')
        expect(refused.status).toBe(403)
        expect(await refused.json()).toMatchObject({ enrol: true })
        const page = await editor.request('/admin')
        expect(page.status).toBe(302)
        expect(page.headers.get('location')).toBe('/admin/account?enrol=1')
        expect((await editor.request('/admin/account?enrol=1')).status).toBe(200)
        const security = await (await editor.get('/api/admin/account/security')).json()
        expect(security).toMatchObject({ required: true, mustEnrol: true })
        // The admin role is not covered: the admin carries on.
        expect((await admin.get('/api/admin/pages')).status).toBe(200)
        await enrolTotp(editor)
        expect((await editor.get('/api/admin/pages')).status).toBe(200)
        const removed = await editor.del('/api/admin/account/totp')
        expect(removed.status).toBe(409)
        expect((await removed.json()).message).toMatch(/requires a second factor/)
      } finally {
        await admin.put('/api/admin/mfa-policy', { mode: 'off' })
      }
      // With the policy off the last factor may go.
      expect((await editor.del('/api/admin/account/totp')).status).toBe(204)
      expect((await auditRows('auth.totp_disabled')).some((r) => r.actorId === editor.id)).toBe(true)
    })
  })

  describe('admin reset', () => {
    it("removes a user's factors and ends their sessions", async () => {
      const user = await createSignedInAdmin(app, { role: 'editor' })
      await enrolTotp(user)
      await user.post('/api/admin/account/recovery-codes', {})
      expect((await admin.post(`/api/admin/users/${admin.id}/reset-factors`, {})).status).toBe(409)
      const editor = await createSignedInAdmin(app, { role: 'editor', permissions: ['users'] })
      // Someone with the users permission who is not an admin cannot reset an admin's factors.
      expect((await editor.post(`/api/admin/users/${admin.id}/reset-factors`, {})).status).toBe(403)
      const reset = await admin.post(`/api/admin/users/${user.id}/reset-factors`, {})
      expect(reset.status).toBe(200)
      expect((await user.get('/api/auth/user')).status).toBe(401)
      const { db } = app.database
      expect(
        await db.selectFrom('totpSecret').selectAll().where('adminId', '=', user.id).execute(),
      ).toHaveLength(0)
      expect(
        await db.selectFrom('recoveryCode').selectAll().where('adminId', '=', user.id).execute(),
      ).toHaveLength(0)
      const audited = (await auditRows('auth.factors_reset')).at(-1)
      expect(audited).toMatchObject({ actorId: admin.id, entity: 'admin_user', entityId: String(user.id) })
      // The password alone signs in again.
      expect(await signIn(app, user.email, DEFAULT_PASSWORD)).toMatch(/^sid=/)
    })
  })

  describe('code limits per sign-in and per account', () => {
    it('ends a pending sign-in after five wrong codes, recovery codes counting too', async () => {
      const user = await createSignedInAdmin(app, { role: 'editor' })
      const secret = await enrolTotp(user)
      const step = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      const wrong = [
        ['/api/login/totp', { code: '000000' }],
        ['/api/login/recovery', { code: 'aaaaa-aaaaa' }],
        ['/api/login/totp', { code: '111111' }],
        ['/api/login/recovery', { code: 'bbbbb-bbbbb' }],
      ] as const
      for (const [pathname, body] of wrong) {
        const answer = (await finishSignIn(app, step.cookie, pathname, body)).response
        expect(answer.status).toBe(401)
        expect(await answer.json()).toEqual(CODE_INVALID)
      }
      const fifth = await finishSignIn(app, step.cookie, '/api/login/totp', { code: '222222' })
      expect(fifth.response.status).toBe(401)
      expect(await fifth.response.json()).toEqual({ message: SECOND_STEP_ENDED })
      // The right code on the same pending sign-in no longer signs in.
      const right = await finishSignIn(app, step.cookie, '/api/login/totp', { code: totpCode(secret, 1) })
      expect(right.response.status).toBe(401)
      expect(right.client).toBeUndefined()
      // A new pending sign-in takes it.
      const again = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      const ok = await finishSignIn(app, again.cookie, '/api/login/totp', { code: totpCode(secret, 1) })
      expect(ok.response.status).toBe(200)
    })

    it('ends it for parallel guesses too: no more than five codes are checked', async () => {
      const user = await createSignedInAdmin(app, { role: 'editor' })
      await enrolTotp(user)
      const step = await startSignIn(app, user.email, DEFAULT_PASSWORD)
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          finishSignIn(app, step.cookie, '/api/login/totp', { code: String(100000 + i) }),
        ),
      )
      const messages = await Promise.all(answers.map((a) => a.response.json()))
      expect(answers.every((a) => a.response.status === 401)).toBe(true)
      expect(messages.filter((m) => m.message === CODE_INVALID.message).length).toBeLessThanOrEqual(4)
      const failures = await app.database.db
        .selectFrom('signInCodeFailure')
        .selectAll()
        .where('adminId', '=', user.id)
        .execute()
      expect(failures.length).toBe(5)
    })

    it("shuts the account's code step after ten wrong codes, mails its owner, and leaves passkeys working", async () => {
      const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-codes-'))
      const mailing = await startTestApp({ mailOutbox: outbox })
      try {
        const user = await createSignedInAdmin(mailing, { role: 'editor' })
        // A passkey (its answer brings the recovery codes) and an authenticator app.
        const authenticator = new SoftwareAuthenticator(mailing.baseUrl)
        const register = await user.post('/api/admin/account/passkeys/options', {})
        const saved = await mailing.postJson(
          '/api/admin/account/passkeys',
          { name: 'Laptop', response: authenticator.create(await register.json()) },
          { headers: { cookie: `${user.cookie}; ${cookiesOf(register, 'passkey_register')}` } },
        )
        expect(saved.status).toBe(201)
        const { recoveryCodes } = (await saved.json()) as { recoveryCodes: string[] }
        const secret = await enrolTotp(user)

        // Ten wrong codes over two pending sign-ins (each ends at five).
        const statuses: number[] = []
        for (let round = 0; round < 2; round++) {
          const step = await startSignIn(mailing, user.email, DEFAULT_PASSWORD)
          for (let i = 0; i < 5; i++)
            statuses.push(
              (await finishSignIn(mailing, step.cookie, '/api/login/totp', { code: `90000${i}` })).response
                .status,
            )
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429])

        // Right codes are refused meanwhile, with a clear message and when to come back.
        const step = await startSignIn(mailing, user.email, DEFAULT_PASSWORD)
        const code = await finishSignIn(mailing, step.cookie, '/api/login/totp', {
          code: totpCode(secret, 1),
        })
        expect(code.response.status).toBe(429)
        expect(await code.response.json()).toEqual({ message: CODES_LOCKED })
        expect(Number(code.response.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(code.client).toBeUndefined()
        const recovery = await finishSignIn(mailing, step.cookie, '/api/login/recovery', {
          code: recoveryCodes[0],
        })
        expect(recovery.response.status).toBe(429)
        const form = await mailing.request('/api/login/totp', {
          method: 'POST',
          body: new URLSearchParams({ code: totpCode(secret, 1) }),
          headers: { cookie: step.cookie },
        })
        expect(form.headers.get('location')).toBe('/api/login?step=second&error=codes-locked')
        expect(
          await (
            await mailing.request('/api/login?step=second&error=codes-locked', {
              headers: { cookie: step.cookie },
            })
          ).text(),
        ).toContain('codes are paused for 15 minutes')

        // A passkey still finishes the same pending sign-in.
        const options = await mailing.postJson(
          '/api/login/passkey/options',
          {},
          { headers: { cookie: step.cookie } },
        )
        const passkey = await finishSignIn(mailing, step.cookie, '/api/login/passkey/verify', {
          response: authenticator.get(await options.json()),
        })
        expect(passkey.response.status).toBe(200)

        // Audited once, and the owner is told.
        const locked = await mailing.database.db
          .selectFrom('auditLog')
          .selectAll()
          .where('action', '=', 'auth.codes_locked')
          .where('actorId', '=', user.id)
          .execute()
        expect(locked).toHaveLength(1)
        await mailing.services.jobs.run('account-notices')
        await mailing.services.background.idle()
        const mails = fs
          .readdirSync(outbox)
          .map(
            (f) =>
              JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as {
                to: string
                subject: string
                text: string
              },
          )
          .filter((m) => m.to === user.email && m.subject === 'Sign-in codes for your account were paused')
        expect(mails).toHaveLength(1)
        expect(mails[0]?.text).toContain('passkeys still work')

        // Fifteen minutes on (the lock and the failures moved back), codes work again.
        const past = new Date(Date.now() - 16 * 60_000)
        await mailing.database.db.updateTable('signInCodeLock').set({ lockedUntil: past }).execute()
        await sql`update sign_in_code_failure set created_at = ${past.toISOString()}`.execute(
          mailing.database.db,
        )
        const later = await startSignIn(mailing, user.email, DEFAULT_PASSWORD)
        const ok = await finishSignIn(mailing, later.cookie, '/api/login/totp', { code: totpCode(secret, 1) })
        expect(ok.response.status).toBe(200)
      } finally {
        await mailing.close()
        fs.rmSync(outbox, { recursive: true, force: true })
      }
    })
  })

  it('rate-limits codes with the login limits', async () => {
    const rateLimits = { ...parseConfig({}).rateLimits, enabled: true, login: { limit: 4, windowMs: 60_000 } }
    const limited = await startTestApp({ rateLimits })
    try {
      const user = await createSignedInAdmin(limited, { role: 'editor' })
      const secret = await enrolTotp(user)
      // One bucket with the password: two sign-in posts so far, so two code attempts are left.
      const step = await startSignIn(limited, user.email, DEFAULT_PASSWORD)
      const statuses: number[] = []
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await finishSignIn(limited, step.cookie, '/api/login/totp', { code: '000000' })).response.status,
        )
      expect(statuses).toEqual([401, 401, 429])
      const right = await finishSignIn(limited, step.cookie, '/api/login/totp', { code: totpCode(secret, 1) })
      expect(right.response.status).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
