import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BUCKET_HEADER, variantForBucket, visitorBucket } from '../../core/experiments/assign.ts'
import { londonParts } from '../../core/routing/contract-rules.ts'
import { deliveredLeads } from '../../server/leads/index.ts'
import { listRevisions } from '../../server/site/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { allowRepeatLeads, insertPage, leadPayload } from '../support/factories.ts'
import { created, expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { uniqueContact, waitUntil } from '../support/webhook-receiver.ts'

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Experiments'
const BASE = '/api/admin/experiments'

describe(`experiments on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let editor: AdminClient
  let pageId: number

  /** The page as one visitor (address, user agent) gets it, through the trusted local proxy. */
  const visit = async (path: string, ip: string, extra: Record<string, string> = {}) => {
    const response = await app.request(path, {
      headers: { 'x-forwarded-for': ip, 'user-agent': UA, ...extra },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    return response.text()
  }
  const variantIn = (html: string) =>
    html.includes('Body of B') ? 'B' : html.includes('Original body') ? 'A' : '?'

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: 'loopback' })
    await allowRepeatLeads(app)
    admin = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor' })
    pageId = (
      await insertPage(app.database.db, {
        slug: 'exp-guide',
        title: 'Guide',
        content: '<p>Original body</p>',
        isPublished: true,
      })
    ).id
    await app.services.site.changed()
  })
  afterAll(async () => {
    await app?.close()
  })

  const twoVariants = {
    name: 'Guide body',
    path: '/exp-guide',
    goal: 'lead',
    variants: [
      { name: 'A', weight: 1 },
      { name: 'B', weight: 1, title: 'Guide B', content: '<p>Body of B</p>' },
    ],
  }

  it('refuses a bad experiment with 400 and saves nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...twoVariants, variants: [{ name: 'A', weight: 1 }] }, /at least two variants/],
      [{ ...twoVariants, goal: 'clicks' }, /Goal must be/],
      [{ ...twoVariants, path: '/no-such-page' }, /No published page/],
      [
        {
          ...twoVariants,
          variants: [
            { name: 'A', weight: 1 },
            { name: 'a', weight: 1 },
          ],
        },
        /must be different/,
      ],
      [{ ...twoVariants, variants: [{ name: 'A', weight: 0 }, twoVariants.variants[1]] }, /at least 1/],
    ]
    for (const [body, message] of cases) await expectError(await admin.post(BASE, body), 400, message)
    // A draft questionnaire version can still change: a home variant may not show it.
    const draft = await app.database.db
      .selectFrom('questionnaireVersion')
      .select('id')
      .where('status', '=', 'draft')
      .executeTakeFirstOrThrow()
    await expectError(
      await admin.post(BASE, {
        ...twoVariants,
        path: '/',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, questionnaireId: draft.id },
        ],
      }),
      400,
      /not published/,
    )
    expect(await ok(await admin.get(BASE))).toEqual([])
  })

  it('creates, reads, changes and deletes a draft; an editor gets 403', async () => {
    const made = await created(await admin.post(BASE, { ...twoVariants, name: 'Scratch' }))
    expect(made).toMatchObject({ name: 'Scratch', status: 'draft', path: '/exp-guide', winner: null })
    expect(await ok(await admin.get(`${BASE}/${made.id}`))).toMatchObject({ id: made.id })
    expect(await ok(await admin.put(`${BASE}/${made.id}`, { name: 'Renamed' }))).toMatchObject({
      name: 'Renamed',
    })
    await expectError(await admin.put(`${BASE}/${made.id}`, { goal: 'nope' }), 400)
    await ok(await admin.del(`${BASE}/${made.id}`))
    await expectError(await admin.get(`${BASE}/${made.id}`), 404)
    expect((await editor.get(BASE)).status).toBe(403)
    expect((await editor.post(BASE, twoVariants)).status).toBe(403)
    const audit = await app.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'experiment')
      .execute()
    expect(audit.map((a) => a.action)).toEqual([
      'experiment.create',
      'experiment.update',
      'experiment.delete',
    ])
  })

  let experimentId: number
  const seen = new Map<string, string>()

  it('runs one experiment per page (409 for a second), split by weight, one variant per visitor all day', async () => {
    const experiment = await created(await admin.post(BASE, twoVariants))
    experimentId = experiment.id as number
    const renders = vi.spyOn(app.services.metrics, 'pageCache')
    expect(await ok(await admin.post(`${BASE}/${experimentId}/start`, { confirm: true }))).toMatchObject({
      status: 'running',
    })
    const second = await created(await admin.post(BASE, { ...twoVariants, name: 'Rival' }))
    await expectError(
      await admin.post(`${BASE}/${second.id}/start`, { confirm: true }),
      409,
      /already running/,
    )
    await expectError(await admin.put(`${BASE}/${experimentId}`, { name: 'x' }), 409)
    await expectError(await admin.del(`${BASE}/${experimentId}`), 409)

    for (let i = 0; i < 400; i++) {
      const ip = `198.51.${Math.floor(i / 200)}.${i % 200}`
      seen.set(ip, variantIn(await visit('/exp-guide', ip)))
    }
    const counts = { A: 0, B: 0 }
    for (const v of seen.values()) counts[v as 'A' | 'B']++
    expect(counts.A + counts.B).toBe(400)
    // 50/50 over 400 visitors: a binomial's spread is 10, so 140–260 is beyond six of them.
    expect(counts.A).toBeGreaterThan(140)
    expect(counts.B).toBeGreaterThan(140)
    // What the server chose is the bucket rule, computed without the server.
    const day = londonParts(new Date()).date
    for (const [ip, variant] of [...seen].slice(0, 50)) {
      expect(variantForBucket(twoVariants.variants, visitorBucket(ip, UA, day))?.name).toBe(variant)
    }
    // Each visitor keeps theirs, and the cache kept one entry per variant: two renders in all.
    for (const [ip, variant] of [...seen].slice(0, 20)) {
      expect(variantIn(await visit('/exp-guide', ip))).toBe(variant)
    }
    expect(renders.mock.calls.filter(([hit]) => hit === false)).toHaveLength(2)
    renders.mockRestore()
    // Variant B's head is its own.
    const b = [...seen].find(([, v]) => v === 'B')?.[0] as string
    expect(await visit('/exp-guide', b)).toContain('<title>Guide B')
  })

  it('takes the bucket nginx chose from a trusted proxy', async () => {
    const ip = '203.0.113.50'
    for (let bucket = 0; bucket < 100; bucket += 33) {
      const expected = variantForBucket(twoVariants.variants, bucket)?.name
      expect(variantIn(await visit('/exp-guide', ip, { [BUCKET_HEADER]: String(bucket) }))).toBe(expected)
    }
  })

  it('records the variant on each lead, in the lead detail and the webhook payload; counts results', async () => {
    const posts: { ip: string; variant: string; id: number }[] = []
    // 19 leads from A's visitors and 5 from B's: B stays short of the minimum sample of
    // conversions whatever today's buckets are (the split of the first 24 seen varies by day).
    const converting = [
      ...[...seen].filter(([, v]) => v === 'A').slice(0, 19),
      ...[...seen].filter(([, v]) => v === 'B').slice(0, 5),
    ]
    for (const [ip, variant] of converting) {
      const response = await app.postJson('/api/leads', leadPayload(uniqueContact('exp')), {
        headers: {
          'x-forwarded-for': ip,
          'user-agent': UA,
          referer: `${app.baseUrl}/exp-guide?utm_source=test`,
        },
      })
      expect(response.status).toBe(201)
      const { reference } = (await response.json()) as { reference: string }
      const row = await app.database.db
        .selectFrom('lead')
        .select(['id', 'variant'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
      expect(row.variant).toBe(`${experimentId}:${variant}`)
      posts.push({ ip, variant, id: row.id })
    }
    const first = posts[0] as (typeof posts)[number]
    expect(await ok(await admin.get(`/api/admin/leads/${first.id}`))).toMatchObject({
      variant: `${experimentId}:${first.variant}`,
    })
    expect((await deliveredLeads(app.database.db, [first.id])).get(first.id)?.variant).toBe(
      `${experimentId}:${first.variant}`,
    )
    // A lead from a page with no experiment names none.
    const plain = await app.postJson('/api/leads', leadPayload(uniqueContact('plain')), {
      headers: { 'x-forwarded-for': '192.0.2.1', 'user-agent': UA, referer: `${app.baseUrl}/evidence` },
    })
    const plainRef = ((await plain.json()) as { reference: string }).reference
    expect(
      (
        await app.database.db
          .selectFrom('lead')
          .select('variant')
          .where('reference', '=', plainRef)
          .executeTakeFirstOrThrow()
      ).variant,
    ).toBeNull()

    // Exposures are written by a job within a second or so: every visitor once.
    const results = await waitUntil(async () => {
      const r = (await ok(await admin.get(`${BASE}/${experimentId}/results`))) as {
        variants: { name: string; visitors: number; conversions: number }[]
      }
      return r.variants.reduce((n, v) => n + v.visitors, 0) >= 401 ? r : undefined
    })
    const expectedVisitors = { A: 0, B: 0 }
    for (const v of seen.values()) expectedVisitors[v as 'A' | 'B']++
    const conversions = { A: 0, B: 0 }
    for (const p of posts) conversions[p.variant as 'A' | 'B']++
    const full = results as unknown as {
      variants: {
        name: 'A' | 'B'
        visitors: number
        conversions: number
        rate: number
        low: number
        high: number
        probabilityBest: number
      }[]
      winner: string | null
      sampleReached: boolean
    }
    for (const v of full.variants) {
      // The proxy-bucket visitor (203.0.113.50) saw both variants on purpose: one extra visitor-day each.
      expect(v.visitors).toBeGreaterThanOrEqual(expectedVisitors[v.name])
      expect(v.visitors).toBeLessThanOrEqual(expectedVisitors[v.name] + 1)
      expect(v.conversions).toBe(conversions[v.name])
      expect(v.rate).toBeCloseTo(v.conversions / v.visitors, 10)
      expect(v.low).toBeLessThan(v.rate)
      expect(v.high).toBeGreaterThan(v.rate)
    }
    expect((full.variants[0]?.probabilityBest ?? 0) + (full.variants[1]?.probabilityBest ?? 0)).toBeCloseTo(
      1,
      6,
    )
    expect(full.sampleReached).toBe(false)
    expect(full.winner).toBeNull()
  })

  it('promotes a variant only past the minimum sample or when forced: a page revision, the experiment ends', async () => {
    await expectError(await admin.post(`${BASE}/${experimentId}/promote`, { variant: 'B' }), 409, /Too early/)
    await expectError(await admin.post(`${BASE}/${experimentId}/promote`, { variant: 'C', force: true }), 400)
    const before = (await listRevisions(app.database.db, pageId)).length
    const promoted = await ok(
      await admin.post(`${BASE}/${experimentId}/promote`, { variant: 'B', force: true }),
    )
    expect(promoted).toMatchObject({ status: 'promoted', winner: 'B', pageRevision: true })
    expect((await listRevisions(app.database.db, pageId)).length).toBe(before + 1)
    // Every visitor now gets the winner: it is the page.
    for (const ip of [...seen.keys()].slice(0, 10)) expect(variantIn(await visit('/exp-guide', ip))).toBe('B')
    await expectError(await admin.post(`${BASE}/${experimentId}/stop`, {}), 409)
    const actions = await app.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'experiment')
      .where('entityId', '=', String(experimentId))
      .execute()
    expect(actions.map((a) => a.action)).toEqual([
      'experiment.create',
      'experiment.start',
      'experiment.promote',
    ])
  })

  it('counts each page view under the variant it was served in, for the funnel by variant', async () => {
    await insertPage(app.database.db, {
      slug: 'exp-funnel',
      title: 'Funnel',
      content: '<p>Original body</p>',
      isPublished: true,
    })
    await app.services.site.changed()
    const experiment = (await created(
      await admin.post(BASE, { ...twoVariants, name: 'Funnel split', path: '/exp-funnel' }),
    )) as { id: number }
    await ok(await admin.post(`${BASE}/${experiment.id}/start`, { confirm: true }))
    const seen = { A: 0, B: 0 }
    for (let i = 0; i < 30; i++) {
      const variant = variantIn(await visit('/exp-funnel', `203.0.113.${100 + i}`))
      if (variant === 'A' || variant === 'B') seen[variant]++
    }
    expect(seen.A + seen.B).toBe(30)
    await app.services.analytics.flush()
    const today = londonParts(new Date()).date
    const visitorsOf = async (name: string) => {
      const query = new URLSearchParams({
        from: today,
        to: today,
        path: '/exp-funnel',
        variant: `${experiment.id}:${name}`,
      })
      return ((await ok(await admin.get(`/api/admin/analytics/funnel?${query}`))) as { visitors: number })
        .visitors
    }
    expect([await visitorsOf('A'), await visitorsOf('B')]).toEqual([seen.A, seen.B])
    await ok(await admin.post(`${BASE}/${experiment.id}/stop`, {}))
  })
})
