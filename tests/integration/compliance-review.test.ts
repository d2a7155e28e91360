import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReviewFlagView } from '../../core/schemas/review.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const REVIEW = '/api/admin/pages/review'

describe(`the compliance review on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  const flags = async (client = admin) => (await (await client.get(REVIEW)).json()) as ReviewFlagView[]
  const open = async () => (await flags()).filter((f) => f.status === 'open')

  it('flags the shipped home blocks’ figures that contradict their evidence', async () => {
    const { id } = await app.database.db
      .selectFrom('page')
      .select('id')
      .where('slug', '=', 'home')
      .executeTakeFirstOrThrow()
    const home = (await open()).filter((f) => f.pageId === id)
    const flagged = home.map((f) => `${f.code} ${f.blockId} ${f.text}`)
    expect(flagged).toContain('figure-not-in-evidence stats 40M+')
    expect(flagged).toContain('figure-not-in-evidence stats 90%')
    expect(flagged).toContain('figure-not-in-evidence stats £16.8B')
    expect(home.filter((f) => f.code === 'estimate-above-average').map((f) => f.blockId)).toEqual(['faq'])
    expect(home.filter((f) => f.code === 'fee-beyond-cap').map((f) => f.message)).toEqual([
      expect.stringMatching(/“35%”/),
    ])
    expect(home.map((f) => f.code)).toContain('missing-firm-details')
    expect(home.every((f) => f.editPath === `/admin/pages/edit/${id}`)).toBe(true)
  })

  it('flags the installed questionnaire’s estimates above the FCA average: its note is no evidence', async () => {
    const questionnaire = (await open()).filter((f) => f.scope === 'questionnaire')
    expect(questionnaire.map((f) => f.code)).toEqual(['estimate-above-average'])
    expect(questionnaire[0]?.message).toMatch(/£5,000, is above the reference of £829/)
  })

  it('hands the builder the evidence items and facts it reviews with', async () => {
    const sources = await ok(await admin.get(`${REVIEW}/sources`))
    expect((sources.evidence as { id: string }[]).map((e) => e.id)).toContain('widespread-impact')
    expect(sources.facts).toMatchObject({ fcaAverage: 829, feePercentage: 30, firmName: '' })
  })

  it('accepts a flag with a note: kept, audited, and shown as accepted', async () => {
    const [flag] = (await open()).filter((f) => f.blockId === 'stats' && f.text === '£16.8B')
    if (!flag) throw new Error('no flag')
    await expectError(await admin.post(`${REVIEW}/${flag.id}/accept`, { note: 'short' }), 400)
    const accepted = await ok(
      await admin.post(`${REVIEW}/${flag.id}/accept`, {
        note: 'The market size is from the 2019 FCA review.',
      }),
    )
    expect(accepted).toMatchObject({ id: flag.id, status: 'accepted' })
    expect((await open()).map((f) => f.id)).not.toContain(flag.id)
    await expectError(
      await admin.post(`${REVIEW}/${flag.id}/accept`, {
        note: 'The market size is from the 2019 FCA review.',
      }),
      409,
    )
    const entry = await app.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'page.review_accepted')
      .executeTakeFirstOrThrow()
    expect(entry.actorEmail).toBe(admin.email)
    const detail = typeof entry.detail === 'string' ? JSON.parse(entry.detail) : entry.detail
    expect(detail).toMatchObject({ flagId: flag.id, note: 'The market size is from the 2019 FCA review.' })
    await expectError(await admin.post(`${REVIEW}/0123456789abcdef/accept`, { note: 'x'.repeat(30) }), 404)
  })

  it('clears a figure once its block cites evidence that holds it', async () => {
    const content = {
      sections: [
        {
          id: 's1',
          styles: {},
          widgets: [
            { id: 'w1', type: 'text', content: { text: '<p>About 14 million agreements</p>' }, styles: {} },
          ],
        },
      ],
    }
    const page = await ok(
      await admin.post('/api/admin/pages', {
        slug: 'figures',
        title: 'Figures',
        content,
        isPublished: false,
      }),
      201,
    )
    const ofPage = async () => (await open()).filter((f) => f.pageId === page.id)
    expect((await ofPage()).map((f) => f.code)).toEqual(['uncited-figure'])
    const cited = structuredClone(content)
    Object.assign(cited.sections[0]?.widgets[0] ?? {}, { cites: ['consumer-harm'] })
    await ok(await admin.put(`/api/admin/pages/${page.id}`, { content: cited }))
    expect((await ofPage()).map((f) => f.code)).toEqual(['figure-not-in-evidence'])
    Object.assign(cited.sections[0]?.widgets[0] ?? {}, { cites: ['widespread-impact'] })
    await ok(await admin.put(`/api/admin/pages/${page.id}`, { content: cited }))
    expect(await ofPage()).toEqual([])
  })

  // Every role but buyer holds `pages`; tests/integration/admin-access.test.ts checks the rest from route().
  it('is for whoever edits pages, never anonymous', async () => {
    const editor = await createSignedInAdmin(app, { role: 'editor' })
    expect((await flags(editor)).length).toBeGreaterThan(0)
    await expectError(await app.request(REVIEW), 401)
    const [flag] = await open()
    await expectError(await app.postJson(`${REVIEW}/${flag?.id}/accept`, { note: 'x'.repeat(30) }), 401)
  })
})
