import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CONFIRMATION_SUBJECT } from '../../core/lead-confirmation.ts'
import { LEAD_NOTIFICATION_EMAIL_KEY, RETENTION_YEARS_KEY } from '../../core/lead-settings.ts'
import { normaliseUkPhone } from '../../core/phone.ts'
import type { SubjectErasure, SubjectExport } from '../../core/schemas/data-requests.ts'
import { newReference, purgeExpiredData, purgeLeadsBefore, RETENTION_JOB } from '../../server/leads/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { eligibleAnswers, insertLead, leadIdOf, leadPayload } from '../support/factories.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const YEAR_MS = 365.25 * 86_400_000
const LINK_ORIGIN = 'https://claims.example.test'

type Mail = { to: string; subject: string; text: string }
type Person = { firstName: string; lastName: string; email: string; phone: string }

let sequence = 0
/** A person no other test uses: a unique name, email and mobile number. */
function person(label: string): Person {
  const n = ++sequence
  return {
    firstName: `${label}${n}`,
    lastName: `Subject${n}`,
    email: `${label.toLowerCase()}-${n}-${Date.now().toString(36)}@example.test`,
    phone: `07700 9${String(10_000 + n)}`,
  }
}

describe(`retention and people's rights on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let editor: AdminClient
  let outbox: string
  const seenMails = new Set<string>()
  let webhookId: number

  const db = () => app.database.db

  /** Mails written to the outbox since the last call, once the work after answering is done. */
  async function newMails(): Promise<Mail[]> {
    await app.services.background.idle()
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []
    const fresh = files.filter((f) => !seenMails.has(f))
    for (const f of fresh) seenMails.add(f)
    return fresh.map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as Mail)
  }

  /** New mails except each visitor's own confirmation (tests/integration/thank-you.test.ts). */
  const operatorMails = async () => (await newMails()).filter((m) => m.subject !== CONFIRMATION_SUBJECT)

  async function setSetting(key: string, value: string) {
    await ok(await admin.post('/api/admin/settings', { key, value }))
  }

  /**
   * A lead of `who` written straight to the database at `createdAt` (the API would call a second
   * one a duplicate), with its questionnaire answers and a delivery to a buyer with two attempts.
   */
  async function storedLead(who: Person, createdAt: Date, typedPhone = who.phone) {
    const lead = await insertLead(db(), {
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      phone: typedPhone,
      emailNormalized: who.email.trim().toLowerCase(),
      phoneE164: normaliseUkPhone(typedPhone)?.e164 ?? null,
      phoneType: normaliseUkPhone(typedPhone)?.type ?? null,
      hasConsent: true,
      consentText: 'I agree to be contacted',
      ipAddress: '203.0.113.7',
      utmSource: 'google',
      createdAt,
    })
    await db()
      .insertInto('eligibilityResponse')
      .values({
        leadId: lead.id,
        hadPcpFinance: true,
        purchaseDateRange: '2011-2014',
        loanAmount: 15000,
        dealerDisclosedCommission: false,
        commissionDisclosure: 'unclear',
        isEligible: true,
        estimatedClaim: 2500,
      })
      .execute()
    const delivery = await db()
      .insertInto('webhookDelivery')
      .values({
        leadId: lead.id,
        webhookId,
        idempotencyKey: `key-${lead.id}-${Math.random().toString(36).slice(2)}`,
        status: 'delivered',
        attempts: 2,
        lastStatus: 200,
        deliveredAt: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('webhookAttempt')
      .values([
        { deliveryId: delivery.id, statusCode: 500, durationMs: 12, responseExcerpt: 'busy' },
        { deliveryId: delivery.id, statusCode: 200, durationMs: 9, responseExcerpt: 'ok' },
      ])
      .execute()
    return { id: lead.id, deliveryId: delivery.id }
  }

  /** A later submission of `who`, linked to `leadId`, written straight to the database at `createdAt`. */
  async function storedSubmission(leadId: number, who: Person, createdAt: Date) {
    return db()
      .insertInto('leadSubmission')
      .values({
        reference: newReference(),
        leadId,
        firstName: who.firstName,
        lastName: who.lastName,
        email: who.email,
        emailNormalized: who.email.toLowerCase(),
        phone: who.phone,
        phoneE164: normaliseUkPhone(who.phone)?.e164 ?? null,
        hasConsent: true,
        consentText: 'I agree to be contacted',
        createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  const submissionsOf = async (leadIds: number[]) =>
    (await db().selectFrom('leadSubmission').select('id').where('leadId', 'in', leadIds).execute()).length

  /** How many rows of each kind are tied to these leads. */
  async function heldFor(leadIds: number[]) {
    const count = async (
      table: 'lead' | 'eligibilityResponse' | 'webhookDelivery',
      column: 'id' | 'leadId',
    ) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(column, 'in', leadIds)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const deliveryIds = (
      await db().selectFrom('webhookDelivery').select('id').where('leadId', 'in', leadIds).execute()
    ).map((d) => d.id)
    const attempts =
      deliveryIds.length === 0
        ? 0
        : Number(
            (
              await db()
                .selectFrom('webhookAttempt')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('deliveryId', 'in', deliveryIds)
                .executeTakeFirstOrThrow()
            ).n,
          )
    return {
      leads: await count('lead', 'id'),
      eligibility: await count('eligibilityResponse', 'leadId'),
      deliveries: await count('webhookDelivery', 'leadId'),
      attempts,
    }
  }

  async function attemptsOf(deliveryId: number) {
    return db().selectFrom('webhookAttempt').select('id').where('deliveryId', '=', deliveryId).execute()
  }

  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-outbox-'))
    app = await startTestApp({ mailOutbox: outbox, linkOrigin: LINK_ORIGIN })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor' })
    // Inactive: new leads get no outbox rows of their own; the deliveries here are written by hand.
    webhookId = (
      await db()
        .insertInto('webhook')
        .values({
          name: 'Buyer CRM',
          url: 'https://buyer.example.test/hook',
          secret: 's3cret',
          isActive: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(async () => {
    await app?.close()
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true })
  })

  describe('retention purge', () => {
    it('purges leads past six years with their answers, deliveries and attempts, and old consent records; keeps the rest; logs counts only', async () => {
      const now = new Date()
      const old = person('Expired')
      const recent = person('Kept')
      const expired = await storedLead(old, new Date(now.getTime() - 6.2 * YEAR_MS))
      const expiredToo = await storedLead(old, new Date(now.getTime() - 9 * YEAR_MS))
      const kept = await storedLead(recent, new Date(now.getTime() - 5.8 * YEAR_MS))
      const consent = (consentId: string, createdAt: Date) =>
        db()
          .insertInto('consentRecord')
          .values({
            consentId,
            analytics: true,
            marketing: false,
            preferences: false,
            version: '1.0',
            chosenAt: createdAt,
            userAgent: 'Mozilla/5.0 (consent test)',
            createdAt,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      const oldConsent = await consent('old-consent', new Date(now.getTime() - 6.5 * YEAR_MS))
      const newConsent = await consent('new-consent', new Date(now.getTime() - 5 * YEAR_MS))

      const lines: string[] = []
      const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) })
      const result = await purgeExpiredData({ db: db(), site: app.services.site, logger }, now)

      expect(result).toMatchObject({ retentionYears: 6, leads: 2, consentRecords: 1 })
      expect(await heldFor([expired.id, expiredToo.id])).toEqual({
        leads: 0,
        eligibility: 0,
        deliveries: 0,
        attempts: 0,
      })
      expect(await attemptsOf(expired.deliveryId)).toEqual([])
      expect(await heldFor([kept.id])).toEqual({ leads: 1, eligibility: 1, deliveries: 1, attempts: 2 })
      const consentIds = (await db().selectFrom('consentRecord').select('id').execute()).map((r) => r.id)
      expect(consentIds).not.toContain(oldConsent.id)
      expect(consentIds).toContain(newConsent.id)

      expect(lines).toHaveLength(1)
      const entry = JSON.parse(lines[0] as string)
      expect(entry).toMatchObject({
        msg: 'retention purge removed expired data',
        leads: 2,
        consentRecords: 1,
      })
      for (const secret of [
        old.email,
        old.firstName,
        old.lastName,
        old.phone,
        '203.0.113.7',
        'consent test',
      ]) {
        expect(lines.join('\n')).not.toContain(secret)
      }
    })

    it('follows the retention_years setting, refuses a value that is not whole years, and runs as a scheduled job', async () => {
      const now = new Date()
      const who = person('Setting')
      const threeYears = await storedLead(who, new Date(now.getTime() - 3 * YEAR_MS))
      const oneYear = await storedLead(who, new Date(now.getTime() - 1 * YEAR_MS))

      await expectError(
        await admin.post('/api/admin/settings', { key: RETENTION_YEARS_KEY, value: '0' }),
        400,
        'The retention period must be from 1 to 50 years',
      )
      await expectError(
        await admin.post('/api/admin/settings', { key: RETENTION_YEARS_KEY, value: 'two' }),
        400,
        'The retention period must be a whole number of years',
      )
      await app.services.jobs.run(RETENTION_JOB)
      expect((await heldFor([threeYears.id])).leads).toBe(1)

      await setSetting(RETENTION_YEARS_KEY, '2')
      try {
        await app.services.jobs.run(RETENTION_JOB)
        expect(await heldFor([threeYears.id])).toEqual({
          leads: 0,
          eligibility: 0,
          deliveries: 0,
          attempts: 0,
        })
        expect((await heldFor([oneYear.id])).leads).toBe(1)
      } finally {
        await setSetting(RETENTION_YEARS_KEY, '6')
      }
    })

    it('deletes in batches until nothing is left past the cutoff', async () => {
      const who = person('Batch')
      const long = new Date(Date.now() - 20 * YEAR_MS)
      const ids: number[] = []
      for (let i = 0; i < 7; i++) ids.push((await storedLead(who, new Date(long.getTime() + i * 1000))).id)
      expect(await purgeLeadsBefore(db(), new Date(Date.now() - 15 * YEAR_MS), 3)).toBe(7)
      expect(await heldFor(ids)).toEqual({ leads: 0, eligibility: 0, deliveries: 0, attempts: 0 })
    })

    it('purges later submissions with their lead, and on their own once past the period', async () => {
      const now = new Date()
      const who = person('Repeat')
      const expired = await storedLead(who, new Date(now.getTime() - 7 * YEAR_MS))
      const withExpired = await storedSubmission(expired.id, who, new Date(now.getTime() - 5 * YEAR_MS))
      const kept = await storedLead(who, new Date(now.getTime() - 1 * YEAR_MS))
      const old = await storedSubmission(kept.id, who, new Date(now.getTime() - 6.5 * YEAR_MS))
      const recent = await storedSubmission(kept.id, who, new Date(now.getTime() - 0.5 * YEAR_MS))
      const result = await purgeExpiredData(
        { db: db(), site: app.services.site, logger: pino({ level: 'silent' }) },
        now,
      )
      expect(result).toMatchObject({ leads: 1, submissions: 1 })
      const left = (await db().selectFrom('leadSubmission').select('id').execute()).map((r) => r.id)
      expect(left).not.toContain(withExpired.id)
      expect(left).not.toContain(old.id)
      expect(left).toContain(recent.id)
      expect((await heldFor([kept.id])).leads).toBe(1)
    })
  })

  describe('subject access and erasure', () => {
    let who: Person
    let apiLeadId: number
    let olderLead: { id: number; deliveryId: number }
    let bystander: { id: number }
    let neighbour: Person
    let neighbourLeadId: number

    beforeAll(async () => {
      who = person('Access')
      // Someone else's lead, first: the person later writes in with their phone number.
      neighbour = person('Neighbour')
      neighbourLeadId = await leadIdOf(
        db(),
        (await ok(await app.postJson('/api/leads', leadPayload({ ...neighbour })), 201)).reference as string,
      )
      // Typed with +44 and spaces: found by any way of writing the same number.
      const typedPhone = `+44 ${who.phone.slice(1)}`
      const response = await app.postJson(
        '/api/leads',
        leadPayload({
          firstName: who.firstName,
          lastName: who.lastName,
          email: who.email.toUpperCase(),
          phone: typedPhone,
          answers: eligibleAnswers,
          attribution: { utm_source: 'newsletter', gclid: 'gclid-123' },
        }),
        { headers: { 'user-agent': 'SubjectBrowser/1.0', referer: 'http://127.0.0.1/claim' } },
      )
      apiLeadId = await leadIdOf(db(), (await ok(response, 201)).reference as string)
      // Twice more: once as before (kept under their own lead), once with the neighbour's phone
      // (kept under the neighbour's lead, the earlier match).
      await ok(
        await app.postJson('/api/leads', leadPayload({ ...who, firstName: `${who.firstName}Again` })),
        201,
      )
      await ok(
        await app.postJson(
          '/api/leads',
          leadPayload({ ...who, phone: neighbour.phone, carDetails: 'Shared van' }),
        ),
        201,
      )
      olderLead = await storedLead(who, new Date(Date.now() - 400 * 86_400_000))
      bystander = await storedLead(person('Bystander'), new Date(Date.now() - 10 * 86_400_000))
      // An admin opened the lead: the export shows who did.
      await ok(await admin.get(`/api/admin/leads/${apiLeadId}`))
    })

    it('finds a person by email in any case, with every column, answers, deliveries, attempts and activity', async () => {
      const response = await admin.get(
        `/api/admin/subjects?email=${encodeURIComponent(` ${who.email.toUpperCase()} `)}`,
      )
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-disposition')).toBeNull()
      const body = (await ok(response)) as unknown as SubjectExport
      expect(body.subject).toEqual({ email: who.email })
      expect(body.found).toBe(2)
      expect(body.leads.map((l) => l.id)).toEqual([olderLead.id, apiLeadId])
      expect(new Date(body.exportedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)

      const fresh = body.leads.find((l) => l.id === apiLeadId)
      expect(fresh).toMatchObject({
        firstName: who.firstName,
        lastName: who.lastName,
        email: who.email.toUpperCase(),
        emailNormalized: who.email,
        phoneE164: normaliseUkPhone(who.phone)?.e164,
        phoneType: 'mobile',
        hasConsent: true,
        userAgent: 'SubjectBrowser/1.0',
        utmSource: 'newsletter',
        gclid: 'gclid-123',
        reference: expect.stringMatching(/^[\w-]{22}$/),
        eligibility: { isEligible: true, estimatedClaim: 2500, purchaseDateRange: '2011-2014' },
        deliveries: [],
      })
      // Every column of the lead table is there, the consent evidence included.
      for (const column of [
        'consentText',
        'consentSha256',
        'consentVersion',
        'privacyVersion',
        'ipAddress',
        'sourceUrl',
        'landingPage',
      ]) {
        expect(fresh, column).toHaveProperty(column)
      }
      expect(fresh?.consentText).toEqual(expect.any(String))
      expect(fresh?.activity).toEqual([
        expect.objectContaining({ action: 'lead.view', actorEmail: admin.email }),
      ])

      const older = body.leads.find((l) => l.id === olderLead.id)
      expect(older?.deliveries).toHaveLength(1)
      expect(older?.deliveries[0]).toMatchObject({
        webhookName: 'Buyer CRM',
        status: 'delivered',
        attempts: 2,
      })
      expect(older?.deliveries[0]?.attemptLog.map((a) => a.statusCode)).toEqual([500, 200])
      expect(JSON.stringify(body)).not.toContain('s3cret')
      expect(body.leads.map((l) => l.id)).not.toContain(bystander.id)

      // Their later submissions, the one kept under the neighbour's lead too, each complete.
      expect(body.submissions.map((s) => [s.leadId, s.firstName, s.carDetails])).toEqual([
        [apiLeadId, `${who.firstName}Again`, 'Ford Focus 2013'],
        [neighbourLeadId, who.firstName, 'Shared van'],
      ])
      expect(body.submissions[1]).toMatchObject({
        email: who.email,
        emailNormalized: who.email,
        consentText: expect.stringMatching(/^I consent to being contacted/),
        consentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        leadReference: expect.stringMatching(/^[\w-]{22}$/),
        deliveries: [],
      })
      // Nothing of the neighbour but their lead's reference.
      expect(JSON.stringify(body)).not.toContain(neighbour.firstName)
      expect(JSON.stringify(body)).not.toContain(neighbour.email)
    })

    it.each([
      ['as typed at home', (p: string) => p],
      ['with no spaces', (p: string) => p.replace(/\s/g, '')],
      ['as +44', (p: string) => `+44 ${p.slice(1)}`],
      ['as +44 (0)', (p: string) => `+44 (0)${p.slice(1)}`],
      ['as 0044 with dashes', (p: string) => `0044-${p.slice(1).replace(' ', '-')}`],
    ])('finds the same person by phone written %s', async (_label, write) => {
      const body = (await ok(
        await admin.get(`/api/admin/subjects?phone=${encodeURIComponent(write(who.phone))}`),
      )) as unknown as SubjectExport
      expect(body.subject).toEqual({ phone: normaliseUkPhone(who.phone)?.e164 })
      expect(body.leads.map((l) => l.id)).toEqual([olderLead.id, apiLeadId])
    })

    it('offers the export as a file with download=1', async () => {
      const response = await admin.get(
        `/api/admin/subjects?email=${encodeURIComponent(who.email)}&download=1`,
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="subject-export.json"')
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const body = JSON.parse(await response.text()) as SubjectExport
      expect(body.found).toBe(2)
    })

    it('answers an unknown person with nothing found', async () => {
      const body = (await ok(
        await admin.get('/api/admin/subjects?email=nobody%40example.test'),
      )) as unknown as SubjectExport
      expect(body).toMatchObject({ subject: { email: 'nobody@example.test' }, found: 0, leads: [] })
    })

    it.each([
      ['', 'Give an email address or a phone number to look up'],
      ['?email=', 'Give an email address or a phone number to look up'],
      ['?email=a%40b.co&phone=07700900123', 'Give either an email address or a phone number, not both'],
      ['?email=not-an-email', 'Please enter a valid email address'],
      ['?phone=12345', 'Please enter a valid UK phone number'],
      ['?phone=%2B1%20202%20555%200100', 'Please enter a valid UK phone number'],
      ['?email=a%40b.co&email=c%40d.co', 'Give one email address or one phone number'],
    ])('refuses GET and DELETE with %s: 400', async (query, message) => {
      await expectError(await admin.get(`/api/admin/subjects${query}`), 400, message)
      await expectError(await admin.del(`/api/admin/subjects${query}`), 400, message)
    })

    it('is for admins only: 403 for an editor, even one granted leads, and 401 signed out', async () => {
      const query = `?email=${encodeURIComponent(who.email)}`
      const leadsEditor = await createSignedInAdmin(app, { role: 'editor', permissions: ['leads'] })
      for (const client of [editor, leadsEditor]) {
        await expectError(
          await client.get(`/api/admin/subjects${query}`),
          403,
          'Your role does not allow managing subjects',
        )
        await expectError(
          await client.del(`/api/admin/subjects${query}`),
          403,
          'Your role does not allow managing subjects',
        )
      }
      await expectError(await app.request(`/api/admin/subjects${query}`, { method: 'DELETE' }), 401)
      expect((await heldFor([apiLeadId, olderLead.id])).leads).toBe(2)
    })

    it('erases everything held about the person, keeps everyone else, and leaves an audit entry that does not name them', async () => {
      const phoneE164 = normaliseUkPhone(who.phone)?.e164 as string
      const before = await heldFor([apiLeadId, olderLead.id])
      expect(before).toEqual({ leads: 2, eligibility: 2, deliveries: 1, attempts: 2 })
      expect(await submissionsOf([apiLeadId, neighbourLeadId])).toBe(2)

      const response = await admin.del(
        `/api/admin/subjects?email=${encodeURIComponent(who.email.toUpperCase())}`,
      )
      const body = (await ok(response)) as unknown as SubjectErasure
      expect(body).toEqual({ subject: { email: who.email }, erased: 2, submissions: 2, complaints: 0 })
      expect(await submissionsOf([apiLeadId, neighbourLeadId])).toBe(0)
      expect((await heldFor([neighbourLeadId])).leads).toBe(1)
      expect(await heldFor([apiLeadId, olderLead.id])).toEqual({
        leads: 0,
        eligibility: 0,
        deliveries: 0,
        attempts: 0,
      })
      expect(await attemptsOf(olderLead.deliveryId)).toEqual([])
      expect((await heldFor([bystander.id])).leads).toBe(1)

      const again = (await ok(
        await admin.get(`/api/admin/subjects?phone=${encodeURIComponent(who.phone)}`),
      )) as unknown as SubjectExport
      expect(again.found).toBe(0)
      // Gone from the admin's search too (the SQLite search index follows the table).
      const list = await ok(await admin.get(`/api/leads?q=${encodeURIComponent(who.firstName)}&page=1`))
      expect(list.total).toBe(0)
      // The totals the panel shows (a tally kept by triggers on PostgreSQL) follow the deletion.
      const stats = await ok(await admin.get('/api/admin/leads/stats'))
      const counted = await db()
        .selectFrom('lead')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(stats.total).toBe(Number(counted.n))

      const erasures = await db()
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'subject.erase')
        .execute()
      expect(erasures).toHaveLength(1)
      expect(erasures[0]).toMatchObject({ actorEmail: admin.email, entity: 'subject', entityId: null })
      expect(erasures[0]?.detail).toEqual({ by: 'email', leads: 2, submissions: 2, complaints: 0 })
      const log = JSON.stringify(await db().selectFrom('auditLog').selectAll().execute()).toLowerCase()
      for (const secret of [
        who.email,
        who.firstName,
        who.lastName,
        who.phone.replace(/\s/g, ''),
        phoneE164,
      ]) {
        expect(log).not.toContain(secret.toLowerCase())
      }
      const lookups = await db()
        .selectFrom('auditLog')
        .select('detail')
        .where('action', '=', 'subject.export')
        .execute()
      expect(lookups.length).toBeGreaterThan(0)
    })

    it('erases by phone, whichever way it was written', async () => {
      const other = person('Phone')
      const lead = await storedLead(
        other,
        new Date(Date.now() - 100 * 86_400_000),
        `+44 (0)${other.phone.slice(1)}`,
      )
      const body = (await ok(
        await admin.del(`/api/admin/subjects?phone=${encodeURIComponent(other.phone.replace(/\s/g, ''))}`),
      )) as unknown as SubjectErasure
      expect(body).toEqual({
        subject: { phone: normaliseUkPhone(other.phone)?.e164 },
        erased: 1,
        submissions: 0,
        complaints: 0,
      })
      expect(await heldFor([lead.id])).toEqual({ leads: 0, eligibility: 0, deliveries: 0, attempts: 0 })
      const second = (await ok(
        await admin.del(`/api/admin/subjects?phone=${encodeURIComponent(other.phone)}`),
      )) as unknown as SubjectErasure
      expect(second.erased).toBe(0)
    })
  })

  describe('e-mail to the operator for each new lead', () => {
    beforeEach(async () => {
      await newMails()
    })

    it('sends nothing while the setting is empty', async () => {
      await setSetting(LEAD_NOTIFICATION_EMAIL_KEY, '')
      const who = person('Quiet')
      await ok(await app.postJson('/api/leads', leadPayload({ ...who })), 201)
      expect(await operatorMails()).toEqual([])
    })

    it('refuses an address that is not an email', async () => {
      await expectError(
        await admin.post('/api/admin/settings', { key: LEAD_NOTIFICATION_EMAIL_KEY, value: 'ops@' }),
        400,
        'The notification e-mail must be a valid e-mail address',
      )
    })

    it('mails a link to each new lead, with nothing about the person, and nothing for a duplicate', async () => {
      await setSetting(LEAD_NOTIFICATION_EMAIL_KEY, 'ops@example.test')
      try {
        const who = person('Notify')
        const payload = leadPayload({ ...who, carDetails: 'Vauxhall Astra 2015', answers: eligibleAnswers })
        const id = await leadIdOf(
          db(),
          (await ok(await app.postJson('/api/leads', payload), 201)).reference as string,
        )
        const mails = await operatorMails()
        expect(mails).toHaveLength(1)
        const mail = mails[0] as Mail
        expect(mail.to).toBe('ops@example.test')
        expect(mail.subject).toBe('New lead received')
        expect(mail.text).toContain(`${LINK_ORIGIN}/admin?tab=leads&lead=${id}`)
        const sent = `${mail.subject}\n${mail.text}`.toLowerCase()
        for (const secret of [
          who.firstName,
          who.lastName,
          who.email,
          who.phone,
          who.phone.replace(/\s/g, ''),
          'vauxhall',
          '2,500',
          '2500',
        ]) {
          expect(sent).not.toContain(secret.toLowerCase())
        }

        // The same person again is a duplicate: no new lead, no mail.
        await ok(await app.postJson('/api/leads', payload), 201)
        expect(await operatorMails()).toEqual([])
      } finally {
        await setSetting(LEAD_NOTIFICATION_EMAIL_KEY, '')
      }
    })
  })
})
