import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPLAINT_REFERENCE_PATTERN, type ComplaintRow } from '../../core/schemas/complaints.ts'
import type { SubjectErasure, SubjectExport } from '../../core/schemas/data-requests.ts'
import { purgeExpiredData } from '../../server/leads/index.ts'
import { parseConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin, uniqueEmail } from '../support/admin-client.ts'
import { decode, visibleText } from '../support/html.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Mail = { to: string; subject: string; text: string }

const COMPLAINTS = '/api/admin/subjects/complaints'
const text = (html: string) => decode(visibleText(html).replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ')

describe(`data-protection complaints on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let outbox: string
  const seen = new Set<string>()
  const db = () => app.database.db

  function newMails(): Mail[] {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []
    const fresh = files.filter((f) => !seen.has(f))
    for (const f of fresh) seen.add(f)
    return fresh.map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as Mail)
  }

  const complaint = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ann Lee',
    email: uniqueEmail('complainant'),
    details: 'You emailed me after I asked you to stop.',
    ...overrides,
  })

  const postForm = (target: TestApp, fields: Record<string, string>) =>
    target.request('/complaints', {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })

  const stored = (reference: string) =>
    db().selectFrom('complaint').selectAll().where('reference', '=', reference).executeTakeFirst()

  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-complaints-'))
    app = await startTestApp({ mailOutbox: outbox })
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true })
  })

  it('stores a posted complaint, answers its reference and mails the acknowledgement', async () => {
    const body = complaint({ phone: '07700 900123', contactBy: 'phone', leadReference: 'ABC-123' })
    const response = await app.postJson('/api/complaints', body)
    const { reference } = (await ok(response, 201)) as { reference: string }
    expect(reference).toMatch(COMPLAINT_REFERENCE_PATTERN)
    const row = await stored(reference)
    expect(row).toMatchObject({
      email: body.email,
      phone: '+447700900123',
      leadReference: 'ABC-123',
      contactBy: 'phone',
      status: 'new',
    })
    expect(Boolean(row?.acknowledgementSent)).toBe(true)
    const mails = newMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: body.email })
    expect(mails[0]?.subject).toContain(reference)
    expect(mails[0]?.text).toContain(reference)
    expect(mails[0]?.text).toContain('within 30 days')
    expect(mails[0]?.text).toContain('https://ico.org.uk/make-a-complaint')
  })

  it.each([
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ details: '' }, 'Tell us what your complaint is about'],
    [{ details: 'x'.repeat(5001) }, 'Your complaint must be at most 5000 characters'],
    [{ contactBy: 'phone' }, 'Give a phone number if you want us to call you'],
  ])('refuses %o with 400 and its message, storing nothing', async (change, message) => {
    const before = await db()
      .selectFrom('complaint')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    await expectError(await app.postJson('/api/complaints', complaint(change)), 400, message)
    const after = await db()
      .selectFrom('complaint')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
    expect(newMails()).toEqual([])
  })

  it('takes the form without JavaScript and shows the reference', async () => {
    const fields = { ...complaint(), phone: '', leadReference: '', contactBy: 'email', website: '' }
    const response = await postForm(app, fields as Record<string, string>)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('no-store')
    const page = text(await response.text())
    const reference = /DPC-\d{4}-\d{6,}/.exec(page)?.[0]
    expect(reference).toBeDefined()
    expect(page).toContain('We have received your complaint')
    expect(await stored(reference as string)).toMatchObject({ email: fields.email })
    expect(newMails().map((m) => m.to)).toEqual([fields.email])
  })

  it('shows the form’s errors next to its fields, keeping what was typed', async () => {
    const response = await postForm(app, { name: 'Ann Lee', email: 'not-an-address', details: '' })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(text(html)).toContain('Please enter a valid email address')
    expect(text(html)).toContain('Tell us what your complaint is about')
    expect(html).toMatch(/aria-invalid="true"[^>]*name="email"|name="email"[^>]*aria-invalid="true"/)
    expect(html).toContain('value="Ann Lee"')
  })

  it('answers a bot (the honeypot filled) alike, storing and mailing nothing', async () => {
    const body = complaint({ website: 'https://spam.example' })
    const { reference } = (await ok(await app.postJson('/api/complaints', body), 201)) as {
      reference: string
    }
    expect(reference).toMatch(COMPLAINT_REFERENCE_PATTERN)
    expect(await db().selectFrom('complaint').selectAll().where('email', '=', body.email).execute()).toEqual(
      [],
    )
    expect(newMails()).toEqual([])
  })

  it('refuses a cross-site post', async () => {
    const response = await app.request('/complaints', {
      method: 'POST',
      body: new URLSearchParams(complaint()).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    })
    expect(response.status).toBe(403)
  })

  it('keeps the complaint when the mail fails, and the admin sees it was not acknowledged', async () => {
    const notADirectory = path.join(outbox, 'a-file')
    fs.writeFileSync(notADirectory, '')
    seen.add('a-file')
    const broken = await startTestApp(
      { mailOutbox: path.join(notADirectory, 'box') },
      { database: app.database },
    )
    try {
      const { reference } = (await ok(await broken.postJson('/api/complaints', complaint()), 201)) as {
        reference: string
      }
      const rows = (await ok(await admin.get(COMPLAINTS))) as unknown as ComplaintRow[]
      expect(rows.find((r) => r.reference === reference)).toMatchObject({
        acknowledgementSent: false,
        status: 'new',
      })
    } finally {
      await broken.close()
    }
  })

  it('lists complaints with the 30-day deadline and records acknowledgement, outcome and reply', async () => {
    const old = await db()
      .insertInto('complaint')
      .values({
        reference: 'DPC-2026-900001',
        name: 'Old Complaint',
        email: uniqueEmail('old'),
        details: 'Waiting',
        receivedAt: new Date(Date.now() - 31 * 86_400_000),
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const rows = (await ok(await admin.get(COMPLAINTS))) as unknown as ComplaintRow[]
    const row = rows.find((r) => r.id === old.id)
    expect(row).toMatchObject({ reference: 'DPC-2026-900001', status: 'new', overdue: true })
    expect(new Date(row?.acknowledgeBy ?? 0).getTime() - new Date(row?.receivedAt ?? 0).getTime()).toBe(
      30 * 86_400_000,
    )

    const acknowledged = (await ok(
      await admin.put(`${COMPLAINTS}/${old.id}`, { status: 'acknowledged' }),
    )) as unknown as ComplaintRow
    expect(acknowledged).toMatchObject({ status: 'acknowledged', overdue: false })
    expect(acknowledged.acknowledgedAt).not.toBeNull()

    const resolved = (await ok(
      await admin.put(`${COMPLAINTS}/${old.id}`, {
        status: 'resolved',
        outcome: 'Upheld',
        reply: 'We are sorry.',
      }),
    )) as unknown as ComplaintRow
    expect(resolved).toMatchObject({ status: 'resolved', outcome: 'Upheld', reply: 'We are sorry.' })
    expect(resolved.acknowledgedAt).toBe(acknowledged.acknowledgedAt)
    expect(resolved.resolvedAt).not.toBeNull()

    const entries = await db()
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('entity', '=', 'complaint')
      .where('entityId', '=', String(old.id))
      .execute()
    expect(entries.map((e) => e.action)).toEqual(['complaint.update', 'complaint.update'])
    expect(JSON.stringify(entries)).not.toContain('We are sorry.')

    await expectError(await admin.put(`${COMPLAINTS}/${old.id}`, { status: 'closed' }), 400)
    await expectError(await admin.put(`${COMPLAINTS}/${old.id}`, {}), 400, 'Nothing to update')
    await expectError(
      await admin.put(`${COMPLAINTS}/999999`, { status: 'resolved' }),
      404,
      'Complaint not found',
    )
  })

  it('lets only the data-requests permission see or change complaints', async () => {
    const editor = await createSignedInAdmin(app, { role: 'editor', permissions: ['leads'] })
    const allowed = await createSignedInAdmin(app, { role: 'editor', permissions: ['subjects'] })
    expect((await editor.get(COMPLAINTS)).status).toBe(403)
    expect((await editor.put(`${COMPLAINTS}/1`, { status: 'resolved' })).status).toBe(403)
    expect((await app.request(COMPLAINTS)).status).toBe(401)
    await ok(await allowed.get(COMPLAINTS))
  })

  it('includes a person’s complaints in their export and erases them with their data', async () => {
    const who = complaint()
    const { reference } = (await ok(await app.postJson('/api/complaints', who), 201)) as { reference: string }
    newMails()
    const query = `email=${encodeURIComponent(who.email.toUpperCase())}`
    const exported = (await ok(await admin.get(`/api/admin/subjects?${query}`))) as unknown as SubjectExport
    expect(exported.complaints.map((c) => c.reference)).toEqual([reference])
    const erased = (await ok(await admin.del(`/api/admin/subjects?${query}`))) as unknown as SubjectErasure
    expect(erased).toMatchObject({ erased: 0, complaints: 1 })
    expect(await stored(reference)).toBeUndefined()
  })

  it('purges complaints past retention, logging no personal data', async () => {
    const email = uniqueEmail('expired')
    const now = new Date()
    await db()
      .insertInto('complaint')
      .values({
        reference: 'DPC-2019-900002',
        name: 'Expired Person',
        email,
        details: 'Old',
        receivedAt: new Date(now.getTime() - 7 * 366 * 86_400_000),
        updatedAt: now,
      })
      .execute()
    const lines: string[] = []
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) })
    const result = await purgeExpiredData({ db: db(), site: app.services.site, logger }, now)
    expect(result.complaints).toBe(1)
    expect(await db().selectFrom('complaint').selectAll().where('email', '=', email).execute()).toEqual([])
    expect(lines.join('\n')).not.toContain(email)
  })

  it('rate limits complaint posts per address, the form and the API alike', async () => {
    const defaults = parseConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'complaints-secret-0123456789',
    }).rateLimits
    const limited = await startTestApp(
      {
        mailOutbox: outbox,
        rateLimits: { ...defaults, enabled: true, complaints: { limit: 1, windowMs: 3_600_000 } },
      },
      { database: app.database },
    )
    try {
      await db().deleteFrom('rateLimit').where('key', 'like', 'complaints:%').execute()
      await ok(await limited.postJson('/api/complaints', complaint()), 201)
      const refused = await limited.postJson('/api/complaints', complaint())
      await expectError(refused, 429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      const form = await postForm(limited, complaint())
      expect(form.status).toBe(429)
      newMails()
    } finally {
      await limited.close()
    }
  })
})
