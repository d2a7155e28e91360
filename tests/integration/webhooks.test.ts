import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { attributionKeys } from '../../core/attribution.ts'
import {
  consentWording,
  type LeadSubmissionView,
  leadSchema,
  PRIVACY_POLICY_VERSION,
} from '../../core/schemas/leads.ts'
import type {
  LeadDeliveryView,
  ResendResult,
  WebhookHealth,
  WebhookView,
} from '../../core/schemas/webhooks.ts'
import { createLead, signerSettingsOf } from '../../server/leads/index.ts'
import type { WebhookConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { eligibleAnswers, leadIdOf, leadPayload } from '../support/factories.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import {
  type Receiver,
  startReceiver,
  uniqueContact,
  verifySignature,
  waitUntil,
} from '../support/webhook-receiver.ts'

/** Retries 150 ms apart, two of them, and a 1 s timeout: the whole schedule runs in a test. */
const fast: WebhookConfig = {
  retryDelaysMs: [150, 150],
  allowPrivate: true,
  timeoutMs: 1000,
  leaseMs: 3000,
  pollMs: 50,
  concurrency: 16,
}
const SECRET = 'whsec_test_0123456789abcdef'

type LeadWithDeliveries = {
  id: number
  reference: string
  firstName: string
  deliveries: LeadDeliveryView[]
  submissions: LeadSubmissionView[]
}

async function registerWebhook(admin: AdminClient, url: string, extra: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/webhooks', { name: 'Buyer', url, secret: SECRET, ...extra })
  return (await ok(response, 201)) as unknown as WebhookView
}

