import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuyerView, ContractView } from '../../core/schemas/buyer-views.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { insertLead, leadIdOf, leadPayload } from '../support/factories.ts'
import { created, expectError, ok } from '../support/http.ts'
import { insertSale } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const SECRET = 'contract-secret-0123456789-wxyz'
/** A documentation address (TEST-NET-3): accepted as a public https endpoint, never reached here. */
const ENDPOINT = 'https://203.0.113.20/leads'

const buyerInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Claims Ltd',
  tradingName: 'Acme Claims',
  fcaNumber: '123456',
  email: 'Leads@Acme.example',
  ...overrides,
})

const contractInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Eligible mobiles',
  pricePence: 2500,
  exclusive: false,
  maxBuyers: 3,
  filters: {
    answers: { hadPcpFinance: ['yes'] },
    eligibleOnly: true,
    phoneTypes: ['mobile'],
    utmSources: ['google'],
    utmCampaigns: ['spring'],
    landingPaths: ['/claims*'],
  },
  schedule: { days: [5, 1, 2], from: '09:00', to: '17:30', bankHolidays: false },
  caps: { hour: 5, day: 40, week: null, month: 500 },
  priority: 10,
  weight: 3,
  webhookUrl: ENDPOINT,
  secret: SECRET,
  acceptPath: 'status',
  isActive: false,
  ...overrides,
})

