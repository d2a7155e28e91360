import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECOND_STEP_EXPIRED } from '../../core/schemas/mfa.ts'
import { createSignedInAdmin, DEFAULT_PASSWORD } from '../support/admin-client.ts'
import { cookiesOf, finishSignIn, startSignIn } from '../support/factors.ts'
import { SoftwareAuthenticator } from '../support/software-authenticator.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string }

describe(`passkeys on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  /** A signed-in editor with one passkey made by a software authenticator. */
  async function withPasskey(name = 'Laptop') {
    const user = await createSignedInAdmin(app, { role: 'editor' })
    const authenticator = new SoftwareAuthenticator(app.baseUrl)
    const optionsResponse = await user.post('/api/admin/account/passkeys/options', {})
    expect(optionsResponse.status).toBe(200)
    const options = (await optionsResponse.json()) as Options & {
      authenticatorSelection: { residentKey: string }
    }
    expect(options.authenticatorSelection.residentKey).toBe('required')
    const cookie = `${user.cookie}; ${cookiesOf(optionsResponse, 'passkey_register')}`
    const saved = await app.postJson(
      '/api/admin/account/passkeys',
      { name, response: authenticator.create(options) },
      { headers: { cookie } },
    )
    expect(saved.status).toBe(201)
    return {
      user,
      authenticator,
      passkey: (await saved.json()) as { id: number; name: string; recoveryCodes?: string[] },
    }
  }

  it('registers a passkey with a verified attestation, and lists it', async () => {
    const { user, passkey } = await withPasskey('Work laptop')
    // The first factor comes with ten recovery codes, in this answer only.
    expect(passkey.recoveryCodes).toHaveLength(10)
    const security = await (await user.get('/api/admin/account/security')).json()
    expect(security.recoveryCodes).toEqual({ remaining: 10, total: 10 })
    expect(security.passkeys).toEqual([
      expect.objectContaining({ id: passkey.id, name: 'Work laptop', lastUsedAt: null }),
    ])
    const audited = await app.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'auth.passkey_added')
      .where('actorId', '=', user.id)
      .execute()
    expect(audited).toHaveLength(1)
    // Without the challenge cookie the same kind of answer is refused.
    const other = new SoftwareAuthenticator(app.baseUrl)
    const refused = await user.post('/api/admin/account/passkeys', {
      name: 'No challenge',
      response: other.create({ challenge: 'bm9wZQ', rp: { id: '127.0.0.1' }, user: { id: 'eA' } }),
    })
    expect(refused.status).toBe(400)
  })

  it('signs in with the passkey alone', async () => {
    const { user, authenticator } = await withPasskey()
    const optionsResponse = await app.postJson('/api/login/passkey-alone/options', {})
    const options = (await optionsResponse.json()) as Options & {
      allowCredentials?: unknown[]
      userVerification: string
    }
    expect(options.allowCredentials ?? []).toEqual([])
    expect(options.userVerification).toBe('required')
    const cookie = cookiesOf(optionsResponse, 'passkey_sign_in')
    const assertion = authenticator.get(options)
    const done = await finishSignIn(app, cookie, '/api/login/passkey-alone/verify', { response: assertion })
    expect(done.response.status).toBe(200)
    const me = await done.client?.get('/api/auth/user')
    expect(((await me?.json()) as { email: string } | undefined)?.email).toBe(user.email)
    const signIn = await app.database.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'auth.sign_in')
      .where('actorId', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(signIn.detail).toMatchObject({ method: 'passkey' })
    // The challenge was used: replaying the same assertion is refused.
    const replay = await finishSignIn(app, cookie, '/api/login/passkey-alone/verify', { response: assertion })
    expect(replay.response.status).toBe(401)
    const security = await (await user.get('/api/admin/account/security')).json()
    expect(security.passkeys[0].lastUsedAt).not.toBeNull()
  })

  it('refuses an assertion signed by another key', async () => {
    const { authenticator } = await withPasskey()
    const optionsResponse = await app.postJson('/api/login/passkey-alone/options', {})
    const options = (await optionsResponse.json()) as Options
    const forged = authenticator.get(options)
    const impostor = new SoftwareAuthenticator(app.baseUrl)
    impostor.create({ challenge: 'eA', rp: { id: '127.0.0.1' }, user: { id: 'eA' } })
    forged.response.signature = impostor.get(options).response.signature
    const done = await finishSignIn(
      app,
      cookiesOf(optionsResponse, 'passkey_sign_in'),
      '/api/login/passkey-alone/verify',
      {
        response: forged,
      },
    )
    expect(done.response.status).toBe(401)
    expect(done.client).toBeUndefined()
  })

  it('asks for the pending sign-in before the assertion, and a passkey alone for its assertion first', async () => {
    const noStep = await app.postJson('/api/login/passkey/verify', {})
    expect(noStep.status).toBe(401)
    expect(await noStep.json()).toEqual({ message: SECOND_STEP_EXPIRED })
    const { user } = await withPasskey()
    const step = await startSignIn(app, user.email, DEFAULT_PASSWORD)
    const noAssertion = await app.postJson(
      '/api/login/passkey/verify',
      {},
      { headers: { cookie: step.cookie } },
    )
    expect(noAssertion.status).toBe(400)
    const alone = await app.postJson('/api/login/passkey-alone/verify', {})
    expect(alone.status).toBe(400)
  })

  it('is a second factor after the password', async () => {
    const { user, authenticator } = await withPasskey()
    const step = await startSignIn(app, user.email, DEFAULT_PASSWORD)
    expect(step.methods).toEqual(['passkey', 'recovery'])
    const optionsResponse = await app.postJson(
      '/api/login/passkey/options',
      {},
      { headers: { cookie: step.cookie } },
    )
    const options = (await optionsResponse.json()) as Options & { allowCredentials: { id: string }[] }
    expect(options.allowCredentials.map((c) => c.id)).toEqual([
      authenticator.credentials[0]?.id.toString('base64url'),
    ])
    const done = await finishSignIn(app, step.cookie, '/api/login/passkey/verify', {
      response: authenticator.get(options),
    })
    expect(done.response.status).toBe(200)
    const signIn = await app.database.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'auth.sign_in')
      .where('actorId', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(signIn.detail).toMatchObject({ method: 'password+passkey' })
  })

  it('renames and removes a passkey, only one’s own', async () => {
    const { user, passkey } = await withPasskey()
    const stranger = await createSignedInAdmin(app, { role: 'admin' })
    expect(
      (await stranger.put(`/api/admin/account/passkeys/${passkey.id}`, { name: 'Mine now' })).status,
    ).toBe(404)
    expect((await stranger.del(`/api/admin/account/passkeys/${passkey.id}`)).status).toBe(404)
    const renamed = await user.put(`/api/admin/account/passkeys/${passkey.id}`, { name: 'Phone' })
    expect(await renamed.json()).toMatchObject({ name: 'Phone' })
    expect((await user.del(`/api/admin/account/passkeys/${passkey.id}`)).status).toBe(204)
    // No factor left: the password alone signs in again.
    const login = await app.postJson('/api/login', { email: user.email, password: DEFAULT_PASSWORD })
    expect(await login.json()).toHaveProperty('user')
  })
})
