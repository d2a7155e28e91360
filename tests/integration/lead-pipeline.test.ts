import { createHash } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { eligibleAnswers, leadIdOf, leadPayload } from '../support/factories.ts'
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
  /** The lead a post's answer stands for (its own, or the one its repeat was kept under). */
  const idOf = async (response: Response) =>
    leadIdOf(app.database.db, ((await response.json()) as { reference: string }).reference)

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
    const lead = await detail(await idOf(response))
    expect(lead).toMatchObject({ phone: typed, phoneE164: e164, phoneType: type })
  })

  it('a duplicate by phone (any format) or email (any case) is kept as a submission, not a new lead', async () => {
    const first = person({ phone: '07700 900555', lastName: 'Duplicatesson' })
    const created = await post(first)
    expect(created.status).toBe(201)
    const id = await idOf(created)
    const before = await leadCount()

    const samePhone = await post(person({ phone: '+44 7700 900555' }))
    const sameEmail = await post(person({ email: String(first.email).toUpperCase() }))
    for (const response of [samePhone, sameEmail]) {
      expect(response.status).toBe(201)
      expect(await idOf(response)).toBe(id)
    }
    expect(await leadCount()).toBe(before)
    const lead = await detail(id)
    expect(lead.duplicateCount).toBe(2)
    expect((lead.submissions as unknown[]).length).toBe(2)
    expect(lead.lastSeenAt).toBe((lead.submissions as { createdAt: string }[])[1]?.createdAt)
    // The admin list shows the count.
    const list = await ok(await admin.get(`/api/leads?page=1&pageSize=5&q=Duplicatesson`))
    expect(
      (list.items as { id: number; duplicateCount: number }[]).find((l) => l.id === id)?.duplicateCount,
    ).toBe(2)
  })

  it('answers a new lead, a repeat and a bot alike: same status, headers and length, an opaque reference', async () => {
    const first = person()
    const answers = [
      await post(first),
      await post(person({ email: first.email, firstName: 'Someone', lastName: 'Else' })),
      await post(person({ phone: first.phone })),
      await post(person({ website: 'https://spam.example' })),
      await post(person({ formStartedAt: Date.now() - 500 })),
      await post(person()),
    ]
    // The thank-you cookie carries each answer's own reference (ADR 0059); its shape is the same.
    const headers = (r: Response) =>
      [...r.headers.entries()]
        .filter(([name]) => name !== 'x-request-id' && name !== 'date')
        .map(([name, value]) => [name, name === 'set-cookie' ? value.replace(/=[^;]*/, '=REF') : value])
    const bodies: string[] = []
    for (const response of answers) {
      expect(response.status).toBe(201)
      expect(headers(response)).toEqual(headers(answers[0] as Response))
      bodies.push(await response.text())
      const { reference } = JSON.parse(bodies.at(-1) as string) as { reference: string }
      expect(response.headers.get('set-cookie')).toContain(`enquiry_ref=${reference};`)
    }
    const references = bodies.map((b) => (JSON.parse(b) as { reference: string }).reference)
    for (const [i, body] of bodies.entries()) {
      expect(Object.keys(JSON.parse(body))).toEqual(['reference'])
      expect(body.length, body).toBe(bodies[0]?.length)
      expect(references[i]).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(references[i]).not.toMatch(/^\d+$/)
    }
    expect(new Set(references).size).toBe(references.length)
    // Two new leads taken one after the other share nothing that counts up.
    const [a, b] = [references[0] as string, references[5] as string]
    let shared = 0
    while (shared < a.length && a[shared] === b[shared]) shared++
    expect(shared).toBeLessThan(8)
  })

  it('a repeat leaves the earlier lead exactly as it was and keeps its own details and consent evidence', async () => {
    const first = person({ lastName: 'Original', carDetails: 'Ford Focus 2013' })
    const id = await idOf(
      await post(first, { referer: `${app.baseUrl}/?utm_source=first`, 'user-agent': 'FirstBrowser/1' }),
    )
    const row = () =>
      app.database.db.selectFrom('lead').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const eligibility = () =>
      app.database.db.selectFrom('eligibilityResponse').selectAll().where('leadId', '=', id).execute()
    const [leadBefore, answersBefore] = [await row(), await eligibility()]

    const again = person({
      email: String(first.email).toUpperCase(),
      firstName: 'Mallory',
      lastName: 'Overwriter',
      carDetails: 'Tesla Model 3',
      answers: { ...eligibleAnswers, loanAmount: '35000+' },
      attribution: { utm_source: 'second', utm_campaign: 'probe' },
    })
    const response = await post(again, {
      referer: `${app.baseUrl}/evidence`,
      'user-agent': 'SecondBrowser/2',
    })
    expect(response.status).toBe(201)
    const { reference } = (await response.json()) as { reference: string }
    expect(await row()).toEqual(leadBefore)
    expect(await eligibility()).toEqual(answersBefore)

    const stored = await app.database.db
      .selectFrom('leadSubmission')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    expect(stored).toMatchObject({
      leadId: id,
      firstName: 'Mallory',
      lastName: 'Overwriter',
      email: String(first.email).toUpperCase(),
      emailNormalized: String(first.email).toLowerCase(),
      phone: again.phone,
      phoneE164: `+44${String(again.phone).replace(/\D/g, '').slice(1)}`,
      carDetails: 'Tesla Model 3',
      hasConsent: true,
      consentVersion: leadBefore.consentVersion,
      consentSha256: leadBefore.consentSha256,
      sourceUrl: `${app.baseUrl}/evidence`,
      userAgent: 'SecondBrowser/2',
      utmSource: 'second',
      utmCampaign: 'probe',
      loanAmount: 35000,
      isEligible: true,
      estimatedClaim: 5000,
    })

    const lead = await detail(id)
    expect(lead).toMatchObject({
      firstName: first.firstName,
      lastName: 'Original',
      carDetails: 'Ford Focus 2013',
    })
    expect(lead.submissions).toEqual([
      expect.objectContaining({
        reference,
        firstName: 'Mallory',
        lastName: 'Overwriter',
        carDetails: 'Tesla Model 3',
        eligibility: expect.objectContaining({ estimatedClaim: 5000 }),
        consent: expect.objectContaining({
          given: true,
          text: expect.stringMatching(/^I consent to being contacted/),
          pageUrl: `${app.baseUrl}/evidence`,
          userAgent: 'SecondBrowser/2',
          ipAddress: expect.stringMatching(/127\.0\.0\.1|::1/),
        }),
        attribution: { utm_source: 'second', utm_campaign: 'probe' },
        deliveries: [],
      }),
    ])
  })

  it('leads posted at once are written together: each new person once, repeats kept under their first lead', async () => {
    const before = await leadCount()
    const people = Array.from({ length: 12 }, (_, i) => person({ lastName: `Together${i}` }))
    // Each person twice in the same burst: once as typed, once with the phone in another format
    // or the e-mail in capitals; and four repeats of a lead already stored.
    const stored = person({ lastName: 'Stored' })
    const storedId = await idOf(await post(stored))
    const storedRow = await app.database.db
      .selectFrom('lead')
      .selectAll()
      .where('id', '=', storedId)
      .executeTakeFirstOrThrow()
    const bodies = [
      ...people,
      ...people.map((p, i) =>
        i % 2
          ? { ...p, email: String(p.email).toUpperCase() }
          : { ...p, email: `other-${i}-${p.email}`, phone: `+44 ${String(p.phone).slice(1)}` },
      ),
      ...Array.from({ length: 4 }, () => ({ ...stored })),
    ]
    const responses = await Promise.all(bodies.map((b) => post(b)))
    expect(responses.every((r) => r.status === 201)).toBe(true)
    const ids = await Promise.all(responses.map(idOf))
    expect(await leadCount()).toBe(before + 1 + people.length)
    for (let i = 0; i < people.length; i++) expect(ids[people.length + i]).toBe(ids[i])
    expect(new Set(ids.slice(0, people.length)).size).toBe(people.length)
    expect(ids.slice(-4)).toEqual([storedId, storedId, storedId, storedId])
    const lead = await detail(storedId)
    expect(lead.duplicateCount).toBe(4)
    expect(
      await app.database.db
        .selectFrom('lead')
        .selectAll()
        .where('id', '=', storedId)
        .executeTakeFirstOrThrow(),
    ).toEqual(storedRow)
  })

  it('outside the duplicate window the same person is a new lead', async () => {
    const first = person()
    const a = await idOf(await post(first))
    await ok(await admin.post('/api/admin/settings', { key: 'duplicate_window_days', value: '0' }))
    const b = await idOf(await post({ ...first }))
    expect(b).not.toBe(a)
  })

  it('a bot gets the same answer and nothing is stored: honeypot filled, or posted too fast', async () => {
    const before = await leadCount()
    const submissions = await app.database.db.selectFrom('leadSubmission').select('id').execute()
    const honeypot = await post(person({ website: 'https://spam.example' }))
    const tooFast = await post(person({ formStartedAt: Date.now() - 500 }))
    // Text the database could not store (a NUL) in the honeypot tells the bot nothing either.
    const withNul = await post(person({ website: 'https://spam.example/\u0000' }))
    for (const response of [honeypot, tooFast, withNul]) {
      expect(response.status).toBe(201)
      expect(Object.keys(await response.json())).toEqual(['reference'])
    }
    expect(await leadCount()).toBe(before)
    expect(await app.database.db.selectFrom('leadSubmission').select('id').execute()).toEqual(submissions)
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
    const lead = await detail(await idOf(response))
    const text = (lead.consent as { text: string }).text
    expect(text).toContain('Acme Claims Ltd')
    expect(lead.consent).toMatchObject({
      given: true,
      version: expect.any(String),
      sha256: createHash('sha256').update(text).digest('hex'),
      privacyVersion: expect.any(String),
      partnerName: 'Acme Claims Ltd',
      buyers: [],
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
    const lead = await detail(await idOf(response))
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
      'Name,Car Details,Consent,Date,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,gbraid,wbraid,fbclid,msclkid,ttclid,referrer,landing_page',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`,meta,,${tag}-a,`)
  })
})
