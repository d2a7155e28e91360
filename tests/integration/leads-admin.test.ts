import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leadCsvFilename } from '../../core/csv.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { allowRepeatLeads, eligibleAnswers, insertLead, leadIdOf, leadPayload } from '../support/factories.ts'
import { expectError, ok, type Row } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

/** The CSV body without its BOM, split into rows (CRLF) — quoted newlines stay inside their cell. */
function csvLines(text: string) {
  return text.replace(/^\uFEFF/, '').split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/)
}

describe(`leads in the admin on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let editor: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    await allowRepeatLeads(app)
    admin = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor' })
    const db = app.database.db
    const start = Date.now() - 3 * 86_400_000
    const rows = [
      { firstName: 'Formula', lastName: 'Person', carDetails: '=SUM(A1:A9)' },
      { firstName: 'Plus', lastName: 'Sign', carDetails: '+44 trick' },
      { firstName: 'Minus', lastName: 'Sign', carDetails: '-1+1' },
      { firstName: 'At', lastName: 'Sign', carDetails: '@cmd' },
      { firstName: 'Quote', lastName: 'Person', carDetails: 'Ford "Focus", 2014' },
      { firstName: 'Line', lastName: 'Break', carDetails: 'Line one\nLine two' },
      { firstName: 'Tab', lastName: 'Start', carDetails: '\tindented' },
      { firstName: 'Zoë', lastName: 'Ölander', carDetails: 'Škoda Octavia' },
      { firstName: 'No', lastName: 'Consent', carDetails: null, hasConsent: false },
    ]
    for (const [i, row] of rows.entries()) {
      await insertLead(db, {
        hasConsent: true,
        ...row,
        email: `lead${i}@example.test`,
        createdAt: new Date(start + i * 60_000),
      })
    }
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('CSV export', () => {
    it('downloads every lead as RFC 4180 CSV with a BOM, the spec columns and a UK-dated name', async () => {
      const response = await admin.get('/api/admin/leads/export.csv')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${leadCsvFilename(new Date())}"`,
      )
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('x-accel-buffering')).toBe('no')
      const bytes = new Uint8Array(await response.arrayBuffer())
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const lines = csvLines(new TextDecoder().decode(bytes))
      // SPEC section 9, exactly.
      expect(lines[0]).toBe('Name,Car Details,Consent,Date')
      expect(lines.at(-1)).toBe('')
      const body = lines.slice(1, -1)
      expect(body).toHaveLength(9)
      // Newest first, like the panel.
      expect(body[0]).toMatch(/^No Consent,,No,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
      const byName = (name: string) => body.find((l) => l.startsWith(`${name},`) || l.startsWith(`"${name}`))
      expect(byName('Formula Person')).toMatch(/^Formula Person,'=SUM\(A1:A9\),Yes,/)
      expect(byName('Plus Sign')).toMatch(/^Plus Sign,'\+44 trick,Yes,/)
      expect(byName('Minus Sign')).toMatch(/^Minus Sign,'-1\+1,Yes,/)
      expect(byName('At Sign')).toMatch(/^At Sign,'@cmd,Yes,/)
      expect(byName('Quote Person')).toMatch(/^Quote Person,"Ford ""Focus"", 2014",Yes,/)
      expect(byName('Line Break')).toMatch(/^Line Break,"Line one\nLine two",Yes,/)
      expect(byName('Tab Start')).toMatch(/^Tab Start,'\tindented,Yes,/)
      expect(byName('Zoë Ölander')).toMatch(/^Zoë Ölander,Škoda Octavia,Yes,/)
    })

    it('honours the search and is audited with a count, no personal data', async () => {
      const response = await admin.get(`/api/admin/leads/export.csv?q=${encodeURIComponent('sign')}`)
      const lines = csvLines(await response.text()).slice(1, -1)
      expect(lines.map((l) => l.split(',')[0]).sort()).toEqual(['At Sign', 'Minus Sign', 'Plus Sign'])
      const entry = await app.database.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'lead.export')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(entry.actorEmail).toBe(admin.email)
      expect(entry.detail).toEqual({
        searched: true,
        filtered: false,
        attribution: false,
        answers: false,
        rows: 3,
      })
      expect(JSON.stringify(entry)).not.toMatch(/lead\d@example|Sign/)
    })

    it('is for those who may see leads', async () => {
      await expectError(await editor.get('/api/admin/leads/export.csv'), 403)
      expect((await app.request('/api/admin/leads/export.csv')).status).toBe(401)
    })
  })

  describe('search', () => {
    it.each([
      ['formula', ['Formula Person']],
      ['FORMULA PER', ['Formula Person']],
      ['zoë ö', ['Zoë Ölander']],
      ['ŠKODA', ['Zoë Ölander']],
      ['"focus"', ['Quote Person']],
      ['sign', ['At Sign', 'Minus Sign', 'Plus Sign']],
      ['no', ['No Consent']],
      ['z', ['Zoë Ölander']],
      ['nobody-at-all', []],
    ])('q=%s finds %j (full name or car details, any case)', async (q, expected) => {
      const page = await ok(await admin.get(`/api/leads?q=${encodeURIComponent(q)}&page=1&pageSize=50`))
      const names = (page.items as Row[]).map((r) => `${r.firstName} ${r.lastName}`)
      expect(names.sort()).toEqual([...expected].sort())
      expect(page.total).toBe(expected.length)
    })

    it('follows a change to a name or car, and ignores changes to other columns', async () => {
      const db = app.database.db
      const search = async (q: string) =>
        (await ok(await admin.get(`/api/leads?q=${encodeURIComponent(q)}&page=1&pageSize=50`))).total
      const { id } = await db
        .selectFrom('lead')
        .select('id')
        .where('firstName', '=', 'Quote')
        .executeTakeFirstOrThrow()
      try {
        await db.updateTable('lead').set({ carDetails: 'Morgan Plus Four' }).where('id', '=', id).execute()
        expect(await search('morgan plus')).toBe(1)
        expect(await search('"focus"')).toBe(0)
        await db.updateTable('lead').set({ lastName: 'Renamed' }).where('id', '=', id).execute()
        expect(await search('quote renamed')).toBe(1)
        await db.updateTable('lead').set({ utmSource: 'changed' }).where('id', '=', id).execute()
        expect(await search('quote renamed')).toBe(1)
      } finally {
        await db
          .updateTable('lead')
          .set({ lastName: 'Person', carDetails: 'Ford "Focus", 2014', utmSource: null })
          .where('id', '=', id)
          .execute()
      }
      expect(await search('"focus"')).toBe(1)
      expect(await search('morgan')).toBe(0)
    })

    it('streams the unpaged list as one JSON array, newest first', async () => {
      const response = await admin.get('/api/leads')
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const rows = (await response.json()) as Row[]
      expect(rows).toHaveLength(9)
      expect(rows[0]?.firstName).toBe('No')
      expect(rows.at(-1)?.firstName).toBe('Formula')
    })
  })

  it('opens one lead with every stored field and its questionnaire', async () => {
    const created = await app.postJson('/api/leads', leadPayload({ answers: eligibleAnswers }), {
      headers: { referer: 'https://claims.example/?utm_source=x', 'user-agent': 'LeadDetailTest/1' },
    })
    const id = await leadIdOf(app.database.db, ((await created.json()) as { reference: string }).reference)
    const lead = await ok(await admin.get(`/api/admin/leads/${id}`))
    expect(lead).toMatchObject({
      id,
      firstName: 'Ann',
      email: 'ann.lee@example.com',
      hasConsent: true,
      sourceUrl: 'https://claims.example/?utm_source=x',
      userAgent: 'LeadDetailTest/1',
      eligibility: { isEligible: true, estimatedClaim: 2500, purchaseDateRange: '2011-2014' },
    })
    expect(lead.consentText).toMatch(/^I consent to being contacted/)
    await expectError(await admin.get('/api/admin/leads/999999'), 404)
    await expectError(await editor.get(`/api/admin/leads/${id}`), 403)
  })

  it('counts leads per UK day for the last 30 days, empty days included', async () => {
    const days = (await ok(await admin.get('/api/admin/leads/daily'))) as unknown as {
      date: string
      count: number
    }[]
    expect(days).toHaveLength(30)
    expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date) && Number.isInteger(d.count))).toBe(true)
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(10)
    expect(days.filter((d) => d.count === 0).length).toBeGreaterThan(20)
  })

  it('stats count the leads of the last 30 UK days for the average per day', async () => {
    const stats = await ok(await admin.get('/api/admin/leads/stats'))
    expect(stats).toMatchObject({ total: 10, leads: 10, days: 30, averagePerDay: 0.3 })
  })
})

