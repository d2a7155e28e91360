import { createHash } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { eligibleAnswers, leadPayload } from '../support/factories.ts'
import { ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

let seq = 0
/** A lead from a new person each time (unique email and phone). */
function person(overrides: Record<string, unknown> = {}) {
  seq += 1
  const n = String(100000 + seq).slice(-6)
  return leadPayload({
    email: `person${seq}.${Date.now()}@example.com`,
    phone: `07700 9${n.slice(1)}`,
    answers: eligibleAnswers,
    ...overrides,
  })
}

describe(`the lead pipeline on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.request('/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const leadCount = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('lead')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    )
  const detail = async (id: number) => ok(await admin.get(`/api/admin/leads/${id}`))

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })
  beforeEach(async () => {
    await app.database.db.deleteFrom('siteSetting').where('key', 'in', ['duplicate_window_days']).execute()
  })

  it.each([
    ['07700 900123', '+447700900123', 'mobile'],
    ['+44 7700 900124', '+447700900124', 'mobile'],
    ['0044 (0)7700-900125', '+447700900125', 'mobile'],
    ['020 7946 0958', '+442079460958', 'landline'],
    ['+44 (0)161 496 0000', '+441614960000', 'landline'],
    ['0300 123 4567', '+443001234567', 'landline'],
    ['07624 123456', '+447624123456', 'mobile'],
    ['070 1234 5678', '+447012345678', 'other'],
  ])('stores %s as %s (%s) beside what was typed', async (typed, e164, type) => {
    const response = await post(person({ phone: typed }))
    expect(response.status).toBe(201)
    const { id } = await response.json()
    const lead = await detail(id)
    expect(lead).toMatchObject({ phone: typed, phoneE164: e164, phoneType: type })
  })

  it('a duplicate by phone (any format) or email (any case) is not a new lead', async () => {
    const first = person({ phone: '07700 900555', lastName: 'Duplicatesson' })
    const created = await post(first)
    expect(created.status).toBe(201)
    const { id } = await created.json()
    const before = await leadCount()

    const samePhone = await post(person({ phone: '+44 7700 900555' }))
    const sameEmail = await post(person({ email: String(first.email).toUpperCase() }))
    for (const response of [samePhone, sameEmail]) {
      expect(response.status).toBe(201)
      expect((await response.json()).id).toBe(id)
    }
    expect(await leadCount()).toBe(before)
    const lead = await detail(id)
    expect(lead.duplicateCount).toBe(2)
    expect(typeof lead.lastSeenAt).toBe('string')
    // The admin list shows the count.
    const list = await ok(await admin.get(`/api/leads?page=1&pageSize=5&q=Duplicatesson`))
    expect(
      (list.items as { id: number; duplicateCount: number }[]).find((l) => l.id === id)?.duplicateCount,
    ).toBe(2)
  })

  it('leads posted at once are written together: each new person once, repeats answered with their first lead', async () => {
    const before = await leadCount()
    const people = Array.from({ length: 12 }, (_, i) => person({ lastName: `Together${i}` }))
    // Each person twice in the same burst: once as typed, once with the phone in another format
    // or the e-mail in capitals; and four repeats of a lead already stored.
    const stored = person({ lastName: 'Stored' })
    const storedId = (await (await post(stored)).json()).id as number
    const bodies = [
      ...people,
      ...people.map((p, i) =>
        i % 2
          ? { ...p, email: String(p.email).toUpperCase() }
          : { ...p, email: `other-${i}-${p.email}`, phone: `+44 ${String(p.phone).slice(1)}` },
      ),
      ...Array.from({ length: 4 }, () => ({ ...stored })),
    ]
    const answers = await Promise.all(bodies.map(async (b) => ({ status: (await post(b)).status, body: b })))
    expect(answers.every((a) => a.status === 201)).toBe(true)
    expect(await leadCount()).toBe(before + 1 + people.length)
    const ids = await Promise.all(bodies.map(async (b) => (await (await post(b)).json()).id as number))
    for (let i = 0; i < people.length; i++) expect(ids[people.length + i]).toBe(ids[i])
    expect(new Set(ids.slice(0, people.length)).size).toBe(people.length)
    expect(ids.slice(-4)).toEqual([storedId, storedId, storedId, storedId])
    const lead = await detail(storedId)
    expect(lead.duplicateCount).toBe(8)
  })

  it('outside the duplicate window the same person is a new lead', async () => {
    const first = person()
    const a = await (await post(first)).json()
    await ok(await admin.post('/api/admin/settings', { key: 'duplicate_window_days', value: '0' }))
    const b = await (await post({ ...first })).json()
    expect(b.id).not.toBe(a.id)
  })

  it('a bot gets the same answer and nothing is stored: honeypot filled, or posted too fast', async () => {
    const before = await leadCount()
    const honeypot = await post(person({ website: 'https://spam.example' }))
    const tooFast = await post(person({ formStartedAt: Date.now() - 500 }))
    for (const response of [honeypot, tooFast]) {
      expect(response.status).toBe(201)
      expect(Object.keys(await response.json()).sort()).toEqual(['createdAt', 'id'])
    }
    expect(await leadCount()).toBe(before)
    const human = await post(person({ formStartedAt: Date.now() - 20_000, website: '' }))
    expect(human.status).toBe(201)
    expect(await leadCount()).toBe(before + 1)
  })

  it('keeps the consent evidence: wording, version, SHA-256, policy version, buyer, page, browser, IP', async () => {
    await ok(await admin.post('/api/admin/settings', { key: 'partner_name', value: 'Acme Claims Ltd' }))
    const response = await post(person(), {
      referer: `${app.baseUrl}/?utm_source=google`,
      'user-agent': 'EvidenceBrowser/1.0',
    })
    const { id } = await response.json()
    const lead = await detail(id)
    const text = (lead.consent as { text: string }).text
    expect(text).toContain('Acme Claims Ltd')
    expect(lead.consent).toMatchObject({
      given: true,
      version: expect.any(String),
      sha256: createHash('sha256').update(text).digest('hex'),
      privacyVersion: expect.any(String),
      partnerName: 'Acme Claims Ltd',
      pageUrl: `${app.baseUrl}/?utm_source=google`,
      userAgent: 'EvidenceBrowser/1.0',
      ipAddress: expect.stringMatching(/127\.0\.0\.1|::1/),
    })
    await ok(await admin.post('/api/admin/settings', { key: 'partner_name', value: '' }))
  })

  it('keeps the attribution sent with the lead, validated and length-limited', async () => {
    const attribution = {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring-pcp',
      utm_term: 'car finance claim',
      utm_content: 'ad-1',
      gclid: 'Cj0KCQ123',
      gbraid: 'gb1',
      wbraid: 'wb1',
      fbclid: 'fb1',
      msclkid: 'ms1',
      referrer: 'https://www.google.com/',
      landing_page: 'https://claims.example/?utm_source=google',
    }
    const response = await post(person({ attribution: { ...attribution, unknown_key: 'dropped' } }))
    expect(response.status).toBe(201)
    const lead = await detail((await response.json()).id)
    expect(lead.attribution).toEqual(attribution)

    for (const bad of [{ utm_source: 'x'.repeat(201) }, { gclid: 42 }, { utm_campaign: 'a\u0000b' }]) {
      const refused = await post(person({ attribution: bad }))
      expect(refused.status).toBe(400)
      expect(typeof (await refused.json()).message).toBe('string')
    }
  })

  it('the no-JavaScript form takes the attribution from the landing URL and keeps it', async () => {
    const landing = `${app.baseUrl}/?utm_source=facebook&utm_campaign=nojs&fbclid=FB123`
    const form = new URLSearchParams({
      intent: 'lead',
      step: '3',
      ...eligibleAnswers,
      firstName: 'No',
      lastName: 'Script',
      email: `nojs.${Date.now()}@example.com`,
      phone: '07700 900987',
      hasConsent: 'true',
    })
    const response = await app.request('/?index', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: landing },
      body: form.toString(),
    })
    expect(response.status).toBe(303)
    const row = await app.database.db
      .selectFrom('lead')
      .select(['id', 'utmSource', 'utmCampaign', 'fbclid', 'landingPage'])
      .where('phoneE164', '=', '+447700900987')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      utmSource: 'facebook',
      utmCampaign: 'nojs',
      fbclid: 'FB123',
      landingPage: landing,
    })
  })

  it('the leads list filters by source and campaign, and the CSV export can include attribution', async () => {
    const tag = `f${Date.now()}`
    for (const [source, campaign] of [
      ['bing', `${tag}-a`],
      ['bing', `${tag}-b`],
      ['meta', `${tag}-a`],
    ]) {
      expect(
        (await post(person({ lastName: tag, attribution: { utm_source: source, utm_campaign: campaign } })))
          .status,
      ).toBe(201)
    }
    const page = async (query: string) =>
      (await ok(await admin.get(`/api/leads?page=1&pageSize=50&q=${tag}&${query}`))) as { total: number }
    expect((await page('source=bing')).total).toBe(2)
    expect((await page(`campaign=${tag}-a`)).total).toBe(2)
    expect((await page(`source=bing&campaign=${tag}-a`)).total).toBe(1)
    const csv = await (
      await admin.get(`/api/admin/leads/export.csv?q=${tag}&source=meta&attribution=1`)
    ).text()
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
    expect(lines[0]).toBe(
      'Name,Car Details,Consent,Date,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,gbraid,wbraid,fbclid,msclkid,referrer,landing_page',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`,meta,,${tag}-a,`)
  })
})