describe(`buyers and contracts admin API on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  async function createBuyer(overrides: Record<string, unknown> = {}) {
    return (await created(
      await admin.post('/api/admin/buyers', buyerInput(overrides)),
    )) as unknown as BuyerView
  }
  async function createContract(buyerId: number, overrides: Record<string, unknown> = {}) {
    const response = await admin.post(`/api/admin/buyers/${buyerId}/contracts`, contractInput(overrides))
    return (await created(response)) as unknown as ContractView
  }

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('creates, lists, reads, updates and deletes a buyer, with audit entries', async () => {
    const response = await admin.post('/api/admin/buyers', buyerInput())
    expect(response.headers.get('cache-control')).toBe('no-store')
    const buyer = (await created(response)) as unknown as BuyerView
    expect(buyer).toMatchObject({
      name: 'Acme Claims Ltd',
      tradingName: 'Acme Claims',
      fcaNumber: '123456',
      email: 'leads@acme.example',
      namedInConsent: false,
      consentOrder: 0,
      isActive: true,
      contracts: 0,
      activeContracts: 0,
    })
    expect(buyer.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)

    const listed = await admin.get('/api/admin/buyers')
    expect(listed.headers.get('cache-control')).toBe('no-store')
    expect(((await ok(listed)) as unknown as BuyerView[]).map((b) => b.id)).toContain(buyer.id)
    expect(await ok(await admin.get(`/api/admin/buyers/${buyer.id}`))).toEqual(buyer)

    const renamed = await ok(
      await admin.put(`/api/admin/buyers/${buyer.id}`, { tradingName: 'Acme', namedInConsent: true }),
    )
    expect(renamed).toMatchObject({
      id: buyer.id,
      name: 'Acme Claims Ltd',
      tradingName: 'Acme',
      namedInConsent: true,
    })
    expect(await ok(await admin.put(`/api/admin/buyers/${buyer.id}`, { isActive: false }))).toMatchObject({
      isActive: false,
    })

    expect(await ok(await admin.del(`/api/admin/buyers/${buyer.id}`))).toEqual({
      message: 'Buyer deleted',
      id: buyer.id,
    })
    await expectError(await admin.get(`/api/admin/buyers/${buyer.id}`), 404, 'Buyer not found')
    await expectError(await admin.del(`/api/admin/buyers/${buyer.id}`), 404, 'Buyer not found')

    const audit = await app.database.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('entity', '=', 'buyer')
      .where('entityId', '=', String(buyer.id))
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual([
      'buyer.create',
      'buyer.update',
      'buyer.update',
      'buyer.delete',
    ])
    expect(audit[1]?.detail).toMatchObject({ fields: ['tradingName', 'namedInConsent'] })
  })

  it('lists the live questionnaire questions and options for answer filters', async () => {
    const questions = (await ok(await admin.get('/api/admin/buyers/questions'))) as unknown as {
      id: string
      options: { value: string }[]
    }[]
    const pcp = questions.find((q) => q.id === 'hadPcpFinance')
    expect(pcp?.options.map((o) => o.value)).toContain('yes')
  })

  it('refuses invalid buyers with the rule they broke', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Name is required'],
      [{ fcaNumber: undefined }, 'FCA firm reference number is required'],
      [{ fcaNumber: '12ab56' }, 'The FCA firm reference number is 6 or 7 digits'],
      [{ email: 'not-an-address' }, 'Please enter a valid contact email address'],
      [{ namedInConsent: 'yes' }, 'namedInConsent must be true or false'],
    ]
    for (const [overrides, message] of cases) {
      await expectError(await admin.post('/api/admin/buyers', buyerInput(overrides)), 400, message)
    }
    const buyer = await createBuyer()
    await expectError(await admin.put(`/api/admin/buyers/${buyer.id}`, {}), 400, 'Nothing to update')
    await expectError(await admin.put('/api/admin/buyers/999999', { name: 'X' }), 404, 'Buyer not found')
    await expectError(await admin.get('/api/admin/buyers/abc'), 404, 'Buyer not found')
  })

  it('creates, lists, reads, updates and deletes a contract with every field, never sending its secret', async () => {
    const buyer = await createBuyer()
    const createdResponse = await admin.post(`/api/admin/buyers/${buyer.id}/contracts`, contractInput())
    const text = await createdResponse.clone().text()
    const contract = (await created(createdResponse)) as unknown as ContractView
    expect(text).not.toContain(SECRET)
    expect(contract).not.toHaveProperty('secret')
    expect(contract).toMatchObject({
      buyerId: buyer.id,
      name: 'Eligible mobiles',
      pricePence: 2500,
      exclusive: false,
      maxBuyers: 3,
      filters: contractInput().filters,
      // Days come back sorted, without repeats.
      schedule: { days: [1, 2, 5], from: '09:00', to: '17:30', bankHolidays: false },
      caps: { hour: 5, day: 40, week: null, month: 500 },
      priority: 10,
      weight: 3,
      webhookUrl: ENDPOINT,
      secretHint: '…wxyz',
      acceptPath: 'status',
      returnWindowDays: 14,
      autoApproveReturns: false,
      isActive: false,
    })

    // Its endpoint is a webhook row of kind 'contract', which the Webhooks panel does not list.
    const endpoint = await app.database.db
      .selectFrom('webhook')
      .innerJoin('contract', 'contract.webhookId', 'webhook.id')
      .select(['webhook.kind', 'webhook.secret', 'webhook.url'])
      .where('contract.id', '=', contract.id)
      .executeTakeFirstOrThrow()
    expect(endpoint).toEqual({ kind: 'contract', secret: SECRET, url: ENDPOINT })
    const webhooks = await ok(await admin.get('/api/admin/webhooks'))
    expect(JSON.stringify(webhooks)).not.toContain(ENDPOINT)

    for (const path of [`/api/admin/buyers/${buyer.id}/contracts`, `/api/admin/contracts/${contract.id}`]) {
      const response = await admin.get(path)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.clone().text()).not.toContain(SECRET)
    }
    const list = (await ok(
      await admin.get(`/api/admin/buyers/${buyer.id}/contracts`),
    )) as unknown as ContractView[]
    expect(list).toEqual([contract])
    expect(await ok(await admin.get(`/api/admin/contracts/${contract.id}`))).toEqual(contract)
    expect(await ok(await admin.get(`/api/admin/buyers/${buyer.id}`))).toMatchObject({
      contracts: 1,
      activeContracts: 0,
    })

    // A blank secret keeps the saved one; a new one replaces it, and is not sent back either.
    const kept = await ok(
      await admin.put(`/api/admin/contracts/${contract.id}`, { secret: '', pricePence: 3000 }),
    )
    expect(kept).toMatchObject({ pricePence: 3000, secretHint: '…wxyz' })
    const rotatedResponse = await admin.put(`/api/admin/contracts/${contract.id}`, {
      secret: 'a-brand-new-secret-9876',
      schedule: null,
      caps: {},
      filters: {},
    })
    expect(await rotatedResponse.clone().text()).not.toContain('a-brand-new-secret-9876')
    expect(await ok(rotatedResponse)).toMatchObject({
      secretHint: '…9876',
      schedule: null,
      caps: {},
      filters: {},
    })

    expect(await ok(await admin.del(`/api/admin/contracts/${contract.id}`))).toEqual({
      message: 'Contract deleted',
      id: contract.id,
    })
    await expectError(await admin.get(`/api/admin/contracts/${contract.id}`), 404, 'Contract not found')
    // The endpoint row goes with it.
    expect(
      await app.database.db.selectFrom('webhook').select('id').where('url', '=', ENDPOINT).execute(),
    ).toEqual([])
  })

  it('refuses invalid contracts with the rule they broke', async () => {
    const buyer = await createBuyer()
    const path = `/api/admin/buyers/${buyer.id}/contracts`
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: ' ' }, 'Name is required'],
      [{ pricePence: 12.5 }, 'Price is in whole pence'],
      [{ pricePence: '25' }, 'Price must be a number of pence'],
      [{ webhookUrl: 'ftp://buyer.example/leads' }, 'The URL must be a full https:// address'],
      [{ webhookUrl: 'https://127.0.0.1/leads' }, /^This webhook URL cannot be used: /],
      [{ secret: '' }, 'Secret is required'],
      [{ schedule: { days: [0], from: '09:00', to: '17:00' } }, 'Days are 1 (Monday) to 7 (Sunday)'],
      [{ schedule: { days: [1], from: '9am', to: '17:00' } }, 'From must be a time such as 09:00'],
      [{ schedule: { days: [1], from: '09:00', to: '09:00' } }, 'From and to must differ'],
      [{ caps: { day: -1 } }, 'Caps are 0 or more'],
      [{ maxBuyers: 0 }, 'A lead goes to at least 1 buyer'],
      [{ filters: { phoneTypes: ['fax'] } }, 'Phone types are mobile, landline or other'],
      [{ filters: { landingPaths: ['claims'] } }, 'Landing paths start with / (end with * for a prefix)'],
    ]
    for (const [overrides, message] of cases) {
      await expectError(await admin.post(path, contractInput(overrides)), 400, message)
    }
    await expectError(
      await admin.post('/api/admin/buyers/999999/contracts', contractInput()),
      404,
      'Buyer not found',
    )
    await expectError(await admin.get('/api/admin/buyers/999999/contracts'), 404, 'Buyer not found')
    const contract = await createContract(buyer.id)
    await expectError(
      await admin.put(`/api/admin/contracts/${contract.id}`, { webhookUrl: 'https://10.0.0.8/leads' }),
      400,
      /^This webhook URL cannot be used: /,
    )
    await expectError(await admin.put(`/api/admin/contracts/${contract.id}`, {}), 400, 'Nothing to update')
    await expectError(
      await admin.put('/api/admin/contracts/999999', { name: 'X' }),
      404,
      'Contract not found',
    )
    expect(
      await app.database.db.selectFrom('contract').select('id').where('buyerId', '=', buyer.id).execute(),
    ).toHaveLength(1)
  })

  it('is for callers with the buyers permission only', async () => {
    const buyer = await createBuyer()
    const contract = await createContract(buyer.id)
    const editor = await createSignedInAdmin(app, { role: 'editor' })
    const forbidden = 'Your role does not allow managing buyers'
    await expectError(await editor.get('/api/admin/buyers'), 403, forbidden)
    await expectError(await editor.post('/api/admin/buyers', buyerInput()), 403, forbidden)
    await expectError(await editor.get(`/api/admin/buyers/${buyer.id}/contracts`), 403, forbidden)
    await expectError(
      await editor.post(`/api/admin/buyers/${buyer.id}/contracts`, contractInput()),
      403,
      forbidden,
    )
    await expectError(await editor.put(`/api/admin/contracts/${contract.id}`, { name: 'X' }), 403, forbidden)
    await expectError(await editor.del(`/api/admin/contracts/${contract.id}`), 403, forbidden)
    expect(await ok(await admin.get(`/api/admin/contracts/${contract.id}`))).toMatchObject({
      name: 'Eligible mobiles',
    })

    const seller = await createSignedInAdmin(app, { role: 'editor', permissions: ['buyers'] })
    await ok(await seller.get('/api/admin/buyers'))
    await ok(await seller.put(`/api/admin/contracts/${contract.id}`, { name: 'Renamed' }))
  })

  it('refuses to delete a buyer or contract that has sales, and lets it be deactivated instead', async () => {
    const buyer = await createBuyer()
    const contract = await createContract(buyer.id)
    const lead = await insertLead(app.database.db, { email: 'sold@example.test' })
    await insertSale(app.database.db, { leadId: lead.id, contract })

    await expectError(
      await admin.del(`/api/admin/contracts/${contract.id}`),
      409,
      'This contract has sales, which the ledger and returns keep: deactivate it instead of deleting it',
    )
    await expectError(
      await admin.del(`/api/admin/buyers/${buyer.id}`),
      409,
      'This buyer has sales, which the ledger and returns keep: deactivate it instead of deleting it',
    )
    expect(await ok(await admin.get(`/api/admin/contracts/${contract.id}`))).toMatchObject({
      id: contract.id,
    })
    expect(await ok(await admin.put(`/api/admin/buyers/${buyer.id}`, { isActive: false }))).toMatchObject({
      isActive: false,
    })

    // Without sales, a buyer goes with its contracts and their endpoints.
    const other = await createBuyer()
    const unsold = await createContract(other.id, { webhookUrl: 'https://203.0.113.21/leads' })
    await ok(await admin.del(`/api/admin/buyers/${other.id}`))
    await expectError(await admin.get(`/api/admin/contracts/${unsold.id}`), 404, 'Contract not found')
    expect(
      await app.database.db
        .selectFrom('webhook')
        .select('id')
        .where('url', '=', 'https://203.0.113.21/leads')
        .execute(),
    ).toEqual([])
  })

  it('names the buyers marked for consent in their order, at once', async () => {
    const first = await createBuyer({
      name: 'Zeta Legal LLP',
      tradingName: 'Zeta Legal',
      namedInConsent: true,
      consentOrder: 2,
    })
    const second = await createBuyer({
      name: 'Alpha Claims Ltd',
      tradingName: null,
      namedInConsent: true,
      consentOrder: 1,
    })
    await createBuyer({ name: 'Hidden Claims Ltd', namedInConsent: false, consentOrder: 0 })

    const named = async () =>
      (await app.services.site.get()).consentBuyers.filter((b) => b.id === first.id || b.id === second.id)
    expect(await named()).toEqual([
      {
        id: second.id,
        name: 'Alpha Claims Ltd',
        legalName: 'Alpha Claims Ltd',
        tradingName: null,
        fcaNumber: '123456',
      },
      {
        id: first.id,
        name: 'Zeta Legal',
        legalName: 'Zeta Legal LLP',
        tradingName: 'Zeta Legal',
        fcaNumber: '123456',
      },
    ])
    expect((await app.services.site.get()).consentBuyers.map((b) => b.name)).not.toContain(
      'Hidden Claims Ltd',
    )

    await ok(await admin.put(`/api/admin/buyers/${first.id}`, { consentOrder: 0 }))
    expect(await named()).toMatchObject([
      { id: first.id, name: 'Zeta Legal' },
      { id: second.id, name: 'Alpha Claims Ltd' },
    ])

    // A lead keeps exactly the names its consent wording showed, in that order.
    const response = await app.postJson(
      '/api/leads',
      leadPayload({ email: 'consent-order@example.test', phone: '07700 900456' }),
    )
    const { reference } = (await created(response)) as { reference: string }
    const leadId = await leadIdOf(app.database.db, reference)
    const lead = await app.database.db
      .selectFrom('lead')
      .select(['consentBuyers', 'consentText'])
      .where('id', '=', leadId)
      .executeTakeFirstOrThrow()
    const kept = (lead.consentBuyers ?? []).map((b) => b.name)
    expect(kept.indexOf('Zeta Legal')).toBeLessThan(kept.indexOf('Alpha Claims Ltd'))
    expect(kept).not.toContain('Hidden Claims Ltd')
    expect(lead.consentText).toContain('Zeta Legal')

    await ok(await admin.put(`/api/admin/buyers/${first.id}`, { namedInConsent: false }))
    expect(await named()).toMatchObject([{ id: second.id, name: 'Alpha Claims Ltd' }])
  })
})
