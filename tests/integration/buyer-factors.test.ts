import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENROL_REQUIRED, LAST_FACTOR_REQUIRED } from '../../core/mfa-policy.ts'
import { createBuyerAccount } from '../../server/identity/index.ts'
import {
  type AdminClient,
  type ApiClient,
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { keyClient, newKey } from '../support/buyer-access.ts'
import { finishSignIn, startSignIn, totpCode } from '../support/factors.ts'
import { insertBuyer } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const HELD = { message: ENROL_REQUIRED, enrol: true }

describe(`second factors for buyers' accounts on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let buyerId: number

  async function buyerAccount(): Promise<ApiClient & { email: string }> {
    const email = uniqueEmail('buyer')
    await createBuyerAccount(app.database.db, buyerId, { email, password: DEFAULT_PASSWORD })
    return { ...apiClient(app, await signIn(app, email, DEFAULT_PASSWORD)), email }
  }

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    buyerId = (await insertBuyer(app.database.db, { isActive: true, namedInConsent: false })).id
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lets a buyer set up an authenticator app and recovery codes, then asks for it at sign-in', async () => {
    const buyer = await buyerAccount()
    // Still no way into the admin API, its own account's included.
    expect((await buyer.get('/api/admin/account/security')).status).toBe(403)
    const started = await buyer.post('/api/account/totp', {})
    expect(started.status).toBe(200)
    const { secret } = (await started.json()) as { secret: string }
    const confirmed = await buyer.post('/api/account/totp/confirm', { code: totpCode(secret) })
    expect(confirmed.status).toBe(200)
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] }
    expect(recoveryCodes).toHaveLength(10)
    expect(await (await buyer.get('/api/account/security')).json()).toMatchObject({
      totp: { enabled: true },
      recoveryCodes: { remaining: 10, total: 10 },
      required: false,
    })

    // The password alone no longer signs in: the second step does, and lands on /buyer.
    const step = await startSignIn(app, buyer.email, DEFAULT_PASSWORD)
    expect(step.methods).toEqual(['totp', 'recovery'])
    const finished = await finishSignIn(app, step.cookie, '/api/login/totp', { code: totpCode(secret, 1) })
    expect(finished.response.status).toBe(200)
    expect(await finished.response.json()).toMatchObject({ redirect: '/buyer' })
    expect((await finished.client?.get('/api/buyer/leads'))?.status).toBe(200)

    const again = await startSignIn(app, buyer.email, DEFAULT_PASSWORD)
    const recovered = await finishSignIn(app, again.cookie, '/api/login/recovery', { code: recoveryCodes[0] })
    expect(recovered.response.status).toBe(200)
  })

  describe('with the policy covering buyers', () => {
    beforeAll(async () => {
      const set = await admin.put('/api/admin/mfa-policy', { mode: 'roles', roles: ['buyer'] })
      expect(set.status).toBe(200)
      expect(await set.json()).toEqual({ mode: 'roles', roles: ['buyer'] })
    })
    afterAll(async () => {
      await admin.put('/api/admin/mfa-policy', { mode: 'off' })
    })

    it('holds a buyer without a factor at enrolment: the API by session and the page', async () => {
      const buyer = await buyerAccount()
      const leads = await buyer.get('/api/buyer/leads')
      expect(leads.status).toBe(403)
      expect(await leads.json()).toEqual(HELD)
      const page = await buyer.get('/buyer')
      expect(page.status).toBe(302)
      expect(page.headers.get('location')).toBe('/buyer/account?enrol=1')
      expect(await (await buyer.get('/api/account/security')).json()).toMatchObject({
        required: true,
        mustEnrol: true,
      })
      // An API key is a credential of the firm, not of this account: it still works.
      const { key } = await newKey(admin, buyerId)
      expect((await keyClient(app, key).get('/api/buyer/leads')).status).toBe(200)
      // Staff are not covered by a policy naming only buyers.
      expect((await admin.get('/api/admin/pages')).status).toBe(200)

      const { secret } = (await (await buyer.post('/api/account/totp', {})).json()) as { secret: string }
      expect((await buyer.post('/api/account/totp/confirm', { code: totpCode(secret) })).status).toBe(200)
      expect((await buyer.get('/api/buyer/leads')).status).toBe(200)
      expect((await buyer.get('/buyer')).status).toBe(200)
      // Its only factor stays while the policy asks for one.
      const removed = await buyer.del('/api/account/totp')
      expect(removed.status).toBe(409)
      expect(await removed.json()).toEqual({ message: LAST_FACTOR_REQUIRED })
    })
  })
})
