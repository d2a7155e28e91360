import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { variantForBucket, visitorBucket } from '../../core/experiments/assign.ts'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { londonParts } from '../../core/routing/contract-rules.ts'
import { systemPageContent } from '../../core/system-page-content.ts'
import { startNginx } from '../../scripts/nginx.ts'
import { json } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { allowRepeatLeads, insertLead, insertPage, leadPayload } from '../support/factories.ts'
import { created, expectError, ok } from '../support/http.ts'
import { insertBuyer, insertContract, insertSale } from '../support/sales.ts'
import { freePort } from '../support/server-process.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { uniqueContact } from '../support/webhook-receiver.ts'

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Experiments'
const BASE = '/api/admin/experiments'

describe(`experiments on the home page, revenue and behind nginx, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  /** The page as one visitor (address, user agent) gets it, through the trusted local proxy. */
  const visit = async (path: string, ip: string, extra: Record<string, string> = {}) => {
    const response = await app.request(path, {
      headers: { 'x-forwarded-for': ip, 'user-agent': UA, ...extra },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    return response.text()
  }

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: 'loopback' })
    await allowRepeatLeads(app)
    admin = await createSignedInAdmin(app, { role: 'admin' })
    await insertPage(app.database.db, {
      slug: 'exp-guide',
      title: 'Guide',
      content: '<p>Original body</p>',
      isPublished: true,
    })
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

  it('tests the home page title, and stops an experiment', async () => {
    const home = await created(
      await admin.post(BASE, {
        name: 'Home title',
        path: '/',
        goal: 'eligible',
        variants: [
          { name: 'Control', weight: 1 },
          { name: 'Bold', weight: 3, title: 'Claim what you are owed' },
        ],
      }),
    )
    await ok(await admin.post(`${BASE}/${home.id}/start`, {}))
    const titles = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const html = await visit('/', `192.0.2.${i + 10}`)
      titles.add(html.includes('<title>Claim what you are owed') ? 'Bold' : 'Control')
    }
    expect(titles).toEqual(new Set(['Bold', 'Control']))
    expect(await ok(await admin.post(`${BASE}/${home.id}/stop`, {}))).toMatchObject({ status: 'stopped' })
    expect(await visit('/', '192.0.2.10')).not.toContain('<title>Claim what you are owed')
  })
  it('varies a block of the home page: each visitor sees their variant’s FAQ; one without the questionnaire is confirmed first', async () => {
    const content = structuredClone(systemPageContent.home) as {
      sections: { widgets: { type: string; content: { items?: { question: string }[] } }[] }[]
    }
    const faq = content.sections.flatMap((s) => s.widgets).find((w) => w.type === 'faq')
    if (!faq?.content.items?.[0]) throw new Error('a FAQ block')
    faq.content.items[0].question = 'Variant question?'
    const noForm = {
      sections: content.sections.map((s) => ({
        ...s,
        widgets: s.widgets.filter((w) => w.type !== 'questionnaire'),
      })),
    }
    const experiment = await created(
      await admin.post(BASE, {
        name: 'Home FAQ',
        path: '/',
        goal: 'eligible',
        variants: [
          { name: 'Control', weight: 1 },
          { name: 'Faq', weight: 3, content },
          { name: 'Bare', weight: 1, content: noForm },
        ],
      }),
    )
    const refused = await admin.post(`${BASE}/${experiment.id}/start`, {})
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ unconvertible: ['Bare'] })
    await ok(await admin.post(`${BASE}/${experiment.id}/start`, { confirm: true }))
    const seen = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const html = await visit('/', `192.0.2.${i + 60}`)
      seen.add(html.includes('<h3>Variant question?</h3>') ? 'Faq' : 'Control')
    }
    expect(seen).toEqual(new Set(['Faq', 'Control']))
    await ok(await admin.post(`${BASE}/${experiment.id}/stop`, {}))
    expect(await visit('/', '192.0.2.60')).not.toContain('Variant question?')
  })

  it('tests a questionnaire version on the home page: shown, takes leads while it runs, published on promote', async () => {
    const { db } = app.database
    const retired = await db
      .insertInto('questionnaireVersion')
      .values({
        version: 900,
        name: 'Scheme under test',
        definition: json(redressSchemeDefinition),
        status: 'retired',
        publishedAt: new Date('2026-01-01T00:00:00Z'),
        retiredAt: new Date('2026-01-02T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const postWithVersion = (ip: string) =>
      app.postJson('/api/leads', leadPayload({ ...uniqueContact('q'), questionnaireVersion: retired.id }), {
        headers: { 'x-forwarded-for': ip, 'user-agent': UA, referer: `${app.baseUrl}/` },
      })
    // Retired long ago: it takes no leads of its own.
    await expectError(await postWithVersion('192.0.2.200'), 400, /does not take answers/)

    const experiment = await created(
      await admin.post(BASE, {
        name: 'Questionnaire',
        path: '/',
        goal: 'lead',
        variants: [
          { name: 'Live', weight: 1 },
          { name: 'Scheme', weight: 1, questionnaireId: retired.id },
        ],
      }),
    )
    await ok(await admin.post(`${BASE}/${experiment.id}/start`, {}))
    const field = `name="questionnaireVersion" value="${retired.id}"`
    let schemeVisitor: string | undefined
    let liveVisitor: string | undefined
    for (let i = 0; i < 40 && !(schemeVisitor && liveVisitor); i++) {
      const ip = `192.0.2.${100 + i}`
      if ((await visit('/', ip)).includes(field)) schemeVisitor ??= ip
      else liveVisitor ??= ip
    }
    expect(schemeVisitor && liveVisitor).toBeTruthy()
    // The version the variant shows takes leads while the experiment runs (here without answers).
    const response = await postWithVersion(schemeVisitor as string)
    expect(response.status).toBe(201)
    const { reference } = (await response.json()) as { reference: string }
    expect(
      await db
        .selectFrom('lead')
        .select('variant')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow(),
    ).toEqual({ variant: `${experiment.id}:Scheme` })

    const promoted = await ok(
      await admin.post(`${BASE}/${experiment.id}/promote`, { variant: 'Scheme', force: true }),
    )
    expect(promoted).toMatchObject({ status: 'promoted', questionnairePublished: 900 })
    const live = await db
      .selectFrom('questionnaireVersion')
      .select('id')
      .where('status', '=', 'live')
      .executeTakeFirstOrThrow()
    expect(live.id).toBe(retired.id)
    expect(await visit('/', liveVisitor as string)).toContain(field)
  })

  it('judges a revenue goal by sold leads, with their net revenue', async () => {
    const { db } = app.database
    const experiment = await created(
      await admin.post(BASE, { ...twoVariants, name: 'Revenue', goal: 'revenue' }),
    )
    const buyer = await insertBuyer(db, { isActive: false, namedInConsent: false })
    const contract = await insertContract(db, buyer.id, { isActive: false, pricePence: 2500 })
    const lead = (variant: string) =>
      insertLead(db, {
        email: `${variant}-${Math.random()}@example.test`,
        variant: `${experiment.id}:${variant}`,
      })
    const soldB = await lead('B')
    await lead('B')
    await lead('A')
    await insertSale(db, { leadId: soldB.id, contract: { ...contract, buyerId: buyer.id } })
    const results = await ok(await admin.get(`${BASE}/${experiment.id}/results`))
    expect(results.variants).toMatchObject([
      { name: 'A', conversions: 0, revenuePence: 0 },
      { name: 'B', conversions: 1, revenuePence: 2500 },
    ])
    await ok(await admin.del(`${BASE}/${experiment.id}`))
  })

  it.skipIf(!fs.existsSync('/usr/sbin/nginx'))(
    'behind the shipped nginx: the same variant through its cache (hit or miss) and directly',
    async () => {
      const variants = [
        { name: 'A', weight: 1, content: '<p>Through nginx A</p>' },
        { name: 'B', weight: 1, content: '<p>Through nginx B</p>' },
      ]
      const shown = (html: string) => /Through nginx ([AB])/.exec(html)?.[1]
      const experiment = await created(
        await admin.post(BASE, { ...twoVariants, name: 'Through nginx', variants }),
      )
      await ok(await admin.post(`${BASE}/${experiment.id}/start`, { confirm: true }))
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'experiments-nginx-'))
      const port = Number(new URL(app.baseUrl).port)
      const nginx = await startNginx({
        port: await freePort(),
        upstreams: [port],
        workDir: path.join(work, 'nginx'),
      })
      try {
        const day = londonParts(new Date()).date
        const statuses = new Set<string>()
        for (let i = 0; i < 30; i++) {
          const ua = `${UA} nginx ${i}`
          // nginx sees 127.0.0.1 and hashes it with the user agent and the UK day, as the app does.
          const expected = variantForBucket(variants, visitorBucket('127.0.0.1', ua, day))?.name
          for (let j = 0; j < 2; j++) {
            const proxied = await fetch(`${nginx.url}/exp-guide`, { headers: { 'user-agent': ua } })
            statuses.add(proxied.headers.get('x-cache-status') ?? '')
            expect(shown(await proxied.text()), ua).toBe(expected)
            const direct = await fetch(`http://127.0.0.1:${port}/exp-guide`, {
              headers: { 'user-agent': ua },
            })
            expect(shown(await direct.text()), ua).toBe(expected)
          }
        }
        expect(statuses).toEqual(new Set(['MISS', 'HIT']))
      } finally {
        await nginx.stop()
        fs.rmSync(work, { recursive: true, force: true })
        await ok(await admin.post(`${BASE}/${experiment.id}/stop`, {}))
      }
    },
  )
})