describe(`users and redirect tests on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('refuses to deactivate or demote the last active admin, and ends a deactivated user’s sessions', async () => {
    await expectError(await admin.put(`/api/admin/users/${admin.id}`, { role: 'editor' }), 409)
    await expectError(await admin.put(`/api/admin/users/${admin.id}`, { isActive: false }), 409)
    const other = await createSignedInAdmin(app, { role: 'admin' })
    // Now one other admin exists: the first may be demoted by the other, but not the last one left.
    await ok(await other.put(`/api/admin/users/${admin.id}`, { role: 'editor' }))
    await expectError(await other.put(`/api/admin/users/${other.id}`, { role: 'editor' }), 409)
    const editor = await createSignedInAdmin(app, { role: 'editor' })
    expect((await editor.get('/api/auth/user')).status).toBe(200)
    await ok(await other.put(`/api/admin/users/${editor.id}`, { isActive: false }))
    expect((await editor.get('/api/auth/user')).status).toBe(401)
    await ok(await other.put(`/api/admin/users/${admin.id}`, { role: 'admin' }))
    // A change of role ended the first admin's sessions: they sign in again.
    expect((await admin.get('/api/auth/user')).status).toBe(401)
    admin = other
  })

  it('sends a reset e-mail to an active user, not to a deactivated one', async () => {
    const sent: string[] = []
    app.services.mailer.send = async (mail) => {
      sent.push(mail.to)
    }
    const user = await createSignedInAdmin(app, { role: 'editor' })
    const answer = await ok(await admin.post(`/api/admin/users/${user.id}/reset-password`, {}))
    expect(answer.message).toContain(user.email)
    expect(sent).toEqual([user.email])
    await ok(await admin.put(`/api/admin/users/${user.id}`, { isActive: false }))
    await expectError(await admin.post(`/api/admin/users/${user.id}/reset-password`, {}), 409)
  })

  it('tests an address against the live rules, as visitors get it', async () => {
    await ok(
      await admin.post('/api/admin/redirects', { name: 'T', fromUrl: '/try-me', toUrl: '/evidence' }),
      201,
    )
    const test = (url: string) => admin.get(`/api/admin/redirects/test?url=${encodeURIComponent(url)}`)
    expect(await ok(await test('/try-me?utm_source=x'))).toMatchObject({
      kind: 'redirect',
      statusCode: 301,
      location: '/evidence?utm_source=x',
    })
    expect(await ok(await test('/nothing-here'))).toEqual({ kind: 'none' })
    expect(await ok(await test('/reset-password?token=x'))).toEqual({ kind: 'protected' })
    await expectError(await test('https://evil.example/'), 400)
    await expectError(await admin.get('/api/admin/redirects/test'), 400)
  })
})
