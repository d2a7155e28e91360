import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BuyerIdentityView } from '../../core/schemas/buyer-views.ts'
import type { ConsentVersionRefusal, LeadDetail } from '../../core/schemas/leads.ts'
import type { WebhookConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { eligibleAnswers, leadPayload } from '../support/factories.ts'
import { ok } from '../support/http.ts'
import { insertBuyer, insertContract } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { type Receiver, startReceiver, uniqueContact, waitUntil } from '../support/webhook-receiver.ts'

const fast: WebhookConfig = {
  retryDelaysMs: [100],
  allowPrivate: true,
  timeoutMs: 800,
  leaseMs: 3000,
  pollMs: 50,
  concurrency: 16,
}

/** The consent version and page revision a page's lead form carries. */
function formConsent(html: string) {
  const version = /name="consentVersion" value="([0-9a-f]{64})"/.exec(html)?.[1]
  const pageRevision = /name="pageRevision" value="([0-9a-f]{64})"/.exec(html)?.[1]
  return { version, pageRevision }
}

describe(`consent versions on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const receivers: Receiver[] = []
  const db = () => app.database.db

  beforeAll(async () => {
    app = await startTestApp({ webhooks: fast })
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterEach(async () => {
    // Offers still being posted would reserve sales after the clean-up: let them end first.
    await waitUntil(
      async () =>
        (await db()
          .selectFrom('webhookDelivery')
          .select('id')
          .where('status', '=', 'pending')
          .executeTakeFirst()) === undefined
          ? true
          : undefined,
      { what: 'deliveries to end' },
    )
    await db().deleteFrom('siteSetting').where('key', '=', 'consent_version_max_age_hours').execute()
    await db().deleteFrom('ledgerEntry').execute()
    await db().deleteFrom('leadReturn').execute()
    await db().deleteFrom('sale').execute()
    await db().deleteFrom('contract').execute()
    await db().deleteFrom('buyer').execute()
    await db().deleteFrom('webhook').execute()
    await app.services.site.changed()
    for (const r of receivers.splice(0)) await r.close()
  })
  afterAll(async () => {
    await app?.close()
  })

  async function firm(name: string, terms: Parameters<typeof insertContract>[2] = {}, fcaNumber = '100001') {
    const endpoint = await startReceiver()
    receivers.push(endpoint)
    const buyer = await insertBuyer(db(), { name, namedInConsent: true, fcaNumber })
    const contract = await insertContract(db(), buyer.id, {
      url: endpoint.url,
      name: `${name} contract`,
      ...terms,
    })
    return { buyer, contract, endpoint }
  }

  async function homeConsent() {
    const html = await (await app.request('/')).text()
    return formConsent(html)
  }

  async function postLead(body: Record<string, unknown>) {
    return app.postJson('/api/leads', leadPayload({ ...uniqueContact(), answers: eligibleAnswers, ...body }))
  }

  const leadByReference = (reference: string) =>
    db().selectFrom('lead').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow()

  const settled = (leadId: number) =>
    waitUntil(
      async () => {
        const lead = await db()
          .selectFrom('lead')
          .select('saleStatus')
          .where('id', '=', leadId)
          .executeTakeFirst()
        return lead?.saleStatus === 'sold' || lead?.saleStatus === 'unsold' ? lead.saleStatus : undefined
      },
      { what: `lead ${leadId} to be sold or unsold` },
    )

  const buyersOfSales = async (leadId: number) =>
    (
      await db()
        .selectFrom('sale')
        .innerJoin('buyer', 'buyer.id', 'sale.buyerId')
        .select('buyer.name')
        .where('sale.leadId', '=', leadId)
        .where('sale.status', '=', 'accepted')
        .execute()
    ).map((r) => r.name)

  it('every form carries the version it shows; a lead is sold only to the firms that version named', async () => {
    const alpha = await firm('Alpha Claims', { priority: 2 })
    await app.services.site.changed()
    const shown = await homeConsent()
    expect(shown.version).toMatch(/^[0-9a-f]{64}$/)
    expect(shown.pageRevision).toMatch(/^[0-9a-f]{64}$/)

    // After the page was loaded, the operator names another firm, first in priority.
    const charlie = await firm('Charlie Claims', { priority: 1 })
    await app.services.site.changed()
    const now = await homeConsent()
    expect(now.version).not.toBe(shown.version)

    const { reference } = (await ok(await postLead({ consentVersion: shown.version }), 201)) as {
      reference: string
    }
    const lead = await leadByReference(reference)
    expect(lead.consentVersion).toBe(shown.version)
    expect(lead.pageRevision).toBe(null)
    expect(lead.consentText).toContain('Alpha Claims')
    expect(lead.consentText).not.toContain('Charlie Claims')
    expect(lead.consentBuyers).toEqual([
      {
        id: alpha.buyer.id,
        name: 'Alpha Claims',
        legalName: 'Alpha Claims',
        tradingName: null,
        fcaNumber: '100001',
      },
    ])
    expect(await settled(lead.id)).toBe('sold')
    expect(await buyersOfSales(lead.id)).toEqual(['Alpha Claims'])
    expect(charlie.endpoint.receipts).toHaveLength(0)

    // The lead detail shows the version, its wording and its firms.
    const detail = (await ok(await admin.get(`/api/admin/leads/${lead.id}`))) as LeadDetail
    expect(detail.consent.version).toBe(shown.version)
    expect(detail.consent.text).toBe(lead.consentText)
    expect(detail.consent.buyers.map((b) => b.name)).toEqual(['Alpha Claims'])
    expect(detail.consent.buyers[0]?.fcaNumber).toBe('100001')
  })

  it('signs a certificate for the lead that verifies off the shelf, names the firms and holds no contact details', async () => {
    const alpha = await firm('Alpha Claims', {}, '123123')
    await app.services.site.changed()
    const shown = await homeConsent()
    const contact = uniqueContact()
    const { reference } = (await ok(
      await app.postJson(
        '/api/leads',
        leadPayload({
          ...contact,
          firstName: 'Dana',
          lastName: 'Whitlock',
          answers: eligibleAnswers,
          consentVersion: shown.version,
          pageRevision: shown.pageRevision,
        }),
        { headers: { referer: `${app.baseUrl}/?email=${encodeURIComponent(contact.email)}` } },
      ),
      201,
    )) as { reference: string }
    const lead = await leadByReference(reference)
    const certificate = lead.consentCertificate as string
    expect(certificate.split('.')).toHaveLength(3)

    const jwks = (await (await app.request('/.well-known/jwks.json')).json()) as JSONWebKeySet
    const { payload, protectedHeader } = await jwtVerify(certificate, createLocalJWKSet(jwks))
    expect(protectedHeader.alg).toBe('EdDSA')
    expect(payload.jti).toBe(reference)
    expect(payload).toMatchObject({
      consent: {
        version: shown.version,
        wording: lead.consentText,
        firms: [{ id: alpha.buyer.id, name: 'Alpha Claims', tradingName: null, fcaNumber: '123123' }],
      },
      page: { url: `${app.baseUrl}/`, revision: shown.pageRevision },
      questionnaire: { version: lead.questionnaireVersionId },
    })
    const text = JSON.stringify(payload)
    for (const personal of ['Dana', 'Whitlock', contact.email, contact.phone])
      expect(text).not.toContain(personal)

    // The buyer receives it with the lead, and can check it was named without trusting the sender.
    await settled(lead.id)
    const post = alpha.endpoint.receipts[0]?.json as { lead: { consentCertificate: string } }
    expect(post.lead.consentCertificate).toBe(certificate)
    const verified = (await ok(
      await app.postJson('/api/consent-certificates/verify', { certificate, fcaNumber: '123123' }),
    )) as { valid: boolean; revoked: boolean; named: boolean }
    expect(verified).toMatchObject({ valid: true, revoked: false, named: true })

    const detail = (await ok(await admin.get(`/api/admin/leads/${lead.id}`))) as LeadDetail
    expect(detail.consent.certificate).toBe(certificate)
    expect(detail.consent.pageRevision).toBe(shown.pageRevision)
  })

  it('keeps the page revision the form carried', async () => {
    await firm('Alpha Claims')
    await app.services.site.changed()
    const shown = await homeConsent()
    const { reference } = (await ok(
      await postLead({ consentVersion: shown.version, pageRevision: shown.pageRevision }),
      201,
    )) as { reference: string }
    expect((await leadByReference(reference)).pageRevision).toBe(shown.pageRevision)
  })

  it('refuses a version the server never showed with 409 and the wording to show, storing nothing', async () => {
    await firm('Alpha Claims')
    await app.services.site.changed()
    const before = await db()
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    for (const consentVersion of ['f'.repeat(64), 'not-a-version']) {
      const response = await postLead({ consentVersion })
      expect(response.status).toBe(409)
      const body = (await response.json()) as ConsentVersionRefusal
      expect(body.message).toMatch(/consent wording/i)
      expect(body.consent.version).toBe((await homeConsent()).version)
      expect(body.consent.text).toContain('Alpha Claims')
      expect(body.consent.recipients).toEqual(['Alpha Claims'])
    }
    const after = await db()
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    expect(Number(after?.n)).toBe(Number(before?.n))
  })

  it('accepts a replaced version within the setting, and refuses it after', async () => {
    await firm('Alpha Claims')
    await app.services.site.changed()
    const first = await homeConsent()
    await firm('Bravo Claims')
    await app.services.site.changed()

    // Default: 24 hours, so a visitor who loaded the page a moment ago is heard.
    ok(await postLead({ consentVersion: first.version }), 201)

    await ok(await admin.post('/api/admin/settings', { key: 'consent_version_max_age_hours', value: '0' }))
    const refused = await postLead({ consentVersion: first.version })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as ConsentVersionRefusal).message).toMatch(
      /changed since this page was loaded/,
    )
    // The current version is always accepted.
    ok(await postLead({ consentVersion: (await homeConsent()).version }), 201)
  })

  it('a changed buyer identity keeps the earlier one, and leads consented to it are not sold to the new one', async () => {
    // Bravo's contract is paused: the lead stays unsold until Route again.
    const bravo = await firm('Bravo Claims', { isActive: false }, '200002')
    await app.services.site.changed()
    const shown = await homeConsent()
    const { reference } = (await ok(await postLead({ consentVersion: shown.version }), 201)) as {
      reference: string
    }
    const lead = await leadByReference(reference)
    expect(await settled(lead.id)).toBe('unsold')

    await ok(
      await admin.put(`/api/admin/buyers/${bravo.buyer.id}`, {
        name: 'Newco Legal Ltd',
        tradingName: 'Newco Legal',
        fcaNumber: '999999',
      }),
    )
    await ok(await admin.put(`/api/admin/contracts/${bravo.contract.id}`, { isActive: true }))
    const identities = (await ok(
      await admin.get(`/api/admin/buyers/${bravo.buyer.id}/identities`),
    )) as unknown as BuyerIdentityView[]
    expect(identities.map((i) => [i.name, i.fcaNumber, i.validTo === null])).toEqual([
      ['Newco Legal Ltd', '999999', true],
      ['Bravo Claims', '200002', false],
    ])

    await ok(await admin.post(`/api/admin/leads/${lead.id}/route`, {}))
    expect(await settled(lead.id)).toBe('unsold')
    expect(await buyersOfSales(lead.id)).toEqual([])
    expect(bravo.endpoint.receipts).toHaveLength(0)
    const detail = (await ok(await admin.get(`/api/admin/leads/${lead.id}`))) as LeadDetail
    const skipped = detail.routing.rounds.at(-1)?.skipped ?? []
    expect(skipped.map((s) => s.reason).join(' ')).toMatch(/identity has changed/)

    // A new visitor who sees Newco may be sold to it.
    const now = await homeConsent()
    const fresh = (await ok(await postLead({ consentVersion: now.version }), 201)) as { reference: string }
    const freshLead = await leadByReference(fresh.reference)
    expect(await settled(freshLead.id)).toBe('sold')
    expect(await buyersOfSales(freshLead.id)).toEqual(['Newco Legal Ltd'])
  })

  it('without JavaScript, a refused version shows the current wording and keeps what was typed', async () => {
    await firm('Alpha Claims')
    await app.services.site.changed()
    const form = new URLSearchParams({
      intent: 'lead',
      firstName: 'Rosa',
      lastName: 'Parkes',
      email: 'rosa.parkes@example.com',
      phone: '07700 900456',
      hasConsent: 'true',
      consentVersion: 'e'.repeat(64),
      formStartedAt: '1',
      ...Object.fromEntries(Object.entries(eligibleAnswers).map(([k, v]) => [`answers.${k}`, v])),
    })
    const response = await app.request('/?index', {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.baseUrl },
    })
    expect(response.status).toBe(409)
    const html = await response.text()
    expect(html).toContain('Alpha Claims')
    expect(html).toMatch(/Please read the current wording/)
    expect(html).toContain('value="Rosa"')
    expect(formConsent(html).version).toBe((await homeConsent()).version)
    const stored = await db().selectFrom('lead').select('id').where('firstName', '=', 'Rosa').execute()
    expect(stored).toHaveLength(0)
  })
})
