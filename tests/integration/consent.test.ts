import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_COOKIE, parseConsentCookie } from '../../core/consent.ts'
import { parseConfig } from '../../server/platform/index.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const USER_AGENT = 'ConsentTest/1.0 (integration)'

function proof(overrides: Record<string, unknown> = {}) {
  return {
    consentId: randomUUID(),
    analytics: true,
    marketing: false,
    preferences: true,
    version: '1.0',
    timestamp: Date.now() - 5_000,
    ...overrides,
  }
}

describe(`proof of consent (POST /api/consent) on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  const db = () => app.database.db

  async function count() {
    const row = await db()
      .selectFrom('consentRecord')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  function post(body: unknown, headers: Record<string, string> = {}) {
    return app.postJson('/api/consent', body, { headers: { 'user-agent': USER_AGENT, ...headers } })
  }

  function postWithoutUserAgent(body: string) {
    const { hostname, port } = new URL(app.baseUrl)
    return new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(
        {
          hostname,
          port,
          path: '/api/consent',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode))
        },
      )
      request.on('error', reject)
      request.end(body)
    })
  }

  async function expectRefused(response: Response, status: number, message?: RegExp) {
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await response.json()) as { message: unknown }
    expect(Object.keys(body)).toEqual(['message'])
    expect(body.message).toBeTypeOf('string')
    expect(body.message).toMatch(message ?? /\S/)
  }

  it('stores the choices, when they were made and the user agent, and no IP address', async () => {
    const body = proof()
    const response = await post(body)
    expect(response.status).toBe(201)
    const answer = (await response.json()) as { id: number; createdAt: string }
    expect(Number.isInteger(answer.id)).toBe(true)
    expect(Number.isNaN(Date.parse(answer.createdAt))).toBe(false)

    const row = await db()
      .selectFrom('consentRecord')
      .selectAll()
      .where('consentId', '=', body.consentId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      id: answer.id,
      consentId: body.consentId,
      analytics: true,
      marketing: false,
      preferences: true,
      version: '1.0',
      userAgent: USER_AGENT,
    })
    // The record's time is the server's; the browser's claim is kept beside it, as such.
    expect(row.chosenAt).toBeInstanceOf(Date)
    expect(Math.abs(row.chosenAt.getTime() - Date.now())).toBeLessThan(60_000)
    expect(row.clientTimestamp?.getTime()).toBe(body.timestamp)
    expect(row.createdAt).toBeInstanceOf(Date)
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000)

    // No column for, and no trace of, the address the request came from.
    expect(Object.keys(row).sort()).toEqual(
      [
        'analytics',
        'chosenAt',
        'clientTimestamp',
        'consentId',
        'createdAt',
        'id',
        'marketing',
        'preferences',
        'userAgent',
        'version',
      ].sort(),
    )
    expect(Object.keys(row).some((key) => /ip|addr|remote|forward/i.test(key))).toBe(false)
    const values = JSON.stringify(row)
    expect(values).not.toContain('127.0.0.1')
    expect(values).not.toContain('::1')
  })

  it('has no IP column in the table', async () => {
    const columns =
      testDialect === 'postgres'
        ? (
            await db()
              .withoutPlugins()
              .selectFrom('information_schema.columns' as never)
              .select('column_name as name' as never)
              .where('table_name' as never, '=', 'consent_record' as never)
              .execute()
          ).map((c) => (c as { name: string }).name)
        : (
            await db()
              .withoutPlugins()
              .selectFrom('pragma_table_info' as never)
              .select('name' as never)
              .where('arg' as never, '=', 'consent_record' as never)
              .execute()
          ).map((c) => (c as { name: string }).name)
    expect(columns.length).toBeGreaterThan(0)
    expect(columns).toContain('consent_id')
    expect(columns.some((name) => /(^|_)ip($|_)|address|remote/i.test(name))).toBe(false)
  })

  it('stores every combination of choices as given', async () => {
    for (const [analytics, marketing, preferences] of [
      [false, false, false],
      [true, true, true],
      [false, true, false],
    ]) {
      const body = proof({ analytics, marketing, preferences })
      expect((await post(body)).status).toBe(201)
      const row = await db()
        .selectFrom('consentRecord')
        .select(['analytics', 'marketing', 'preferences'])
        .where('consentId', '=', body.consentId)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ analytics, marketing, preferences })
    }
  })

  it('stores no user agent when there is none, and cuts a long one', async () => {
    // fetch always sends a user agent; node:http sends none unless told.
    const bare = proof()
    expect(await postWithoutUserAgent(JSON.stringify(bare))).toBe(201)
    const long = proof()
    expect((await post(long, { 'user-agent': 'x'.repeat(900) })).status).toBe(201)
    const rows = await db()
      .selectFrom('consentRecord')
      .select(['consentId', 'userAgent'])
      .where('consentId', 'in', [bare.consentId, long.consentId])
      .execute()
    const byId = new Map(rows.map((r) => [r.consentId, r.userAgent]))
    expect(byId.get(bare.consentId) ?? null).toBeNull()
    expect(byId.get(long.consentId)).toBe('x'.repeat(500))
  })

  it('accepts a request from its own origin', async () => {
    const body = proof()
    expect((await post(body, { origin: app.baseUrl, 'sec-fetch-site': 'same-origin' })).status).toBe(201)
  })

  it.each([
    ['a bad consentId', proof({ consentId: 'not-a-uuid' }), /consentId must be a UUID/],
    ['a missing consentId', proof({ consentId: undefined }), /consentId/],
    ['version 2.0', proof({ version: '2.0' }), /version must be 1\.0/],
    ['a numeric version', proof({ version: 1 }), /version must be 1\.0/],
    ['no analytics choice', proof({ analytics: undefined }), /./],
    ['no marketing choice', proof({ marketing: undefined }), /./],
    ['no preferences choice', proof({ preferences: undefined }), /./],
    ['a string for a boolean', proof({ marketing: 'true' }), /./],
    ['a null choice', proof({ analytics: null }), /./],
    ['no timestamp', proof({ timestamp: undefined }), /./],
    ['a string timestamp', proof({ timestamp: '2024-01-01' }), /./],
    ['a negative timestamp', proof({ timestamp: -1 }), /./],
    ['a fractional timestamp', proof({ timestamp: 1.5 }), /./],
    ['an array', [proof()], /Request body must be a JSON object/],
    ['an empty array', [], /Request body must be a JSON object/],
    ['JSON null', 'null', /./],
    ['a JSON string', '"consent"', /./],
    ['an empty object', {}, /./],
    ['non-JSON', '{"consentId": "abc", analytics: tru', /Request body is not valid JSON/],
    ['a NUL character', proof({ version: '1.0\u0000' }), /./],
  ])('refuses %s with 400 {message} and stores nothing', async (_label, body, message) => {
    const before = await count()
    await expectRefused(await post(body), 400, message)
    expect(await count()).toBe(before)
  })

  // Regression (was a bug): POST /api/consent with timestamp 9000000000000000 (an integer below
  // Number.MAX_SAFE_INTEGER, but past the last valid Date, 8.64e15) should answer 400 {message};
  // it answers 500 "Something went wrong on our side", as the schema lets it through to new Date().
  it('refuses a timestamp past the range of dates with 400', async () => {
    const before = await count()
    await expectRefused(await post(proof({ timestamp: 9e15 })), 400)
    expect(await count()).toBe(before)
  })

  it('refuses a body that is not JSON by its content type', async () => {
    const before = await count()
    const form = await app.request('/api/consent', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ consentId: randomUUID(), analytics: 'true', version: '1.0' }).toString(),
    })
    await expectRefused(form, 400, /Request body must be JSON/)
    const plain = await app.request('/api/consent', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(proof()),
    })
    await expectRefused(plain, 400, /Request body must be JSON/)
    expect(await count()).toBe(before)
  })

  it('refuses a body over 2 kB', async () => {
    const before = await count()
    await expectRefused(await post(proof({ padding: 'x'.repeat(4000) })), 400, /too large/)
    expect(await count()).toBe(before)
  })

  it.each([
    ['another site’s Origin', { origin: 'https://evil.example' }],
    ['an Origin on another port', { origin: 'http://127.0.0.1:1' }],
    ['a null Origin', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a request with %s with 403 and stores nothing', async (_label, headers) => {
    const before = await count()
    await expectRefused(await post(proof(), headers), 403, /Cross-site requests are not allowed/)
    expect(await count()).toBe(before)
  })

  it('answers other methods on /api/consent with 404', async () => {
    const response = await app.request('/api/consent')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Not found' })
  })
})

describe(`the consent dialog's form (POST /api/consent/choice) on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  const db = () => app.database.db

  function postForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
    return app.request('/api/consent/choice', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': USER_AGENT,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    })
  }

  /** The consent cookie the answer sets: its attributes and the record it holds. */
  function consentCookie(response: Response) {
    const cookies = response.headers.getSetCookie().filter((c) => c.startsWith(`${CONSENT_COOKIE}=`))
    expect(cookies).toHaveLength(1)
    const [pair, ...attributes] = (cookies[0] as string).split(/;\s*/)
    const value = decodeURIComponent((pair as string).slice(CONSENT_COOKIE.length + 1))
    return { value, attributes, record: parseConsentCookie(value) }
  }

  async function rowsOf(consentId: string) {
    return db()
      .selectFrom('consentRecord')
      .selectAll()
      .where('consentId', '=', consentId)
      .orderBy('id')
      .execute()
  }

  async function count() {
    const row = await db()
      .selectFrom('consentRecord')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  it.each([
    ['all', {}, { analytics: true, marketing: true, preferences: true }],
    ['none', {}, { analytics: false, marketing: false, preferences: false }],
    [
      'custom',
      { analytics: 'on', preferences: 'on' },
      { analytics: true, marketing: false, preferences: true },
    ],
    ['custom', {}, { analytics: false, marketing: false, preferences: false }],
    // Ticked boxes count only for a custom choice.
    [
      'none',
      { analytics: 'on', marketing: 'on' },
      { analytics: false, marketing: false, preferences: false },
    ],
  ] as const)(
    'choice=%s %j sets the cookie, keeps the record and goes back to the page',
    async (choice, ticked, expected) => {
      const before = Date.now()
      const response = await postForm({ choice, ...ticked, returnTo: '/evidence' })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/evidence')
      expect(response.headers.get('cache-control')).toBe('no-store')

      const cookie = consentCookie(response)
      expect(cookie.record).toMatchObject({ essential: true, version: '1.0', ...expected })
      const record = cookie.record as NonNullable<typeof cookie.record>
      expect(record.timestamp).toBeGreaterThanOrEqual(before)
      expect(record.timestamp).toBeLessThanOrEqual(Date.now())
      expect(record.consentId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      // Read by the page's first script, kept as long as a stored choice counts, only for this site.
      expect(cookie.attributes).toEqual(
        expect.arrayContaining(['Path=/', 'SameSite=Lax', `Max-Age=${13 * 30 * 24 * 60 * 60}`]),
      )
      expect(cookie.attributes).not.toContain('HttpOnly')
      expect(cookie.attributes.some((a) => /^domain=/i.test(a))).toBe(false)

      const rows = await rowsOf(record.consentId as string)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        ...expected,
        version: '1.0',
        userAgent: USER_AGENT,
        clientTimestamp: null,
      })
      expect(rows[0]?.chosenAt.getTime()).toBe(record.timestamp)
    },
  )

  it('goes back to the page of the Referer, query and all, when it is on this site', async () => {
    const response = await postForm(
      { choice: 'all', returnTo: '/' },
      { referer: `${app.baseUrl}/cookie-policy?utm_source=ad&gclid=abc` },
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/cookie-policy?utm_source=ad&gclid=abc')
  })

  it.each([
    ['an absolute returnTo', { returnTo: 'https://evil.example/' }, {}],
    ['a scheme-relative returnTo', { returnTo: '//evil.example/x' }, {}],
    ['a backslash returnTo', { returnTo: '/\\evil.example/x' }, {}],
    ['a returnTo with a tab', { returnTo: '/\t/evil.example/x' }, {}],
    ['a javascript: returnTo', { returnTo: 'javascript:alert(1)' }, {}],
    ['another site’s Referer', {}, { referer: 'https://evil.example/page' }],
    ['a look-alike Referer', {}, { referer: `http://127.0.0.1.evil.example/` }],
  ])('never redirects off the site, for %s', async (_label, fields, headers) => {
    const response = await postForm({ choice: 'none', ...fields }, headers)
    expect(response.status).toBe(303)
    const location = response.headers.get('location') as string
    expect(location).toMatch(/^\/(?![/\\])/)
    expect(new URL(location, app.baseUrl).origin).toBe(new URL(app.baseUrl).origin)
  })

  it('keeps the consent id of a valid cookie when the choice changes', async () => {
    const first = consentCookie(await postForm({ choice: 'all', returnTo: '/' }))
    const id = first.record?.consentId as string
    const second = await postForm(
      { choice: 'custom', marketing: 'on', returnTo: '/' },
      { cookie: `${CONSENT_COOKIE}=${encodeURIComponent(first.value)}` },
    )
    const next = consentCookie(second)
    expect(next.record).toMatchObject({
      consentId: id,
      analytics: false,
      marketing: true,
      preferences: false,
    })
    expect((await rowsOf(id)).map((r) => [r.analytics, r.marketing, r.preferences])).toEqual([
      [true, true, true],
      [false, true, false],
    ])
  })

  it.each([
    ['no choice', { returnTo: '/' }, /choice must be all, none or custom/],
    ['an unknown choice', { choice: 'some' }, /choice must be all, none or custom/],
    ['a box ticked with another value', { choice: 'custom', analytics: 'yes' }, /ticked/],
  ])('refuses %s with 400 {message}, sets no cookie and stores nothing', async (_label, fields, message) => {
    const before = await count()
    const response = await postForm(fields as Record<string, string>)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: expect.stringMatching(message) })
    expect(response.headers.getSetCookie()).toEqual([])
    expect(await count()).toBe(before)
  })

  it('refuses JSON: the script posts to /api/consent', async () => {
    const before = await count()
    const response = await app.postJson('/api/consent/choice', { choice: 'all' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: expect.stringMatching(/form/) })
    expect(await count()).toBe(before)
  })

  it('refuses a post from another site with 403 and stores nothing', async () => {
    const before = await count()
    const response = await postForm(
      { choice: 'all' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    )
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie()).toEqual([])
    expect(await count()).toBe(before)
  })

  it('a page the form sends the visitor back to is the same cached bytes with or without the cookie', async () => {
    const plain = await app.request('/evidence')
    const response = await postForm({ choice: 'all', returnTo: '/evidence' })
    const withCookie = await app.request('/evidence', {
      headers: { cookie: `${CONSENT_COOKIE}=${encodeURIComponent(consentCookie(response).value)}` },
    })
    expect(withCookie.status).toBe(200)
    expect(withCookie.headers.get('etag')).toBe(plain.headers.get('etag'))
    const html = await withCookie.text()
    expect(html).toContain('action="/api/consent/choice"')
    expect(html).toContain('name="returnTo" value="/evidence"')
  })
})

describe(`the consent routes' rate limit on ${testDialect}`, () => {
  const defaults = parseConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'rate-limit-secret-0123456789',
  }).rateLimits

  it('answers 429 with Retry-After once a client used up its choices, on either route', async () => {
    const app = await startTestApp({
      rateLimits: { ...defaults, enabled: true, consent: { limit: 2, windowMs: 60_000 } },
    })
    const choice = () =>
      app.request('/api/consent/choice', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'choice=all',
      })
    try {
      expect((await app.postJson('/api/consent', proof())).status).toBe(201)
      expect((await choice()).status).toBe(303)
      for (const limited of [await app.postJson('/api/consent', proof()), await choice()]) {
        expect(limited.status).toBe(429)
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      }
      const stored = await app.database.db
        .selectFrom('consentRecord')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(stored.n)).toBe(2)
    } finally {
      await app.close()
    }
  })
})
