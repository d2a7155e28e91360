import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cappedDimensions,
  KEYS_PER_DAY,
  OTHER,
  servedPaths,
  stages,
  VALUE_MAX_LENGTH,
  VALUES_PER_DAY,
} from '../../core/analytics.ts'
import { londonDay } from '../../core/revenue.ts'
import { ANALYTICS_JOB, ANALYTICS_PURGE_JOB } from '../../server/insight/index.ts'
import { parseConfig } from '../../server/platform/index.ts'
import { expectError } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

/** How analytics stays bounded under a flood (docs/decisions/0054-bounded-analytics.md). */

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const rand = (n = 8) => randomBytes(n).toString('hex')
const count = async (app: TestApp, table: 'analyticsHourly' | 'analyticsDaily') =>
  Number(
    (
      await app.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Runs `task` for 0..n-1, `width` at a time. */
async function inParallel(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++)
    }),
  )
}

describe(`analytics under a flood on ${testDialect}`, () => {
  let app: TestApp
  const today = londonDay(new Date())
  const flush = () => app.services.jobs.run(ANALYTICS_JOB)

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: 'loopback' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('keeps what thousands of random beacons and page views add within the per-day bound', async () => {
    const site = await app.services.site.get()
    const steps = site.questionnaire?.definition.questions.map((q) => q.id) ?? []
    expect(steps.length).toBeGreaterThan(2)
    const paths = servedPaths(site.pages.keys())
    const hourlyBefore = await count(app, 'analyticsHourly')
    const dailyBefore = await count(app, 'analyticsDaily')

    // Each from a new user agent (a new visitor), with random paths, steps, variants and utm values.
    const BEACONS = 2400
    const PAGES = 800
    let accepted = 0
    await inParallel(BEACONS, 24, async (i) => {
      const valid = i % 2 === 0
      const types = ['questionnaire_start', 'step', 'form_start', 'result'] as const
      const type = types[i % types.length]
      const res = await app.request('/api/events', {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'sec-fetch-site': 'same-origin',
          'user-agent': `${DESKTOP} flood/${rand()}`,
          'x-forwarded-for': `198.18.${i % 200}.${i % 250}`,
        },
        body: JSON.stringify({
          type,
          path: valid ? '/' : `/${rand()}`,
          step: type === 'step' ? (i % 3 === 0 ? rand() : steps[i % steps.length]) : undefined,
          result: type === 'result' ? 'eligible' : undefined,
          variant: i % 5 === 0 ? `${i}:${rand(4)}` : undefined,
          attribution: {
            utm_source: `s-${rand()}`,
            utm_campaign: `c-${rand(60)}`,
            utm_medium: `m-${rand()}`,
            referrer: `https://${rand()}.example/`,
          },
          elapsed: 2000,
        }),
      })
      if (res.status === 202) accepted++
      await res.arrayBuffer()
    })
    expect(accepted).toBe(BEACONS)
    await inParallel(PAGES, 16, async (i) => {
      const res = await app.request(
        `/?utm_source=${rand()}&utm_campaign=${rand()}&utm_medium=${rand()}&i=${i}`,
        {
          headers: {
            'user-agent': `${DESKTOP} page/${rand()}`,
            referer: `https://${rand()}.example/`,
            'x-forwarded-for': `198.19.${i % 200}.1`,
          },
        },
      )
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    })
    await flush()

    const db = app.database.db
    const daily = await db.selectFrom('analyticsDaily').selectAll().where('day', '=', today).execute()
    // Only paths the site serves, steps it asks, variants that run (none here).
    for (const row of daily) {
      expect(paths.has(row.path) || row.path === OTHER, row.path).toBe(true)
      if (row.stage === 'step') expect(steps).toContain(row.step)
      expect(row.variant).toBeNull()
    }
    // Each free-text dimension: at most the cap of values a day (each at most so long), and "(other)".
    for (const dimension of cappedDimensions) {
      const values = new Set(daily.map((r) => r[dimension]).filter((v) => v !== null && v !== OTHER))
      expect(values.size, dimension).toBeLessThanOrEqual(VALUES_PER_DAY)
      expect(values.size, dimension).toBeGreaterThan(0)
      for (const value of values) expect((value as string).length).toBeLessThanOrEqual(VALUE_MAX_LENGTH)
    }
    expect(daily.some((r) => r.utmSource === OTHER)).toBe(true)
    // First-touch keys: the cap, plus the overflow key of each served path and device class.
    const key = (r: (typeof daily)[number]) =>
      [r.path, r.variant, r.utmSource, r.utmCampaign, r.utmMedium, r.referrer, r.device].join('|')
    const keys = new Set(daily.map(key))
    const overflowKeys = (paths.size + 1) * 3
    expect(keys.size).toBeLessThanOrEqual(KEYS_PER_DAY + overflowKeys)
    // The rows a day adds: each key times the stages and questions it can reach.
    const perKey = stages.length + steps.length
    const dailyBound = (KEYS_PER_DAY + overflowKeys) * perKey
    const dailyAdded = (await count(app, 'analyticsDaily')) - dailyBefore
    expect(dailyAdded).toBeGreaterThan(0)
    expect(dailyAdded).toBeLessThanOrEqual(dailyBound)
    const hours = await db
      .selectFrom('analyticsHourly')
      .select('hour')
      .distinct()
      .where('day', '=', today)
      .execute()
    expect((await count(app, 'analyticsHourly')) - hourlyBefore).toBeLessThanOrEqual(
      dailyBound * hours.length,
    )
    // Far fewer rows than the ~2 per beacon an unbounded day adds.
    expect(dailyAdded).toBeLessThan(BEACONS + PAGES)
    const admitted = await db
      .selectFrom('analyticsValue')
      .select(['dimension'])
      .where('day', '=', today)
      .execute()
    expect(admitted.length).toBeLessThanOrEqual(cappedDimensions.length * VALUES_PER_DAY + KEYS_PER_DAY)
  })

  it('still counts a beacon for a served page in any case and a step the live questionnaire asks', async () => {
    const site = await app.services.site.get()
    const step = site.questionnaire?.definition.questions[0]?.id as string
    const visitor = { 'user-agent': `${DESKTOP} known`, 'x-forwarded-for': '198.51.100.77' }
    for (const event of [
      { type: 'questionnaire_start', path: '/Cookie-Policy/', elapsed: 900 },
      { type: 'step', step, path: '/cookie-policy', elapsed: 1900 },
    ]) {
      const res = await app.request('/api/events', {
        method: 'POST',
        headers: { ...visitor, 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ ...event, attribution: { utm_campaign: 'known-campaign' } }),
      })
      expect(res.status).toBe(202)
    }
    await flush()
    const rows = await app.database.db
      .selectFrom('analyticsDaily')
      .select(['path', 'stage', 'step', 'utmCampaign'])
      .where('day', '=', today)
      .where('path', '=', '/cookie-policy')
      .where('stage', 'in', ['questionnaire_start', 'step'])
      .execute()
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ stage: 'questionnaire_start', utmCampaign: expect.any(String) }),
        expect.objectContaining({ stage: 'step', step }),
      ]),
    )
  })

  it('purges hourly rollups older than the retention setting and keeps daily ones', async () => {
    const db = app.database.db
    const daysAgo = (n: number) => londonDay(new Date(Date.now() - n * 86_400_000))
    const row = (day: string) => ({
      day,
      dimsKey: `purge-${day}`,
      path: '/',
      variant: null,
      utmSource: 'purge',
      utmCampaign: null,
      utmMedium: null,
      referrer: null,
      device: 'desktop',
      stage: 'visit',
      step: '',
      events: 1,
      visitors: 1,
    })
    for (const n of [200, 91, 30]) {
      const day = daysAgo(n)
      await db
        .insertInto('analyticsHourly')
        .values({ ...row(day), hour: `${day}T10` })
        .execute()
      await db.insertInto('analyticsDaily').values(row(day)).execute()
    }
    const left = async (table: 'analyticsHourly' | 'analyticsDaily') =>
      (
        await db.selectFrom(table).select('day').where('utmSource', '=', 'purge').orderBy('day').execute()
      ).map((r) => r.day)
    await app.services.jobs.run(ANALYTICS_PURGE_JOB)
    expect(await left('analyticsHourly')).toEqual([daysAgo(30)])
    expect(await left('analyticsDaily')).toEqual([daysAgo(200), daysAgo(91), daysAgo(30)])

    await db
      .insertInto('siteSetting')
      .values({ key: 'analytics_hourly_retention_days', value: '7', category: 'analytics' })
      .execute()
    await app.services.site.changed()
    await app.services.jobs.run(ANALYTICS_PURGE_JOB)
    expect(await left('analyticsHourly')).toEqual([])
    expect(await left('analyticsDaily')).toHaveLength(3)
  })
})

