import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { londonDay } from '../../core/revenue.ts'
import type { Series } from '../../core/schemas/analytics.ts'
import { type RunningNginx, startNginx } from '../../scripts/nginx.ts'
import {
  ANALYTICS_JOB,
  ANALYTICS_PROMPT_JOB,
  PAGE_VIEW_LOG_JOB,
  PageViewLog,
} from '../../server/insight/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { freePort } from '../support/server-process.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

type Line = {
  ip?: string
  ua?: string
  method?: string
  status?: number
  url?: string
  referer?: string
  gpc?: string
  noCount?: string
  view?: string
}

/** A line as deploy/nginx.conf's `claim_views` format writes it. */
function logLine(line: Line = {}): string {
  return `${[
    'cv1',
    (Date.now() / 1000).toFixed(3),
    line.ip ?? '203.0.113.10',
    line.method ?? 'GET',
    String(line.status ?? 200),
    line.url ?? '/',
    line.ua ?? DESKTOP,
    line.referer ?? '-',
    line.gpc ?? '-',
    line.noCount ?? '-',
    line.view ?? 'page',
  ].join('\t')}\n`
}

describe(`page views from nginx's log on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let work: string
  let file: string
  const today = londonDay(new Date())

  /** Page views as the reports read them (the series: analytics_daily). */
  const pageviews = async () => {
    const res = await admin.get(`/api/admin/analytics/series?from=${today}&to=${today}`)
    expect(res.status).toBe(200)
    const { days } = (await res.json()) as Series
    return days.reduce((n, d) => n + d.pageviews, 0)
  }
  const reader = (leaseMs?: number) =>
    new PageViewLog({
      db: app.database.db,
      analytics: app.services.analytics,
      visitors: app.services.visitors,
      file,
      leaseMs,
    })
  const append = (...lines: string[]) => fs.appendFileSync(file, lines.join(''))

  beforeAll(async () => {
    // Views come from the log, which no job of the app's reads here: each test reads it itself.
    app = await startTestApp({ trustProxy: 'loopback', pageViews: { from: 'nginx-log', file: undefined } })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'page-view-log-'))
  })
  afterAll(async () => {
    await app?.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })
  beforeEach(async () => {
    // A log of its own per test, read from its start.
    file = path.join(work, `views-${Math.random().toString(36).slice(2)}.log`)
    await app.database.db.deleteFrom('analyticsDaily').execute()
    await app.database.db.deleteFrom('analyticsHourly').execute()
  })

  it('counts the GETs of pages answered 200 or 304 once, skipping objectors, bots and other lines', async () => {
    append(
      logLine({ url: '/?utm_source=google' }),
      logLine({ status: 304 }),
      logLine({ url: '/evidence', referer: 'https://www.bing.com/' }),
      logLine({ noCount: '0' }), // "count me again" counts
      logLine({ method: 'HEAD' }),
      logLine({ status: 404, url: '/missing' }),
      logLine({ status: 500 }),
      logLine({ method: 'POST', url: '/api/leads', view: '-' }),
      logLine({ url: '/api/questionnaire', view: '-' }),
      logLine({ gpc: '1' }),
      logLine({ noCount: '1' }),
      logLine({ ua: GOOGLEBOT }),
      logLine({ ua: '-' }),
      'a line of some other format\n',
      '\n',
    )
    // A line nginx has not finished writing is left for later.
    const last = logLine({ url: '/privacy-policy' })
    append(last.slice(0, 20))
    const first = reader()
    expect(await first.read()).toBe(15)
    expect(await pageviews()).toBe(4)
    expect(await first.read()).toBe(0)
    expect(await pageviews()).toBe(4)
    append(last.slice(20))
    expect(await first.read()).toBe(1)
    expect(await pageviews()).toBe(5)

    const byPath = await app.database.db
      .selectFrom('analyticsDaily')
      .select(['path', 'utmSource', 'referrer', 'events'])
      .where('stage', '=', 'pageview')
      .orderBy('path')
      .execute()
    // One visitor: every view counts under their first touch (landing page and source).
    expect(byPath.map((r) => [r.path, r.utmSource, Number(r.events)])).toEqual([['/', 'google', 5]])
  })

  it('keeps the position across a restart and a handover, and one instance reads at a time', async () => {
    const one = { ip: '203.0.113.40' }
    append(logLine(one), logLine(one))
    const a = reader()
    expect(await a.read()).toBe(2)
    // Another instance waits while the lease is held.
    const b = reader()
    append(logLine({ ip: '203.0.113.11' }))
    expect(await b.read()).toBe(0)
    expect(await pageviews()).toBe(2)
    // The first is killed: its lease runs out and the other goes on from the position it kept.
    await app.database.db
      .updateTable('pageViewLog')
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where('source', '=', `${os.hostname()}:${file}`)
      .execute()
    expect(await b.read()).toBe(1)
    expect(await pageviews()).toBe(3)
    // The killed one, back (a new process: a new holder), waits for the lease in turn.
    append(logLine({ ip: '203.0.113.12' }))
    const restarted = reader()
    expect(await restarted.read()).toBe(0)
    await b.release()
    expect(await restarted.read()).toBe(1)
    expect(await pageviews()).toBe(4)
    expect(await restarted.read()).toBe(0)
  })

  it('follows a rotation (the rest of the old file first) and a truncation', async () => {
    const one = { ip: '203.0.113.50' }
    append(logLine(one), logLine(one))
    const log = reader()
    expect(await log.read()).toBe(2)
    // Written after the last read, then logrotate renames the file and nginx opens a new one.
    append(logLine({ ...one, url: '/evidence' }))
    fs.renameSync(file, `${file}.1`)
    append(logLine(one), logLine(one), logLine(one))
    expect(await log.read()).toBe(4)
    expect(await pageviews()).toBe(6)
    expect(await log.read()).toBe(0)
    // copytruncate: the file is emptied in place and written again from its start.
    fs.truncateSync(file, 0)
    append(logLine(one))
    expect(await log.read()).toBe(1)
    expect(await pageviews()).toBe(7)
  })

  it('records the variant served with the page view and the exposure, once per visitor and day', async () => {
    const { db } = app.database
    const experiment = await db
      .insertInto('experiment')
      .values({
        name: 'Log title',
        path: '/',
        goal: 'lead',
        status: 'running',
        startsAt: new Date(),
        variants: JSON.stringify([
          { name: 'A', weight: 1 },
          { name: 'Short B', weight: 1, title: 'Shorter' },
        ]),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const b = `page ${experiment.id}:Short B`
    append(
      logLine({ ip: '203.0.113.30', view: b }),
      logLine({ ip: '203.0.113.30', view: b }),
      logLine({ ip: '203.0.113.20', view: `page ${experiment.id}:A` }),
      logLine({ ip: '203.0.113.21', view: b, gpc: '1' }),
      logLine({ ip: '203.0.113.22', view: b, ua: GOOGLEBOT }),
    )
    expect(await reader().read()).toBe(5)
    const variants = await db
      .selectFrom('analyticsDaily')
      .select(['variant', 'events', 'visitors'])
      .where('stage', '=', 'pageview')
      .orderBy('variant')
      .execute()
    expect(variants.map((r) => [r.variant, Number(r.events), Number(r.visitors)])).toEqual([
      [`${experiment.id}:A`, 1, 1],
      [`${experiment.id}:Short B`, 2, 1],
    ])
    const exposures = await db
      .selectFrom('experimentExposure')
      .select(['variant', 'visitor'])
      .where('experimentId', '=', experiment.id)
      .orderBy('variant')
      .execute()
    const visitor = await app.services.visitors.id('203.0.113.30', DESKTOP)
    expect(exposures.map((e) => e.variant)).toEqual(['A', 'Short B'])
    expect(exposures[1]?.visitor).toBe(visitor)
    await db.deleteFrom('experimentExposure').where('experimentId', '=', experiment.id).execute()
    await db.deleteFrom('experiment').where('id', '=', experiment.id).execute()
  })

  it('has the app mark the pages it serves, counting none itself', async () => {
    const page = await app.request('/', { headers: { 'user-agent': DESKTOP } })
    expect(page.status).toBe(200)
    expect(page.headers.get('x-claim-view')).toBe('page')
    await page.arrayBuffer()
    // Now from the page cache, before Express.
    const cached = await app.request('/', { headers: { 'user-agent': DESKTOP } })
    expect(cached.headers.get('x-claim-view')).toBe('page')
    await cached.arrayBuffer()
    const api = await app.request('/api/openapi.json')
    expect(api.headers.get('x-claim-view')).toBeNull()
    await api.arrayBuffer()
    await app.services.jobs.run(ANALYTICS_JOB)
    expect(await pageviews()).toBe(0)
  })
})

describe(`page views served from nginx's cache on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let nginx: RunningNginx
  let work: string

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'page-view-log-nginx-'))
    const viewLog = path.join(work, 'views.log')
    // PAGE_VIEWS=auto, no PAGE_VIEW_LOG: the app learns the log from nginx's X-Claim-View-Log.
    app = await startTestApp({ trustProxy: 'loopback' })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    nginx = await startNginx({
      port: await freePort(),
      upstreams: [Number(new URL(app.baseUrl).port)],
      workDir: path.join(work, 'nginx'),
      viewLog,
    })
  })
  afterAll(async () => {
    await nginx?.stop()
    await app?.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('counts a page nginx answers from its cache (HIT), once, the app counting none itself', async () => {
    const get = async (headers: Record<string, string> = {}) => {
      const res = await fetch(`${nginx.url}/evidence`, { headers: { 'user-agent': DESKTOP, ...headers } })
      await res.arrayBuffer()
      return res
    }
    const first = await get()
    expect(first.status).toBe(200)
    const hit = await get()
    expect(hit.headers.get('x-cache-status')).toBe('HIT')
    // Served from the cache too, but not counted: an objecting visitor, a HEAD.
    expect((await get({ 'sec-gpc': '1' })).headers.get('x-cache-status')).toBe('HIT')
    const head = await fetch(`${nginx.url}/evidence`, { method: 'HEAD', headers: { 'user-agent': DESKTOP } })
    expect(head.headers.get('x-cache-status')).toBe('HIT')
    // The browser's own copy still current: a 304 from the cache is a page view.
    const notModified = await get({ 'if-none-match': hit.headers.get('etag') ?? '' })
    expect(notModified.status).toBe(304)

    // nginx writes its buffered lines within a second; the app's job reads them.
    const lines = () => fs.readFileSync(nginx.viewLog, 'utf8').split('\n').filter(Boolean).length
    for (let i = 0; i < 100 && (!fs.existsSync(nginx.viewLog) || lines() < 5); i++)
      await new Promise((r) => setTimeout(r, 100))
    expect(lines()).toBe(5)
    await app.services.jobs.run(PAGE_VIEW_LOG_JOB)
    await app.services.jobs.run(PAGE_VIEW_LOG_JOB)
    // The app counted none of those it answered itself (the first, the 304's revalidation…).
    await app.services.jobs.run(ANALYTICS_JOB)
    const today = londonDay(new Date())
    const res = await admin.get(`/api/admin/analytics/series?from=${today}&to=${today}`)
    const { days } = (await res.json()) as Series
    expect(days.reduce((n, d) => n + d.pageviews, 0)).toBe(3)

    // Straight to the app, not through nginx: the app counts it.
    const direct = await fetch(`${app.baseUrl}/evidence`, { headers: { 'user-agent': DESKTOP } })
    await direct.arrayBuffer()
    await app.services.jobs.run(ANALYTICS_JOB)
    const after = (await (
      await admin.get(`/api/admin/analytics/series?from=${today}&to=${today}`)
    ).json()) as Series
    expect(after.days.reduce((n, d) => n + d.pageviews, 0)).toBe(4)
  })
})

describe.skipIf(testDialect !== 'sqlite')('page views written every few seconds on SQLite', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ trustProxy: 'loopback' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('leaves page views to the 5-second write, and writes a beacon within the second with them', async () => {
    const headers = { 'user-agent': DESKTOP, 'x-forwarded-for': '203.0.113.60' }
    await (await app.request('/', { headers })).arrayBuffer()
    const stages = async () => {
      const rows = await app.database.db
        .selectFrom('analyticsDaily')
        .select(['stage', 'events'])
        .where('stage', 'in', ['pageview', 'questionnaire_start'])
        .orderBy('stage')
        .execute()
      return rows.map((r) => [r.stage, Number(r.events)])
    }
    await app.services.jobs.run(ANALYTICS_PROMPT_JOB)
    expect(await stages()).toEqual([])
    const beacon = await app.request('/api/events', {
      method: 'POST',
      body: JSON.stringify({ type: 'questionnaire_start', path: '/', elapsed: 2000 }),
      headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin' },
    })
    expect(beacon.status).toBe(202)
    await app.services.jobs.run(ANALYTICS_PROMPT_JOB)
    expect(await stages()).toEqual([
      ['pageview', 1],
      ['questionnaire_start', 1],
    ])
  })
})