async function postLead(
  app: TestApp,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await app.postJson('/api/leads', leadPayload({ ...uniqueContact(), ...overrides }), {
    headers,
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return leadIdOf(app.database.db, ((await response.json()) as { reference: string }).reference)
}

async function leadDetail(admin: AdminClient, id: number) {
  return (await ok(await admin.get(`/api/admin/leads/${id}`))) as unknown as LeadWithDeliveries
}

/** The lead's deliveries once `done` holds for them. */
function deliveriesWhen(
  admin: AdminClient,
  id: number,
  done: (deliveries: LeadDeliveryView[]) => boolean,
  what = 'the deliveries',
) {
  return waitUntil(
    async () => {
      const { deliveries } = await leadDetail(admin, id)
      return done(deliveries) ? deliveries : undefined
    },
    { what },
  )
}

const settled = (status: string) => (deliveries: LeadDeliveryView[]) =>
  deliveries.length > 0 && deliveries.every((d) => d.status === status)

describe(`webhooks on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  const receivers: Receiver[] = []
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args)
    receivers.push(r)
    return r
  }

  beforeAll(async () => {
    app = await startTestApp({ webhooks: fast })
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterEach(async () => {
    await app.database.db.deleteFrom('webhook').execute()
    for (const r of receivers.splice(0)) await r.close()
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('the admin API', () => {
    it('creates, lists, updates and deletes a webhook, and never sends the secret back', async () => {
      const created = await registerWebhook(admin, 'http://127.0.0.1:9/hooks')
      expect(created).toMatchObject({
        name: 'Buyer',
        url: 'http://127.0.0.1:9/hooks',
        isActive: true,
        secretHint: '…cdef',
        pending: 0,
        failed: 0,
      })
      expect(created).not.toHaveProperty('secret')
      expect(JSON.stringify(created)).not.toContain(SECRET.slice(0, 12))

      const list = (await ok(await admin.get('/api/admin/webhooks'))) as unknown as WebhookView[]
      expect(list).toEqual([created])
      expect(JSON.stringify(list)).not.toContain(SECRET.slice(0, 12))
      expect(await ok(await admin.get(`/api/admin/webhooks/${created.id}`))).toEqual(created)

      const stored = () =>
        app.database.db
          .selectFrom('webhook')
          .select('secret')
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow()
      const renamed = await ok(await admin.put(`/api/admin/webhooks/${created.id}`, { name: 'Buyer Ltd' }))
      expect(renamed).toMatchObject({ name: 'Buyer Ltd', secretHint: '…cdef' })
      expect((await stored()).secret).toBe(SECRET)
      await ok(await admin.put(`/api/admin/webhooks/${created.id}`, { secret: '', isActive: false }))
      expect((await stored()).secret).toBe(SECRET)
      const rotated = await ok(
        await admin.put(`/api/admin/webhooks/${created.id}`, { secret: 'a-brand-new-secret-9876' }),
      )
      expect(rotated).toMatchObject({ secretHint: '…9876', isActive: false })
      expect(rotated).not.toHaveProperty('secret')
      expect((await stored()).secret).toBe('a-brand-new-secret-9876')

      const deleted = await ok(await admin.del(`/api/admin/webhooks/${created.id}`))
      expect(deleted).toEqual({ message: 'Webhook deleted', id: created.id })
      await expectError(await admin.get(`/api/admin/webhooks/${created.id}`), 404, 'Webhook not found')
      await expectError(await admin.del(`/api/admin/webhooks/${created.id}`), 404, 'Webhook not found')

      const entries = await app.database.db
        .selectFrom('auditLog')
        .selectAll()
        .where('entity', '=', 'webhook')
        .where('entityId', '=', String(created.id))
        .orderBy('id')
        .execute()
      expect(entries.map((e) => e.action)).toEqual([
        'webhook.create',
        'webhook.update',
        'webhook.update',
        'webhook.update',
        'webhook.delete',
      ])
      expect(entries[3]?.detail).toMatchObject({ name: 'Buyer Ltd', fields: ['secret'] })
      const everything = JSON.stringify(entries)
      expect(everything).not.toContain(SECRET)
      expect(everything).not.toContain('a-brand-new-secret')
    })

    it('refuses a webhook without a name, a secret or a web address', async () => {
      const url = 'http://127.0.0.1:9/'
      await expectError(
        await admin.post('/api/admin/webhooks', { url, secret: SECRET }),
        400,
        'Name is required',
      )
      await expectError(
        await admin.post('/api/admin/webhooks', { name: 'B', url }),
        400,
        'Secret is required',
      )
      await expectError(
        await admin.post('/api/admin/webhooks', { name: 'B', url, secret: '   ' }),
        400,
        'Secret is required',
      )
      for (const bad of ['ftp://127.0.0.1/', 'not a url', '/relative', 'javascript:alert(1)']) {
        await expectError(
          await admin.post('/api/admin/webhooks', { name: 'B', url: bad, secret: SECRET }),
          400,
          'The URL must be a full https:// address',
        )
      }
      await expectError(
        await admin.post('/api/admin/webhooks', {
          name: 'B',
          url: 'https://user:pw@127.0.0.1/',
          secret: SECRET,
        }),
        400,
        'The URL may not contain a user name or password',
      )
      const { id } = await registerWebhook(admin, url)
      await expectError(await admin.put(`/api/admin/webhooks/${id}`, {}), 400, 'Nothing to update')
      await expectError(
        await admin.put('/api/admin/webhooks/999999', { name: 'X' }),
        404,
        'Webhook not found',
      )
      expect(await app.database.db.selectFrom('webhook').select('id').execute()).toHaveLength(1)
    })

    it('is for admins only', async () => {
      const editor = await createSignedInAdmin(app, { role: 'editor' })
      await expectError(
        await editor.get('/api/admin/webhooks'),
        403,
        'Your role does not allow managing webhooks',
      )
      await expectError(
        await editor.post('/api/admin/webhooks', { name: 'B', url: 'http://127.0.0.1/', secret: SECRET }),
        403,
      )
      await expectError(await app.request('/api/admin/webhooks/health'), 401)
    })
  })

  describe('delivery', () => {
    it('retries a buyer that fails twice, then delivers once, every attempt with the same key and a valid signature', async () => {
      const buyer = await receiver((r) => (r.n <= 2 ? 500 : 200))
      const webhook = await registerWebhook(admin, buyer.url)
      const referer = 'https://claims.example/check?utm_source=google'
      const contact = uniqueContact()
      const id = await postLead(
        app,
        {
          ...contact,
          answers: eligibleAnswers,
          attribution: {
            utm_source: 'google',
            utm_campaign: 'spring',
            gclid: 'Cj0KCQ-test',
            landing_page: '/',
          },
        },
        { referer, 'user-agent': 'WebhookTest/1.0' },
      )

      const [delivery] = await deliveriesWhen(admin, id, settled('delivered'), 'the delivery to succeed')
      expect(buyer.receipts).toHaveLength(3)
      expect(delivery).toMatchObject({
        webhookId: webhook.id,
        webhookName: 'Buyer',
        status: 'delivered',
        attempts: 3,
        lastStatus: 200,
        lastError: null,
        nextAttemptAt: null,
      })
      expect(Date.parse(delivery?.deliveredAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
      expect(delivery?.attemptsLog.map((a) => a.statusCode)).toEqual([500, 500, 200])
      expect(delivery?.attemptsLog.map((a) => a.error)).toEqual(['HTTP 500', 'HTTP 500', null])
      for (const attempt of delivery?.attemptsLog ?? []) {
        expect(attempt.durationMs).toBeGreaterThanOrEqual(0)
        expect(attempt.responseExcerpt).toMatch(/^\{"received":\d,"status":(500|200)\}$/)
        expect(Date.parse(attempt.attemptedAt)).toBeGreaterThan(Date.now() - 60_000)
      }

      // One key, the delivery's own, on every attempt; each signed over its exact body.
      expect(new Set(buyer.receipts.map((r) => r.key))).toEqual(new Set([delivery?.idempotencyKey]))
      expect(delivery?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
      for (const r of buyer.receipts) {
        expect(r.contentType).toBe('application/json')
        expect(verifySignature(SECRET, r.signature, r.body), r.signature).toBe(true)
        expect(verifySignature('another-secret-entirely', r.signature, r.body)).toBe(false)
        const t = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(r.signature)?.[1])
        expect(Math.abs(t - r.at / 1000)).toBeLessThan(60)
      }
      // The retry waits were kept (a lower bound only: never a timing race).
      expect((buyer.receipts[1]?.at ?? 0) - (buyer.receipts[0]?.at ?? 0)).toBeGreaterThanOrEqual(120)

      const body = buyer.receipts[2]?.json
      expect(Object.keys(body)).toEqual(['event', 'deliveryId', 'lead'])
      expect(body.event).toBe('lead.created')
      expect(body.deliveryId).toBe(delivery?.id)
      const lead = body.lead
      expect(lead).toMatchObject({
        id,
        firstName: 'Ann',
        lastName: 'Lee',
        email: contact.email,
        phone: contact.phone,
        phoneE164: `+44${contact.phone.slice(1)}`,
        phoneType: 'mobile',
        carDetails: 'Ford Focus 2013',
        hasConsent: true,
        eligibility: {
          hadPcpFinance: true,
          purchaseDateRange: '2011-2014',
          loanAmount: 15000,
          dealerDisclosedCommission: false,
          commissionDisclosure: 'unclear',
          isEligible: true,
          estimatedClaim: 2500,
        },
      })
      expect(Date.parse(lead.createdAt)).toBeGreaterThan(Date.now() - 60_000)
      const text = consentWording(null)
      expect(lead.consent).toEqual({
        text,
        version: expect.stringMatching(/^[0-9a-f]{64}$/),
        sha256: createHash('sha256').update(text).digest('hex'),
        privacyVersion: PRIVACY_POLICY_VERSION,
        partnerName: null,
        buyers: [],
        pageUrl: referer,
        pageRevision: null,
        userAgent: 'WebhookTest/1.0',
        ipAddress: expect.stringMatching(/127\.0\.0\.1/),
        at: lead.createdAt,
      })
      expect(Object.keys(lead.attribution)).toEqual([...attributionKeys])
      expect(lead.attribution).toMatchObject({
        utm_source: 'google',
        utm_campaign: 'spring',
        gclid: 'Cj0KCQ-test',
        landing_page: '/',
        utm_medium: null,
        fbclid: null,
      })
      // Every attempt carried the same body.
      expect(new Set(buyer.receipts.map((r) => r.body)).size).toBe(1)
    })

    it('marks a delivery failed after the last retry; Resend sends it again with its key, then anew', async () => {
      const buyer = await receiver(() => 503)
      const webhook = await registerWebhook(admin, buyer.url)
      const id = await postLead(app)

      const [failed] = await deliveriesWhen(admin, id, settled('failed'), 'the delivery to fail')
      expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 503, lastError: 'HTTP 503' })
      expect(failed?.attemptsLog).toHaveLength(3)
      expect(buyer.receipts).toHaveLength(3)

      const health = (await ok(await admin.get('/api/admin/webhooks/health'))) as unknown as WebhookHealth
      expect(health).toMatchObject({ activeWebhooks: 1, failed: 1, retrying: 0 })
      expect(health.recent[0]).toMatchObject({
        id: failed?.id,
        leadId: id,
        webhookName: 'Buyer',
        status: 'failed',
        lastError: 'HTTP 503',
      })
      const [listed] = (await ok(await admin.get('/api/admin/webhooks'))) as unknown as WebhookView[]
      expect(listed).toMatchObject({ id: webhook.id, failed: 1, pending: 0 })

      buyer.answer(() => 200)
      const resent = (await ok(
        await admin.post(`/api/admin/leads/${id}/resend`, {}),
      )) as unknown as ResendResult
      expect(resent).toMatchObject({ retried: 1, created: 0 })
      const [again] = await deliveriesWhen(admin, id, settled('delivered'), 'the resend to be delivered')
      expect(again).toMatchObject({ id: failed?.id, idempotencyKey: failed?.idempotencyKey, attempts: 1 })
      expect(again?.attemptsLog.map((a) => a.statusCode)).toEqual([503, 503, 503, 200])
      expect(buyer.receipts).toHaveLength(4)
      expect(buyer.receipts[3]?.key).toBe(failed?.idempotencyKey)
      expect((await ok(await admin.get('/api/admin/webhooks/health'))).failed).toBe(0)

      // Everything delivered: Resend is an explicit second sending, under a new key.
      const second = (await ok(
        await admin.post(`/api/admin/leads/${id}/resend`, {}),
      )) as unknown as ResendResult
      expect(second).toMatchObject({ retried: 0, created: 1 })
      const both = await deliveriesWhen(
        admin,
        id,
        (d) => d.length === 2 && d.every((x) => x.status === 'delivered'),
        'the second sending',
      )
      expect(both[1]?.idempotencyKey).not.toBe(failed?.idempotencyKey)
      expect(buyer.receipts.at(-1)?.key).toBe(both[1]?.idempotencyKey)
      expect(buyer.receipts.at(-1)?.json.lead.id).toBe(id)

      const audits = await app.database.db
        .selectFrom('auditLog')
        .select(['action', 'detail'])
        .where('action', '=', 'lead.resend')
        .where('entityId', '=', String(id))
        .orderBy('id')
        .execute()
      expect(audits.map((a) => a.detail)).toEqual([
        { retried: 1, created: 0 },
        { retried: 0, created: 1 },
      ])
      await expectError(await admin.post('/api/admin/leads/999999/resend', {}), 404, 'Lead not found')
    })

    it('gives a webhook added after the lead its own delivery on Resend', async () => {
      const id = await postLead(app)
      expect((await leadDetail(admin, id)).deliveries).toEqual([])
      const buyer = await receiver()
      await registerWebhook(admin, buyer.url)
      expect(await ok(await admin.post(`/api/admin/leads/${id}/resend`, {}))).toMatchObject({
        retried: 0,
        created: 1,
      })
      await deliveriesWhen(admin, id, settled('delivered'))
      expect(buyer.receipts.map((r) => r.json.lead.id)).toEqual([id])
    })

    it('records a timeout and a refused connection as failed attempts, and retries them', async () => {
      const hanging = await receiver(() => 'hang')
      const closed = http.createServer()
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
      const deadPort = (closed.address() as AddressInfo).port
      await new Promise<void>((resolve) => closed.close(() => resolve()))
      await registerWebhook(admin, hanging.url, { name: 'Slow buyer' })
      await registerWebhook(admin, `http://127.0.0.1:${deadPort}/hooks`, { name: 'Gone buyer' })

      const id = await postLead(app)
      const deliveries = await deliveriesWhen(
        admin,
        id,
        (d) => d.length === 2 && d.every((x) => x.attemptsLog.length >= 1),
        'a first attempt to each',
      )
      const slow = deliveries.find((d) => d.webhookName === 'Slow buyer')
      const gone = deliveries.find((d) => d.webhookName === 'Gone buyer')
      expect(slow?.attemptsLog[0]).toMatchObject({
        statusCode: null,
        error: 'Timed out: no answer within 1 s',
      })
      expect(slow?.attemptsLog[0]?.durationMs).toBeGreaterThanOrEqual(900)
      expect(gone?.attemptsLog[0]).toMatchObject({
        statusCode: null,
        error: 'Connection failed (ECONNREFUSED)',
        responseExcerpt: null,
      })
      expect(hanging.receipts.length).toBeGreaterThanOrEqual(1)
      const final = await deliveriesWhen(admin, id, settled('failed'), 'both to give up')
      for (const d of final) expect(d.attempts).toBe(3)
    })

    it('records a webhook URL that cannot be posted to at all as failed attempts', async () => {
      await app.database.db
        .insertInto('webhook')
        .values({ name: 'Broken', url: 'not a url', secret: SECRET })
        .execute()
      const id = await postLead(app)
      const [delivery] = await deliveriesWhen(admin, id, settled('failed'), 'the attempts to fail')
      expect(delivery?.attemptsLog.map((a) => a.error)).toEqual(Array(3).fill('Could not post: Invalid URL'))
      expect((await app.request('/healthz')).status).toBe(200)
    })

    it('keeps only the first 500 bytes of an answer', async () => {
      const big = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' })
        res.end(`${'é'.repeat(400)}\u0000${'x'.repeat(5000)}`)
      })
      await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', () => resolve()))
      try {
        await registerWebhook(admin, `http://127.0.0.1:${(big.address() as AddressInfo).port}/`)
        const id = await postLead(app)
        const [delivery] = await deliveriesWhen(admin, id, settled('delivered'))
        const excerpt = delivery?.attemptsLog[0]?.responseExcerpt ?? ''
        expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(500)
        expect(excerpt.startsWith('é'.repeat(250))).toBe(true)
      } finally {
        big.closeAllConnections()
        await new Promise<void>((resolve) => big.close(() => resolve()))
      }
    })

    it('delivers a repeat of a lead the buyer never accepted, with its own details and consent evidence', async () => {
      const buyer = await receiver(() => 500)
      await registerWebhook(admin, buyer.url)
      const contact = uniqueContact()
      const id = await postLead(app, contact)
      await deliveriesWhen(admin, id, settled('failed'), 'the lead to fail for good')
      buyer.answer(() => 200)
      const before = buyer.receipts.length

      const response = await app.postJson(
        '/api/leads',
        leadPayload({
          ...contact,
          firstName: 'Second',
          carDetails: 'Kia Ceed 2016',
          answers: eligibleAnswers,
        }),
        { headers: { 'user-agent': 'SecondTry/2.0', referer: `${app.baseUrl}/evidence` } },
      )
      expect(response.status).toBe(201)
      const { reference } = (await response.json()) as { reference: string }
      const detail = await waitUntil(
        async () => {
          const lead = await leadDetail(admin, id)
          return lead.submissions[0]?.deliveries[0]?.status === 'delivered' ? lead : undefined
        },
        { what: 'the repeat to be delivered' },
      )
      expect(detail.submissions).toHaveLength(1)
      expect(detail.submissions[0]).toMatchObject({ reference, firstName: 'Second' })
      expect(detail.submissions[0]?.deliveries).toEqual([
        expect.objectContaining({ webhookName: 'Buyer', status: 'delivered', attempts: 1 }),
      ])
      // The lead's own delivery is left as it was, and so is the lead.
      expect(detail.deliveries.map((d) => d.status)).toEqual(['failed'])
      expect(detail.firstName).toBe('Ann')

      expect(buyer.receipts.length).toBe(before + 1)
      const receipt = buyer.receipts.at(-1)
      expect(receipt?.key).toBe(detail.submissions[0]?.deliveries[0]?.idempotencyKey)
      expect(verifySignature(SECRET, receipt?.signature ?? '', receipt?.body ?? '')).toBe(true)
      const body = receipt?.json
      expect(body).toMatchObject({
        event: 'lead.created',
        deliveryId: detail.submissions[0]?.deliveries[0]?.id,
      })
      expect(body.lead).toMatchObject({
        id,
        reference,
        resubmissionOf: detail.reference,
        firstName: 'Second',
        email: contact.email,
        carDetails: 'Kia Ceed 2016',
        eligibility: expect.objectContaining({ isEligible: true, estimatedClaim: 2500 }),
        consent: expect.objectContaining({
          text: consentWording(null),
          version: expect.stringMatching(/^[0-9a-f]{64}$/),
          userAgent: 'SecondTry/2.0',
          pageUrl: `${app.baseUrl}/evidence`,
        }),
      })

      // Now a buyer has the person: a third post is only kept.
      expect(await postLead(app, { ...contact, firstName: 'Third' })).toBe(id)
      const after = await leadDetail(admin, id)
      expect(after.submissions.map((s) => [s.firstName, s.deliveries.length])).toEqual([
        ['Second', 1],
        ['Third', 0],
      ])
      // Resend is the lead's own: its failed delivery goes again, the repeat's stays delivered.
      const resent = (await ok(
        await admin.post(`/api/admin/leads/${id}/resend`, {}),
      )) as unknown as ResendResult
      expect(resent).toMatchObject({ retried: 1, created: 0 })
      expect(resent.deliveries).toHaveLength(1)
      await deliveriesWhen(admin, id, settled('delivered'))
      expect((await leadDetail(admin, id)).submissions[0]?.deliveries.map((d) => d.status)).toEqual([
        'delivered',
      ])
    })

    it('delivers a repeat of a lead taken while no webhook existed, once', async () => {
      const contact = uniqueContact()
      const id = await postLead(app, contact)
      expect((await leadDetail(admin, id)).deliveries).toEqual([])
      const buyer = await receiver()
      await registerWebhook(admin, buyer.url)
      expect(await postLead(app, { ...contact, lastName: 'Again' })).toBe(id)
      await waitUntil(() => buyer.receipts.length === 1, { what: 'the repeat to be posted' })
      expect(buyer.receipts[0]?.json.lead).toMatchObject({ id, lastName: 'Again' })
      const detail = await waitUntil(async () => {
        const lead = await leadDetail(admin, id)
        return lead.submissions[0]?.deliveries[0]?.status === 'delivered' ? lead : undefined
      })
      expect(detail.deliveries).toEqual([])
      expect(await postLead(app, { ...contact, lastName: 'Once more' })).toBe(id)
      expect((await leadDetail(admin, id)).submissions.map((s) => s.deliveries.length)).toEqual([1, 0])
      expect(buyer.receipts).toHaveLength(1)
    })

    it('delivers one of several repeats sent at once, and keeps the others', async () => {
      const contact = uniqueContact()
      const id = await postLead(app, contact)
      const buyer = await receiver()
      await registerWebhook(admin, buyer.url)
      // Queued in one turn of the event loop: written in one group commit (one batch on PostgreSQL).
      const stored = await Promise.all(
        ['One', 'Two', 'Three'].map((firstName) =>
          createLead(
            app.services.db,
            leadSchema.parse(leadPayload({ ...contact, firstName })),
            {},
            app.services.dialect,
            signerSettingsOf(app.services.config),
          ),
        ),
      )
      expect(stored.map((s) => [s.leadId, s.duplicate])).toEqual([
        [id, true],
        [id, true],
        [id, true],
      ])
      expect(stored.map((s) => s.deliveries).sort()).toEqual([0, 0, 1])
      app.services.webhooks.wake()
      const detail = await waitUntil(async () => {
        const lead = await leadDetail(admin, id)
        return lead.submissions.some((s) => s.deliveries[0]?.status === 'delivered') ? lead : undefined
      })
      expect(detail.submissions.map((s) => s.deliveries.length).sort()).toEqual([0, 0, 1])
      expect(buyer.receipts).toHaveLength(1)
    })

    it('sends nothing for a duplicate lead or to an inactive webhook, and pauses while a webhook is off', async () => {
      const active = await receiver()
      const inactive = await receiver()
      const on = await registerWebhook(admin, active.url, { name: 'On' })
      await registerWebhook(admin, inactive.url, { name: 'Off', isActive: false })
      const contact = uniqueContact()
      const id = await postLead(app, contact)
      await deliveriesWhen(admin, id, settled('delivered'))
      expect(await postLead(app, { ...contact, firstName: 'Again' })).toBe(id)
      const rows = () =>
        app.database.db.selectFrom('webhookDelivery').select(['id', 'webhookId', 'status']).execute()
      expect(await rows()).toHaveLength(1)
      // The buyer took the lead: the repeat is only kept, shown with no delivery.
      expect((await leadDetail(admin, id)).submissions).toEqual([
        expect.objectContaining({ firstName: 'Again', deliveries: [] }),
      ])
      expect(active.receipts).toHaveLength(1)
      expect(inactive.receipts).toHaveLength(0)

      // A webhook switched off keeps its deliveries waiting; switched on, they go.
      const next = await postLead(app)
      await deliveriesWhen(admin, next, settled('delivered'))
      await ok(await admin.put(`/api/admin/webhooks/${on.id}`, { isActive: false }))
      await app.database.db
        .updateTable('webhookDelivery')
        .set({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: new Date(),
          deliveredAt: null,
          lockedUntil: null,
        })
        .where('leadId', '=', next)
        .execute()
      const before = active.receipts.length
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(active.receipts.length).toBe(before)
      await ok(await admin.put(`/api/admin/webhooks/${on.id}`, { isActive: true }))
      await deliveriesWhen(admin, next, settled('delivered'))
      // The same delivery again (it was put back by hand): same key.
      expect(active.acceptedPerKey().size).toBe(2)
      expect(active.receipts).toHaveLength(3)

      await ok(await admin.del(`/api/admin/webhooks/${on.id}`))
      expect(await rows()).toEqual([])
      expect(await app.database.db.selectFrom('webhookAttempt').select('id').execute()).toEqual([])
    })
  })

  describe('addresses', () => {
    let strict: TestApp
    let strictAdmin: AdminClient
    beforeAll(async () => {
      strict = await startTestApp({ webhooks: { ...fast, allowPrivate: false } })
      strictAdmin = await createSignedInAdmin(strict, { role: 'admin' })
    })
    afterAll(async () => {
      await strict?.close()
    })

    it.each([
      'http://127.0.0.1:8080/hooks',
      'http://127.1.2.3/',
      'http://10.0.0.8/hooks',
      'http://172.16.5.4/',
      'http://192.168.1.10/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://localhost:5000/hooks',
      'http://[::1]/',
      'http://[::]/',
      'http://[fe80::1]/',
      'http://[fd12:3456::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
    ])('refuses %s when WEBHOOK_ALLOW_PRIVATE is off', async (url) => {
      await expectError(
        await strictAdmin.post('/api/admin/webhooks', { name: 'Inside', url, secret: SECRET }),
        400,
        /^This webhook URL cannot be used: .*(private, loopback or link-local address)/,
      )
    })

    it('accepts a public address, and refuses moving it to a private one', async () => {
      const saved = await ok(
        await strictAdmin.post('/api/admin/webhooks', {
          name: 'Public',
          url: 'http://203.0.113.7/hooks',
          secret: SECRET,
          isActive: false,
        }),
        201,
      )
      await expectError(
        await strictAdmin.put(`/api/admin/webhooks/${saved.id}`, { url: 'http://10.1.1.1/' }),
        400,
        /cannot be used/,
      )
      await ok(await strictAdmin.del(`/api/admin/webhooks/${saved.id}`))
    })

    it('refuses a private address again at delivery, and follows the retry schedule', async () => {
      const buyer = await startReceiver()
      try {
        // Saved behind the API's back (or before the setting changed): the worker still refuses it.
        await strict.database.db
          .insertInto('webhook')
          .values({ name: 'Sneaky', url: buyer.url, secret: SECRET })
          .execute()
        const id = await postLead(strict)
        const [delivery] = await deliveriesWhen(strictAdmin, id, settled('failed'), 'the refusals')
        expect(delivery?.attempts).toBe(3)
        expect(delivery?.attemptsLog.map((a) => a.error)).toEqual(
          Array(3).fill('Refused: 127.0.0.1 is a private, loopback or link-local address'),
        )
        expect(buyer.receipts).toHaveLength(0)
      } finally {
        await strict.database.db.deleteFrom('webhook').execute()
        await buyer.close()
      }
    })

    it('requires https in production, except to this machine when private addresses are allowed', async () => {
      const production = await startTestApp({ nodeEnv: 'production', webhooks: fast })
      const strictProduction = await startTestApp({
        nodeEnv: 'production',
        webhooks: { ...fast, allowPrivate: false },
      })
      const buyer = await startReceiver()
      try {
        const prodAdmin = await createSignedInAdmin(production, { role: 'admin' })
        const post = (url: string) =>
          prodAdmin.post('/api/admin/webhooks', { name: 'Plain', url, secret: SECRET, isActive: false })
        // Plain http across a network, public or private: never.
        for (const url of ['http://203.0.113.7/hooks', 'http://10.0.0.5/hooks', 'http://[fd00::5]/']) {
          await expectError(
            await post(url),
            400,
            'The webhook URL must start with https:// (leads are sent encrypted)',
          )
        }
        const secure = await ok(await post('https://203.0.113.7/hooks'), 201)
        await expectError(
          await prodAdmin.put(`/api/admin/webhooks/${secure.id}`, { url: 'http://203.0.113.7/hooks' }),
          400,
          /must start with https/,
        )
        // Plain http that stays on this machine, with WEBHOOK_ALLOW_PRIVATE: saved and delivered.
        await ok(await post('http://127.0.0.1:9/'), 201)
        await ok(await post('http://localhost:9/'), 201)
        await production.database.db.deleteFrom('webhook').execute()
        await registerWebhook(prodAdmin, buyer.url)
        const delivered = await postLead(production)
        await deliveriesWhen(prodAdmin, delivered, settled('delivered'))
        expect(buyer.receipts.map((r) => r.json.lead.id)).toEqual([delivered])

        // Without WEBHOOK_ALLOW_PRIVATE, even loopback must be https; one saved before is refused
        // at delivery.
        const strictAdmin = await createSignedInAdmin(strictProduction, { role: 'admin' })
        await expectError(
          await strictAdmin.post('/api/admin/webhooks', {
            name: 'Plain',
            url: 'http://127.0.0.1:9/',
            secret: SECRET,
          }),
          400,
          /must start with https/,
        )
        await strictProduction.database.db
          .insertInto('webhook')
          .values({ name: 'Old', url: buyer.url, secret: SECRET })
          .execute()
        const id = await postLead(strictProduction)
        const [delivery] = await deliveriesWhen(strictAdmin, id, (d) => d[0]?.attemptsLog.length === 1)
        expect(delivery?.attemptsLog[0]?.error).toBe('Refused: webhook URLs must be https')
        expect(buyer.receipts).toHaveLength(1)
      } finally {
        await buyer.close()
        await strictProduction.close()
        await production.close()
      }
    })
  })

  // Two instances on SQLite in one test process would share one thread, and a synchronous busy
  // wait there blocks the very connection it waits for: SQLite runs one instance under load.
  const instances = testDialect === 'postgres' ? 2 : 1
  describe(`${instances} app instance(s) on one database under load`, () => {
    it('never deliver a lead twice', async () => {
      const loaded = { ...fast, timeoutMs: 10_000, leaseMs: 15_000 }
      const first = await startTestApp({ webhooks: loaded })
      const apps = [first]
      try {
        if (instances === 2) apps.push(await startTestApp({ webhooks: loaded }, { database: first.database }))
        const firstAdmin = await createSignedInAdmin(first, { role: 'admin' })
        const buyer = await receiver()
        await registerWebhook(firstAdmin, buyer.url)
        const count = 200
        const ids: number[] = []
        for (let i = 0; i < count; i += 20) {
          const batch = await Promise.all(
            Array.from({ length: 20 }, (_, j) => postLead(apps[(i + j) % apps.length] as TestApp)),
          )
          ids.push(...batch)
        }
        expect(new Set(ids).size).toBe(count)
        const { db } = first.database
        const rows = await waitUntil(
          async () => {
            const all = await db
              .selectFrom('webhookDelivery')
              .select(['leadId', 'idempotencyKey', 'status', 'attempts'])
              .execute()
            return all.length === count && all.every((r) => r.status === 'delivered') ? all : undefined
          },
          { what: 'every lead to be delivered', timeoutMs: 25_000 },
        )
        expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(count)
        expect(rows.filter((r) => r.attempts !== 1)).toEqual([])
        expect(buyer.receipts).toHaveLength(count)
        const perKey = buyer.acceptedPerKey()
        expect(perKey.size).toBe(count)
        expect([...perKey.values()].every((n) => n === 1)).toBe(true)
        expect(new Set(buyer.receipts.map((r) => r.key))).toEqual(new Set(rows.map((r) => r.idempotencyKey)))
        expect(new Set(buyer.receipts.map((r) => r.json.lead.id))).toEqual(new Set(ids))
      } finally {
        for (const a of apps.reverse()) await a.close()
      }
    })
  })
})