describe(`the beacon's rate limit on ${testDialect}`, () => {
  const defaults = parseConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'rate-limit-secret-0123456789',
  }).rateLimits
  const event = JSON.stringify({ type: 'form_start', path: '/', elapsed: 900 })
  const beacon = (app: TestApp, ip: string, gzip = false) =>
    app.request('/api/events', {
      method: 'POST',
      body: gzip ? gzipSync(event) : event,
      headers: {
        'content-type': 'text/plain',
        'sec-fetch-site': 'same-origin',
        'user-agent': DESKTOP,
        'x-forwarded-for': ip,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
    })

  it('answers 429 with Retry-After past the limit, on both paths, per address and across instances', async () => {
    const rateLimits = { ...defaults, enabled: true, events: { limit: 5, windowMs: 60_000 } }
    const app = await startTestApp({ trustProxy: 'loopback', rateLimits })
    const other = await startTestApp({ trustProxy: 'loopback', rateLimits }, { database: app.database })
    try {
      for (let i = 0; i < 5; i++) expect((await beacon(app, '203.0.113.50')).status).toBe(202)
      const limited = await beacon(app, '203.0.113.50')
      await expectError(limited, 429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      await expectError(await beacon(app, '203.0.113.50', true), 429)
      expect((await beacon(app, '203.0.113.51')).status).toBe(202)

      // Another instance learns the client's count from the database at its next sync.
      await app.services.jobs.run(ANALYTICS_JOB)
      expect((await beacon(other, '203.0.113.50')).status).toBe(202)
      await other.services.jobs.run(ANALYTICS_JOB)
      await expectError(await beacon(other, '203.0.113.50'), 429)
    } finally {
      await other.close()
      await app.close()
    }
  })

  it('is off when RATE_LIMITS=off', async () => {
    const app = await startTestApp({
      trustProxy: 'loopback',
      rateLimits: { ...defaults, enabled: false, events: { limit: 1, windowMs: 60_000 } },
    })
    try {
      for (let i = 0; i < 4; i++) expect((await beacon(app, '203.0.113.60')).status).toBe(202)
    } finally {
      await app.close()
    }
  })
})
