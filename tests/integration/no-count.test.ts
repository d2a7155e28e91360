import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_JOB } from '../../server/insight/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { allowRepeatLeads, insertPage, leadPayload } from '../support/factories.ts'
import { created, expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const GPC = { 'sec-gpc': '1' }
const OBJECTED = { cookie: 'cookie_consent_v1=x; cc_no_count=1' }

/** Objecting to counting (docs/decisions/0077-objecting-to-counting.md). */
describe(`objecting to counting on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let nextIp = 10

  /** A fresh visitor: its own address, so its analytics rows are its own. */
  const visitor = () => `198.51.100.${nextIp++}`
  const headers = (ip: string, extra: Record<string, string> = {}) => ({
    'x-forwarded-for': ip,
    'user-agent': UA,
    ...extra,
  })
  const view = async (ip: string, path: string, extra: Record<string, string> = {}) => {
    const res = await app.request(path, { headers: headers(ip, extra) })
    expect(res.status).toBe(200)
    return { etag: res.headers.get('etag'), html: await res.text(), cookie: res.headers.get('set-cookie') }
  }
  const beacon = async (ip: string, extra: Record<string, string> = {}, lean = true) => {
    const event = JSON.stringify({ type: 'questionnaire_start', path: '/', elapsed: 2000 })
    const res = await app.request('/api/events', {
      method: 'POST',
      // A compressed body goes past the lean path to the pipeline's POST /api/events.
      body: lean ? event : gzipSync(event),
      headers: headers(ip, {
        'content-type': 'text/plain;charset=UTF-8',
        'sec-fetch-site': 'same-origin',
        ...(lean ? {} : { 'content-encoding': 'gzip' }),
        ...extra,
      }),
    })
    expect(res.status).toBe(202)
  }
  /** The stages this visitor reached today, once what is queued is written. */
  const reached = async (ip: string) => {
    await app.services.jobs.run(ANALYTICS_JOB)
    const id = await app.services.visitors.id(ip, UA)
    const rows = await app.database.db
      .selectFrom('analyticsReach')
      .select('stage')
      .where('visitor', '=', id)
      .execute()
    const visitors = await app.database.db
      .selectFrom('analyticsVisitor')
      .select('visitor')
      .where('visitor', '=', id)
      .execute()
    return { stages: rows.map((r) => r.stage).sort(), known: visitors.length > 0 }
  }

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: 'loopback' })
    await allowRepeatLeads(app)
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('counts a page view without Sec-GPC, not one with it, and serves both the same bytes', async () => {
    const counted = visitor()
    const gpc = visitor()
    // The first request for /evidence is rendered (the pipeline), the next ones are cache hits.
    const rendered = await view(gpc, '/evidence', GPC)
    const hit = await view(gpc, '/evidence', GPC)
    const plain = await view(counted, '/evidence')
    expect(hit.etag).toBe(plain.etag)
    expect(rendered.etag).toBe(plain.etag)
    expect(hit.html).toBe(plain.html)
    expect(rendered.cookie).toBeNull()
    expect(await reached(counted)).toEqual({ stages: ['pageview', 'visit'], known: true })
    expect(await reached(gpc)).toEqual({ stages: [], known: false })
  })

  it('does not count a page on the cache-hit path for a visitor who objected', async () => {
    const warm = visitor()
    await view(warm, '/privacy-policy')
    const objected = visitor()
    const served = await view(objected, '/privacy-policy', OBJECTED)
    const plain = await view(visitor(), '/privacy-policy')
    expect(served.etag).toBe(plain.etag)
    expect(await reached(warm)).toMatchObject({ known: true })
    expect(await reached(objected)).toEqual({ stages: [], known: false })
  })

  it('does not count a beacon with Sec-GPC or the objection, on either path', async () => {
    const counted = visitor()
    const countedViaPipeline = visitor()
    await beacon(counted)
    await beacon(countedViaPipeline, {}, false)
    const quiet = [visitor(), visitor(), visitor(), visitor()]
    await beacon(quiet[0] as string, GPC)
    await beacon(quiet[1] as string, GPC, false)
    await beacon(quiet[2] as string, OBJECTED)
    await beacon(quiet[3] as string, OBJECTED, false)
    expect((await reached(counted)).stages).toContain('questionnaire_start')
    expect((await reached(countedViaPipeline)).stages).toContain('questionnaire_start')
    for (const ip of quiet) expect(await reached(ip)).toEqual({ stages: [], known: false })
  })

  it('keeps the lead of a visitor who sends GPC, but counts no lead figure for them', async () => {
    const counted = visitor()
    const gpc = visitor()
    for (const [ip, extra, email] of [
      [counted, {}, 'counted@example.com'],
      [gpc, GPC, 'gpc@example.com'],
    ] as const) {
      const res = await app.postJson('/api/leads', leadPayload({ email }), { headers: headers(ip, extra) })
      expect(res.status).toBe(201)
    }
    expect((await reached(counted)).stages).toContain('lead')
    expect(await reached(gpc)).toEqual({ stages: [], known: false })
    const stored = await app.database.db
      .selectFrom('lead')
      .select('id')
      .where('email', '=', 'gpc@example.com')
      .execute()
    expect(stored).toHaveLength(1)
  })

  it('records no experiment exposure for a visitor who objects, and shows them a variant all the same', async () => {
    await insertPage(app.database.db, {
      slug: 'gpc-guide',
      title: 'Guide',
      content: '<p>Original body</p>',
      isPublished: true,
    })
    await app.services.site.changed()
    const experiment = await created(
      await admin.post('/api/admin/experiments', {
        name: 'GPC guide',
        path: '/gpc-guide',
        goal: 'lead',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, title: 'Guide B', content: '<p>Body of B</p>' },
        ],
      }),
    )
    await ok(await admin.post(`/api/admin/experiments/${experiment.id}/start`, { confirm: true }))
    const counted = visitor()
    const objecting = [visitor(), visitor()]
    // Their ids known first, so that an exposure is queued at once (no salt to wait for).
    const ids = await Promise.all([counted, ...objecting].map((ip) => app.services.visitors.id(ip, UA)))
    await view(counted, '/gpc-guide')
    const gpcPage = await view(objecting[0] as string, '/gpc-guide', GPC)
    const cookiePage = await view(objecting[1] as string, '/gpc-guide', OBJECTED)
    for (const page of [gpcPage, cookiePage]) expect(page.html).toMatch(/Body of B|Original body/)
    await app.services.jobs.run('experiment-exposures')
    const rows = await app.database.db
      .selectFrom('experimentExposure')
      .select('visitor')
      .where('experimentId', '=', experiment.id as number)
      .execute()
    expect(rows.map((r) => r.visitor)).toEqual([ids[0]])
  })

  it('sets the objection cookie from the plain form, shows it on the cookie policy and undoes it', async () => {
    const post = (body: string, extra: Record<string, string> = {}) =>
      app.request('/api/consent/counting', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra },
      })
    const off = await post('count=off&returnTo=%2Fcookie-policy', { referer: `${app.baseUrl}/cookie-policy` })
    expect(off.status).toBe(303)
    expect(off.headers.get('location')).toBe('/cookie-policy#counting')
    expect(off.headers.get('cache-control')).toBe('no-store')
    const set = off.headers.get('set-cookie') ?? ''
    expect(set).toBe('cc_no_count=1; Path=/; Max-Age=31536000; SameSite=Lax')

    // The cached cookie policy offers the choice; the objector's copy is rendered for them alone.
    const everyone = await view(visitor(), '/cookie-policy')
    expect(everyone.html).toContain('Don&#x27;t count my visits')
    expect(everyone.html).not.toContain('Count my visits again')
    const theirs = await app.request('/cookie-policy', { headers: headers(visitor(), OBJECTED) })
    expect(theirs.status).toBe(200)
    expect(theirs.headers.get('cache-control')).toBe('private, no-store')
    const html = await theirs.text()
    expect(html).toContain('We don&#x27;t count your visits from this browser')
    expect(html).toContain('Count my visits again')

    const on = await post('count=on', { referer: 'https://elsewhere.example/page' })
    expect(on.status).toBe(303)
    expect(on.headers.get('location')).toBe('/#counting')
    expect(on.headers.get('set-cookie')).toBe('cc_no_count=0; Path=/; Max-Age=600; SameSite=Lax')
    const again = await app.request('/cookie-policy', { headers: { cookie: 'cc_no_count=0' } })
    expect(await again.text()).toContain('we count your visits from this browser again')

    // Counted again: a page view with the undo's cookie counts.
    const undone = visitor()
    await view(undone, '/', { cookie: 'cc_no_count=0' })
    expect((await reached(undone)).stages).toContain('pageview')
  })

  it('marks the cookie Secure on an HTTPS site', async () => {
    const https = await startTestApp({ publicUrl: 'https://claims.example' }, { database: app.database })
    try {
      const res = await https.request('/api/consent/counting', {
        method: 'POST',
        body: 'count=off',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'claims.example' },
      })
      expect(res.status).toBe(303)
      expect(res.headers.get('set-cookie')).toMatch(/^cc_no_count=1; .*; Secure$/)
    } finally {
      await https.close()
    }
  })

  it('refuses a bad choice or a JSON body with a 400 message', async () => {
    const bad = await app.request('/api/consent/counting', {
      method: 'POST',
      body: 'count=maybe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    await expectError(bad, 400, /count must be off or on/)
    const json = await app.postJson('/api/consent/counting', { count: 'off' })
    await expectError(json, 400, /must be a form/)
  })
})
