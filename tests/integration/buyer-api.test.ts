import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuyerLeadPage } from '../../core/schemas/buyer-access.ts'
import {
  type AdminClient,
  apiClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { buyerWithLeads, DAY, keyClient, ledgerOf, newKey } from '../support/buyer-access.ts'
import { insertLead } from '../support/factories.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

describe(`buyer API on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let editor: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  const db = () => app.database.db

  const withLeads = (ages: number[], contract?: Parameters<typeof buyerWithLeads>[2]) =>
    buyerWithLeads(db(), ages, contract)
  const createKey = (buyerId: number, name?: string) => newKey(admin, buyerId, name)
  const getWith = (key: string, pathname: string) => keyClient(app, key).get(pathname)
  const returnWith = (key: string, reference: string, body: unknown) =>
    keyClient(app, key).returnLead(reference, body)
  const ledger = (saleId: number) => ledgerOf(db(), saleId)

  describe('API keys', () => {
    it('creates a key shown once, lists it by prefix, stores only its hash', async () => {
      const { buyer } = await withLeads([])
      const created = await createKey(buyer.id, 'Their CRM')
      expect(created.key).toMatch(/^ccb_[A-Za-z0-9_-]{32}$/)
      expect(created.prefix).toBe(created.key.slice(0, 12))
      const list = (await ok(await admin.get(`/api/admin/buyers/${buyer.id}/keys`))) as unknown as unknown[]
      expect(list).toEqual([
        {
          id: created.id,
          name: 'Their CRM',
          prefix: created.prefix,
          createdAt: created.createdAt,
          lastUsedAt: null,
          revokedAt: null,
        },
      ])
      const stored = await db()
        .selectFrom('buyerApiKey')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow()
      expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(stored)).not.toContain(created.key)
      const audit = await db()
        .selectFrom('auditLog')
        .select(['action', 'detail'])
        .where('action', '=', 'buyer_key.create')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(JSON.stringify(audit.detail)).not.toContain(created.key)
    })

    it('answers 401 without a key, with a wrong key, and with a revoked key; records the last use', async () => {
      const { buyer } = await withLeads([1])
      const { key, id } = await createKey(buyer.id)
      await expectError(await app.request('/api/buyer/leads'), 401)
      await expectError(await getWith(`ccb_${'A'.repeat(32)}`, '/api/buyer/leads'), 401)
      await expectError(await app.request('/api/buyer/leads', { headers: { authorization: 'Basic x' } }), 401)
      expect((await getWith(key, '/api/buyer/leads')).status).toBe(200)
      const used = await db()
        .selectFrom('buyerApiKey')
        .select('lastUsedAt')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(used.lastUsedAt).not.toBeNull()

      const revoked = await admin.del(`/api/admin/buyers/${buyer.id}/keys/${id}`)
      expect((await ok(revoked)).revokedAt).toEqual(expect.any(String))
      await expectError(await getWith(key, '/api/buyer/leads'), 401)
    })

    it("answers 404 revoking another buyer's key, and 401 once the buyer is inactive", async () => {
      const a = await withLeads([])
      const b = await withLeads([])
      const { id, key } = await createKey(a.buyer.id)
      await expectError(
        await admin.del(`/api/admin/buyers/${b.buyer.id}/keys/${id}`),
        404,
        'API key not found',
      )
      expect((await getWith(key, '/api/buyer/leads')).status).toBe(200)
      await db().updateTable('buyer').set({ isActive: false }).where('id', '=', a.buyer.id).execute()
      await expectError(await getWith(key, '/api/buyer/leads'), 401)
    })

    it("never shows buyer A's key buyer B's leads", async () => {
      const a = await withLeads([1])
      const b = await withLeads([1, 2])
      const { key } = await createKey(a.buyer.id)
      const page = (await ok(await getWith(key, '/api/buyer/leads'))) as unknown as BuyerLeadPage
      expect(page.total).toBe(1)
      expect(page.items.map((i) => i.reference)).toEqual([a.sales[0]?.reference])
      const other = b.sales[0]?.reference as string
      await expectError(await returnWith(key, other, { reason: 'duplicate' }), 404, 'Lead not found')
    })
  })

  describe('leads', () => {
    it('lists accepted leads newest first, paged, with `since`, and erased leads without personal data', async () => {
      const { buyer, sales } = await withLeads([5, 1, 3], { pricePence: 4200 })
      // A reserved (not yet accepted) offer is not the buyer's lead.
      const extra = await insertLead(db(), { email: uniqueEmail('reserved') })
      await db()
        .insertInto('sale')
        .values({
          leadId: extra.id,
          contractId: sales[0]?.sale.contractId as number,
          buyerId: buyer.id,
          status: 'reserved',
          pricePence: 4200,
        })
        .execute()
      const { key } = await createKey(buyer.id)
      const first = (await ok(await getWith(key, '/api/buyer/leads?pageSize=2'))) as unknown as BuyerLeadPage
      expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 })
      expect(first.items.map((i) => i.reference)).toEqual([sales[1]?.reference, sales[2]?.reference])
      const item = first.items[0]
      expect(item).toMatchObject({
        erased: false,
        contractName: `Deal ${buyer.id}`,
        pricePence: 4200,
        person: { firstName: 'Zoë', lastName: '=HYPERLINK("x")', phoneType: 'mobile' },
        answers: { hadPcpFinance: 'yes' },
        outcome: 'eligible',
        utmSource: 'google',
        utmCampaign: 'spring',
        consent: { text: 'I agree to be contacted by Acme Claims' },
        return: null,
      })
      expect(Date.parse(item?.returnableUntil ?? '') - Date.parse(item?.acceptedAt ?? '')).toBe(14 * DAY)
      const second = (await ok(
        await getWith(key, '/api/buyer/leads?pageSize=2&page=2'),
      )) as unknown as BuyerLeadPage
      expect(second.items.map((i) => i.reference)).toEqual([sales[0]?.reference])

      const since = new Date(Date.now() - 4 * DAY).toISOString()
      const recent = (await ok(
        await getWith(key, `/api/buyer/leads?since=${encodeURIComponent(since)}`),
      )) as unknown as BuyerLeadPage
      expect(recent.total).toBe(2)
      await expectError(await getWith(key, '/api/buyer/leads?since=yesterday'), 400, /^since must be/)
      await expectError(await getWith(key, '/api/buyer/leads?pageSize=500'), 400)

      await db()
        .deleteFrom('lead')
        .where('id', '=', sales[1]?.leadId as number)
        .execute()
      const after = (await ok(await getWith(key, '/api/buyer/leads'))) as unknown as BuyerLeadPage
      expect(after.items[0]).toMatchObject({ erased: true, reference: null, person: null, answers: null })
      expect(JSON.stringify(after.items[0])).not.toContain('Zoë')
    })

    it('downloads the leads as CSV with formula cells neutralised', async () => {
      const { buyer, sales } = await withLeads([2, 1])
      const { key } = await createKey(buyer.id)
      const response = await getWith(key, '/api/buyer/leads.csv')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-/)
      const text = await response.text()
      const lines = text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
      expect(lines[0]).toMatch(/^Reference,Accepted,Contract,/)
      expect(lines).toHaveLength(3)
      expect(lines[1]).toContain(sales[1]?.reference)
      expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`)
      expect(text).not.toMatch(/,=HYPERLINK/)
      const since = new Date(Date.now() - 1.5 * DAY).toISOString()
      const recent = await (await getWith(key, `/api/buyer/leads.csv?since=${since}`)).text()
      expect(recent.trimEnd().split('\r\n')).toHaveLength(2)
    })
  })

  describe('returns', () => {
    it('takes a return within the window (201), refuses it twice (409) and after the window (400)', async () => {
      const { buyer, sales } = await withLeads([1, 20])
      const { key } = await createKey(buyer.id)
      const [fresh, old] = sales
      const response = await returnWith(key, fresh?.reference as string, { reason: 'wrong_number' })
      expect(await ok(response, 201)).toMatchObject({
        status: 'pending',
        reason: 'wrong_number',
        note: null,
        decidedAt: null,
      })
      await expectError(
        await returnWith(key, fresh?.reference as string, { reason: 'duplicate' }),
        409,
        'This lead has already been returned',
      )
      await expectError(
        await returnWith(key, old?.reference as string, { reason: 'duplicate' }),
        400,
        /^The return window for this lead closed on \d{4}-\d{2}-\d{2} \(14 days after it was accepted\)$/,
      )
      await expectError(await returnWith(key, 'no-such-lead', { reason: 'duplicate' }), 404, 'Lead not found')
      expect(await ledger(fresh?.sale.id as number)).toEqual([{ kind: 'sale', amountPence: 2500 }])

      const page = (await ok(await getWith(key, '/api/buyer/leads'))) as unknown as BuyerLeadPage
      expect(page.items.find((i) => i.reference === fresh?.reference)?.return).toMatchObject({
        status: 'pending',
        reason: 'wrong_number',
      })
      const returns = (await ok(await getWith(key, '/api/buyer/returns'))) as unknown as unknown[]
      expect(returns).toEqual([
        expect.objectContaining({ reference: fresh?.reference, status: 'pending', pricePence: 2500 }),
      ])
    })

    it('refuses an unknown reason and "other" without a note (400)', async () => {
      const { buyer, sales } = await withLeads([1])
      const { key } = await createKey(buyer.id)
      const reference = sales[0]?.reference as string
      await expectError(
        await returnWith(key, reference, { reason: 'changed_mind' }),
        400,
        /^reason must be one of/,
      )
      await expectError(
        await returnWith(key, reference, { reason: 'other', note: '  ' }),
        400,
        'Say why in note when the reason is other',
      )
      expect(
        await ok(await returnWith(key, reference, { reason: 'other', note: 'Deceased' }), 201),
      ).toMatchObject({ reason: 'other', note: 'Deceased' })
    })

    it('approves at once under an auto-approving contract, with one ledger entry of -price', async () => {
      const { buyer, sales } = await withLeads([1], { autoApproveReturns: true, pricePence: 3100 })
      const { key } = await createKey(buyer.id)
      const body = await ok(
        await returnWith(key, sales[0]?.reference as string, { reason: 'no_consent' }),
        201,
      )
      expect(body).toMatchObject({ status: 'approved', decidedAt: expect.any(String) })
      expect(await ledger(sales[0]?.sale.id as number)).toEqual([
        { kind: 'sale', amountPence: 3100 },
        { kind: 'return', amountPence: -3100 },
      ])
    })

    it('lets the operator approve once (one -price entry) or reject (none); a second decision is 409', async () => {
      const { buyer, sales } = await withLeads([1, 2], { pricePence: 1999 })
      const { key } = await createKey(buyer.id)
      const [first, second] = sales
      const a = await ok(await returnWith(key, first?.reference as string, { reason: 'duplicate' }), 201)
      const b = await ok(await returnWith(key, second?.reference as string, { reason: 'wrong_number' }), 201)

      const pending = (await ok(
        await admin.get(`/api/admin/returns?status=pending&buyerId=${buyer.id}`),
      )) as unknown as { id: number; buyerName: string; reference: string }[]
      expect(pending.map((r) => r.id)).toEqual([a.id, b.id])
      expect(pending[0]).toMatchObject({ buyerName: buyer.name, reference: first?.reference })
      await expectError(await admin.get('/api/admin/returns?status=lost'), 400)

      const approved = await admin.put(`/api/admin/returns/${a.id}`, { status: 'approved', note: 'Fair' })
      expect(await ok(approved)).toMatchObject({
        status: 'approved',
        decisionNote: 'Fair',
        decidedByEmail: admin.email,
      })
      expect(await ledger(first?.sale.id as number)).toEqual([
        { kind: 'sale', amountPence: 1999 },
        { kind: 'return', amountPence: -1999 },
      ])
      await expectError(
        await admin.put(`/api/admin/returns/${a.id}`, { status: 'rejected' }),
        409,
        'This return was already approved',
      )
      await expectError(await admin.put(`/api/admin/returns/${a.id}`, { status: 'approved' }), 409)
      expect(await ledger(first?.sale.id as number)).toHaveLength(2)

      expect(await ok(await admin.put(`/api/admin/returns/${b.id}`, { status: 'rejected' }))).toMatchObject({
        status: 'rejected',
      })
      expect(await ledger(second?.sale.id as number)).toEqual([{ kind: 'sale', amountPence: 1999 }])
      await expectError(await admin.put(`/api/admin/returns/${b.id}`, { status: 'maybe' }), 400)
      await expectError(await admin.put('/api/admin/returns/999999', { status: 'approved' }), 404)

      const outcomes = (await ok(await getWith(key, '/api/buyer/returns'))) as unknown as { status: string }[]
      expect(outcomes.map((r) => r.status).sort()).toEqual(['approved', 'rejected'])
      const actions = await db()
        .selectFrom('auditLog')
        .select('action')
        .where('entity', '=', 'lead_return')
        .where('entityId', 'in', [String(a.id), String(b.id)])
        .execute()
      expect(actions.map((r) => r.action).sort()).toEqual([
        'return.approve',
        'return.reject',
        'return.request',
        'return.request',
      ])
    })
  })

  describe('buyer accounts and access', () => {
    it('signs a buyer in to the buyer API, refuses them the admin API, and keeps them out of Users', async () => {
      const { buyer, sales } = await withLeads([1])
      const email = uniqueEmail('buyer')
      const created = await admin.post(`/api/admin/buyers/${buyer.id}/accounts`, {
        email,
        password: DEFAULT_PASSWORD,
        firstName: 'Bea',
      })
      const account = await ok(created, 201)
      expect(account).toMatchObject({ email, firstName: 'Bea', isActive: true })
      await expectError(
        await admin.post(`/api/admin/buyers/${buyer.id}/accounts`, { email, password: DEFAULT_PASSWORD }),
        409,
      )
      await expectError(
        await admin.post(`/api/admin/buyers/${buyer.id}/accounts`, {
          email: uniqueEmail('weak'),
          password: 'password1234',
        }),
        400,
      )
      const list = (await ok(
        await admin.get(`/api/admin/buyers/${buyer.id}/accounts`),
      )) as unknown as unknown[]
      expect(list).toEqual([expect.objectContaining({ id: account.id, email })])

      const login = await app.postJson('/api/login', { email, password: DEFAULT_PASSWORD })
      expect(login.status).toBe(200)
      const cookie = await signIn(app, email, DEFAULT_PASSWORD)
      const client = apiClient(app, cookie)
      const page = (await ok(await client.get('/api/buyer/leads'))) as unknown as BuyerLeadPage
      expect(page.items.map((i) => i.reference)).toEqual([sales[0]?.reference])
      for (const pathname of ['/api/admin/users', '/api/admin/pages', '/api/admin/returns', '/api/admin/x']) {
        await expectError(await client.get(pathname), 403)
      }
      await expectError(await client.get('/api/leads'), 403)
      const me = await ok(await client.get('/api/auth/user'))
      expect(me).toMatchObject({ role: 'buyer', buyerId: buyer.id, permissions: [] })

      // The session's return passes the same-origin check; a cross-site one does not.
      const reference = sales[0]?.reference as string
      const crossSite = await client.request(`/api/buyer/leads/${reference}/return`, {
        method: 'POST',
        body: JSON.stringify({ reason: 'duplicate' }),
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      })
      expect(crossSite.status).toBe(403)
      expect(
        await ok(await client.post(`/api/buyer/leads/${reference}/return`, { reason: 'duplicate' }), 201),
      ).toMatchObject({ status: 'pending' })

      const users = (await ok(await admin.get('/api/admin/users'))) as unknown as { email: string }[]
      expect(users.map((u) => u.email)).not.toContain(email)
      await expectError(await admin.put(`/api/admin/users/${account.id}`, { role: 'admin' }), 404)

      // A form sign-in lands a buyer on /buyer; /admin sends them there too.
      const form = await app.request('/api/login', {
        method: 'POST',
        body: new URLSearchParams({ email, password: DEFAULT_PASSWORD }),
      })
      expect(form.status).toBe(303)
      expect(form.headers.get('location')).toBe('/buyer')
      const adminPage = await client.get('/admin')
      expect(adminPage.status).toBe(302)
      expect(adminPage.headers.get('location')).toBe('/buyer')
      const buyerPage = await client.get('/buyer')
      expect(buyerPage.status).toBe(200)
      expect(await buyerPage.text()).toContain(reference)

      await expectError(await admin.del(`/api/admin/buyers/${buyer.id + 1000}/accounts/${account.id}`), 404)
      const deleted = await admin.del(`/api/admin/buyers/${buyer.id}/accounts/${account.id}`)
      expect(deleted.status).toBe(204)
      await expectError(await client.get('/api/buyer/leads'), 401)
    })

    it('also makes a buyer account through Users, tied to its buyer', async () => {
      const { buyer, sales } = await withLeads([1])
      const email = uniqueEmail('via-users')
      const body = { email, password: DEFAULT_PASSWORD, role: 'buyer' }
      await expectError(await admin.post('/api/admin/users', body), 400)
      await expectError(await admin.post('/api/admin/users', { ...body, buyerId: buyer.id + 10_000 }), 400)
      await expectError(
        await admin.post('/api/admin/users', { ...body, buyerId: buyer.id, permissions: ['leads'] }),
        400,
      )
      await expectError(
        await admin.post('/api/admin/users', { ...body, role: 'editor', buyerId: buyer.id }),
        400,
      )
      await ok(await admin.post('/api/admin/users', { ...body, buyerId: buyer.id }), 201)
      const client = apiClient(app, await signIn(app, email, DEFAULT_PASSWORD))
      const page = (await ok(await client.get('/api/buyer/leads'))) as unknown as BuyerLeadPage
      expect(page.items.map((i) => i.reference)).toEqual([sales[0]?.reference])
      await expectError(await client.get('/api/admin/leads/stats'), 403)
      const listed = (await ok(await admin.get(`/api/admin/buyers/${buyer.id}/accounts`))) as unknown as {
        email: string
      }[]
      expect(listed.map((a) => a.email)).toEqual([email])
    })

    it('sends a visitor who is not a buyer from /buyer to the sign-in page', async () => {
      const anonymous = await app.request('/buyer')
      expect(anonymous.status).toBe(302)
      expect(anonymous.headers.get('location')).toBe('/api/login?portal=buyer')
      const staff = await admin.get('/buyer')
      expect(staff.status).toBe(403)
    })

    it('refuses an editor every buyer-access and returns route (403)', async () => {
      const { buyer } = await withLeads([])
      for (const [method, pathname] of [
        ['GET', `/api/admin/buyers/${buyer.id}/keys`],
        ['POST', `/api/admin/buyers/${buyer.id}/keys`],
        ['DELETE', `/api/admin/buyers/${buyer.id}/keys/1`],
        ['GET', `/api/admin/buyers/${buyer.id}/accounts`],
        ['POST', `/api/admin/buyers/${buyer.id}/accounts`],
        ['DELETE', `/api/admin/buyers/${buyer.id}/accounts/1`],
        ['GET', '/api/admin/returns'],
        ['PUT', '/api/admin/returns/1'],
      ] as const) {
        const response = await editor.request(pathname, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(method === 'POST' || method === 'PUT' ? { body: '{}' } : {}),
        })
        expect(response.status, `${method} ${pathname}`).toBe(403)
      }
      await expectError(await admin.get('/api/admin/buyers/999999/keys'), 404, 'Buyer not found')
    })
  })
})
