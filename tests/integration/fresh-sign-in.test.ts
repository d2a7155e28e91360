import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REAUTHENTICATE, REAUTHENTICATION_FAILED } from '../../core/fresh-sign-in.ts'
import { json, parseConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin, DEFAULT_PASSWORD } from '../support/admin-client.ts'
import { enrolTotp, totpCode } from '../support/factors.ts'
import { insertBuyer } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const STALE = { message: REAUTHENTICATE, reauthenticate: true }

describe(`a fresh sign-in for sensitive changes on ${testDialect}`, () => {
  let app: TestApp

  /** Moves every session of this account's sign-in (and any re-authentication) 20 minutes back. */
  async function ageSessions(adminId: number) {
    const { db } = app.database
    const rows = await db
      .selectFrom('session')
      .select(['sid', 'sess'])
      .where('adminId', '=', adminId)
      .execute()
    expect(rows.length).toBeGreaterThan(0)
    const then = new Date(Date.now() - 20 * 60_000).toISOString()
    for (const row of rows) {
      const sess = { ...(row.sess as Record<string, unknown>), createdAt: then, verifiedAt: then }
      await db
        .updateTable('session')
        .set({ sess: json(sess) })
        .where('sid', '=', row.sid)
        .execute()
    }
  }

  /** Every factor change, as a request. */
  const changes = (passkeyId: number): [string, string, unknown?][] => [
    ['POST', '/api/admin/account/passkeys/options', {}],
    [
      'POST',
      '/api/admin/account/passkeys',
      {
        name: 'Key',
        response: { id: 'eA', rawId: 'eA', type: 'public-key', response: { clientDataJSON: 'e30' } },
      },
    ],
    ['PUT', `/api/admin/account/passkeys/${passkeyId}`, { name: 'Renamed' }],
    ['DELETE', `/api/admin/account/passkeys/${passkeyId}`],
    ['POST', '/api/admin/account/totp', {}],
    ['POST', '/api/admin/account/totp/confirm', { code: '123456' }],
    ['DELETE', '/api/admin/account/totp'],
    ['POST', '/api/admin/account/recovery-codes', {}],
  ]

  async function send(client: AdminClient, method: string, path: string, body?: unknown) {
    if (method === 'POST') return client.post(path, body ?? {})
    if (method === 'PUT') return client.put(path, body ?? {})
    if (method === 'DELETE') return client.del(path)
    return client.get(path)
  }

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('refuses every factor change on a sign-in older than ten minutes, and changes nothing', async () => {
    const user = await createSignedInAdmin(app, { role: 'editor' })
    const secret = await enrolTotp(user)
    const passkey = await app.database.db
      .insertInto('passkey')
      .values({
        adminId: user.id,
        name: 'Laptop',
        credentialId: `cred-${user.id}`,
        publicKey: 'AA',
        counter: 0,
        transports: json([]),
        deviceType: 'multiDevice',
        backedUp: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const before = await (await user.get('/api/admin/account/security')).json()
    await ageSessions(user.id)
    for (const [method, path, body] of changes(passkey.id)) {
      const response = await send(user, method, path, body)
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(await response.json()).toEqual(STALE)
    }
    // Reading is not a change: the account page still loads, and nothing moved.
    const after = await user.get('/api/admin/account/security')
    expect(after.status).toBe(200)
    expect(await after.json()).toEqual(before)

    // A wrong password or code does not refresh the sign-in.
    for (const body of [{ password: 'not the password' }, { code: '000000' }, { code: 'ABCDE-FGHJK' }]) {
      const wrong = await user.post('/api/admin/account/reauthenticate', body)
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toEqual({ message: REAUTHENTICATION_FAILED })
    }
    expect((await user.del('/api/admin/account/totp')).status).toBe(403)

    // An authenticator code (the next step's: this step's was used to set the app up) refreshes it.
    const ok = await user.post('/api/admin/account/reauthenticate', { code: totpCode(secret, 1) })
    expect(ok.status, await ok.clone().text()).toBe(200)
    expect((await user.put(`/api/admin/account/passkeys/${passkey.id}`, { name: 'Renamed' })).status).toBe(
      200,
    )
    expect((await user.del('/api/admin/account/totp')).status).toBe(204)
    const audit = await app.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorId', '=', user.id)
      .where('action', '=', 'auth.reauthenticated')
      .execute()
    expect(audit).toHaveLength(1)
  })

  it('takes the password again, and a recovery code, once each', async () => {
    const user = await createSignedInAdmin(app, { role: 'editor' })
    await enrolTotp(user)
    const codes = (await (await user.post('/api/admin/account/recovery-codes', {})).json()).codes as string[]
    await ageSessions(user.id)
    expect((await user.post('/api/admin/account/recovery-codes', {})).status).toBe(403)
    expect(
      (await user.post('/api/admin/account/reauthenticate', { password: DEFAULT_PASSWORD })).status,
    ).toBe(200)
    expect((await user.post('/api/admin/account/recovery-codes', {})).status).toBe(201)

    await ageSessions(user.id)
    const fresh = (await (await user.get('/api/admin/account/security')).json()).recoveryCodes
    expect(fresh.remaining).toBe(10)
    expect((await user.post('/api/admin/account/reauthenticate', { code: codes[0] })).status).toBe(400)
  })

  it('lets a sign-in of the last ten minutes change factors without asking', async () => {
    const user = await createSignedInAdmin(app, { role: 'editor' })
    expect((await user.post('/api/admin/account/recovery-codes', {})).status).toBe(201)
  })

  it('asks again before an API key is created for a buyer', async () => {
    const admin = await createSignedInAdmin(app, { role: 'admin' })
    const buyer = await insertBuyer(app.database.db, { isActive: true, namedInConsent: false })
    await ageSessions(admin.id)
    const refused = await admin.post(`/api/admin/buyers/${buyer.id}/keys`, { name: 'CRM' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual(STALE)
    const keys = await app.database.db
      .selectFrom('buyerApiKey')
      .select('id')
      .where('buyerId', '=', buyer.id)
      .execute()
    expect(keys).toEqual([])
    // Listing and revoking are not creating: they still work.
    expect((await admin.get(`/api/admin/buyers/${buyer.id}/keys`)).status).toBe(200)
    expect(
      (await admin.post('/api/admin/account/reauthenticate', { password: DEFAULT_PASSWORD })).status,
    ).toBe(200)
    expect((await admin.post(`/api/admin/buyers/${buyer.id}/keys`, { name: 'CRM' })).status).toBe(201)
  })
})

describe(`re-authentication and a password change count with sign-in attempts on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    const rateLimits = { ...parseConfig({}).rateLimits, enabled: true, login: { limit: 3, windowMs: 60_000 } }
    app = await startTestApp({ rateLimits })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('refuses them with 429 under both bases once the login limit is used up', async () => {
    // The sign-in is the first attempt of three.
    const user = await createSignedInAdmin(app, { role: 'editor' })
    const wrongPassword = { currentPassword: 'not the password', newPassword: 'quartz lantern orchard 42' }
    expect((await user.post('/api/admin/account/reauthenticate', { password: 'wrong' })).status).toBe(400)
    expect((await user.post('/api/account/password', wrongPassword)).status).toBe(400)
    for (const [pathname, body] of [
      ['/api/account/reauthenticate', { password: DEFAULT_PASSWORD }],
      ['/api/admin/account/password', wrongPassword],
    ] as const) {
      const response = await user.post(pathname, body)
      expect(response.status, pathname).toBe(429)
      expect(response.headers.get('retry-after'), pathname).toMatch(/^\d+$/)
    }
    // Reading one's factors is not an attempt.
    expect((await user.get('/api/admin/account/security')).status).toBe(200)
  })
})
