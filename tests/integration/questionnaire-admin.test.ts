import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { specDefinition } from '../../core/questionnaire/spec-definition.ts'
import type {
  QuestionnaireVersionSummary,
  QuestionnaireVersionView,
} from '../../core/schemas/questionnaires.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const BASE = '/api/admin/questionnaires'
const PUBLISHED = 'A published version cannot be changed; duplicate it to make a new draft'
const NOTE = 'Figures checked against our own settled claims in 2025: median £2,400, see file QA-7.'

type Problems = { message: string; problems: { path: string; message: string }[] }

describe(`questionnaire admin API on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let editor: AdminClient
  let granted: AdminClient

  const list = async () => (await ok(await admin.get(BASE))) as unknown as QuestionnaireVersionSummary[]
  const byVersion = async (version: number) => {
    const row = (await list()).find((r) => r.version === version)
    if (!row) throw new Error(`no version ${version}`)
    return row
  }
  const getView = async (id: number) =>
    (await ok(await admin.get(`${BASE}/${id}`))) as unknown as QuestionnaireVersionView
  const liveRows = async () =>
    app.database.db
      .selectFrom('questionnaireVersion')
      .select(['id', 'version'])
      .where('status', '=', 'live')
      .execute()
  const auditFor = (action: string, entityId: number) =>
    app.database.db
      .selectFrom('auditLog')
      .select(['actorEmail', 'detail'])
      .where('action', '=', action)
      .where('entityId', '=', String(entityId))
      .execute()
  const draftOf = async (definition: unknown = redressSchemeDefinition, name?: string) =>
    (await ok(
      await admin.post(BASE, { definition, ...(name ? { name } : {}) }),
      201,
    )) as unknown as QuestionnaireVersionView

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor' })
    granted = await createSignedInAdmin(app, { role: 'editor', permissions: ['questionnaire'] })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists the seeded versions newest first, without their definitions', async () => {
    const rows = await list()
    expect(rows.map((r) => [r.version, r.status])).toEqual([
      [2, 'draft'],
      [1, 'live'],
    ])
    expect(Object.keys(rows[0] as object).sort()).toEqual(
      [
        'id',
        'version',
        'name',
        'status',
        'createdByEmail',
        'createdAt',
        'updatedAt',
        'publishedByEmail',
        'publishedAt',
        'retiredAt',
        'evidenceNote',
        'referenceAmount',
        'approvalRequestedById',
        'approvalRequestedByEmail',
        'approvalRequestedAt',
        'approvalFlags',
        'approvalNote',
        'approvedByEmail',
        'approvedAt',
      ].sort(),
    )
    expect(rows[1]?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('returns one version with its definition, 404 for an unknown id', async () => {
    const scheme = await getView((await byVersion(2)).id)
    expect(scheme).toMatchObject({ version: 2, status: 'draft', name: redressSchemeDefinition.name })
    expect(scheme.definition).toEqual(redressSchemeDefinition)
    await expectError(await admin.get(`${BASE}/999999`), 404, 'Questionnaire version not found')
    await expectError(await admin.get(`${BASE}/abc`), 404, 'Questionnaire version not found')
  })

  it('answers 401 signed out and 403 to an editor without the questionnaire permission', async () => {
    await expectError(await app.request(BASE), 401, 'Please sign in to continue')
    await expectError(await editor.get(BASE), 403, 'Your role does not allow managing questionnaire')
    await expectError(
      await editor.post(BASE, { definition: redressSchemeDefinition }),
      403,
      'Your role does not allow managing questionnaire',
    )
  })

  it('lets an editor granted the questionnaire permission work on drafts, recording who', async () => {
    expect((await granted.get(BASE)).status).toBe(200)
    const draft = (await ok(
      await granted.post(BASE, { definition: redressSchemeDefinition }),
      201,
    )) as unknown as QuestionnaireVersionView
    expect(draft.createdByEmail).toBe(granted.email)
    expect((await granted.del(`${BASE}/${draft.id}`)).status).toBe(204)
  })

  it('creates a draft with the next version number, named as asked, audited', async () => {
    const before = Math.max(...(await list()).map((r) => r.version))
    const draft = await draftOf(specDefinition, 'SPEC copy')
    expect(draft).toMatchObject({
      version: before + 1,
      status: 'draft',
      name: 'SPEC copy',
      createdByEmail: admin.email,
      publishedAt: null,
      evidenceNote: null,
    })
    expect(draft.definition).toEqual({ ...specDefinition, name: 'SPEC copy' })
    const entries = await auditFor('questionnaire.create', draft.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorEmail: admin.email, detail: { version: draft.version } })
  })

  it('refuses an invalid definition with 400 and every problem with its path', async () => {
    const [first, ...rest] = redressSchemeDefinition.questions
    const broken = {
      ...redressSchemeDefinition,
      questions: [
        {
          ...first,
          options: [
            first.options[0],
            { ...first.options[1], value: first.options[0].value },
            ...first.options.slice(2),
          ],
        },
        ...rest,
      ],
      estimate: { ...redressSchemeDefinition.estimate, fallback: -1 },
    }
    const response = await admin.post(BASE, { definition: broken })
    expect(response.status).toBe(400)
    const body = (await response.json()) as Problems
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { path: 'estimate.fallback', message: 'The fallback estimate cannot be negative' },
      ]),
    )
    expect(body.message).toMatch(/problem|cannot be negative/)
    const count = (await list()).length
    const invalid = await admin.post(BASE, { definition: { name: 'Nothing else' } })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as Problems).problems.map((p) => p.path)).toContain('questions')
    await expectError(await admin.post(BASE, { name: 'No definition' }), 400, 'The definition is required')
    expect(await list()).toHaveLength(count)

    const duplicateValue = {
      ...redressSchemeDefinition,
      questions: [
        {
          ...first,
          options: [
            first.options[0],
            { ...first.options[1], value: first.options[0].value },
            ...first.options.slice(2),
          ],
        },
        ...rest,
      ],
    }
    const refused = await admin.post(BASE, { definition: duplicateValue })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as Problems).problems).toContainEqual({
      path: 'questions[0].options[1].value',
      message: 'The value "pcp" appears twice in question 1 ("product")',
    })
  })

  it('updates a draft, and refuses invalid changes and any change to a published version', async () => {
    const draft = await draftOf()
    const title = 'Which kind of car finance did you have?'
    const definition = {
      ...draft.definition,
      questions: draft.definition.questions.map((q, i) => (i === 0 ? { ...q, title } : q)),
    }
    const updated = (await ok(
      await admin.put(`${BASE}/${draft.id}`, { name: 'Scheme, reworded', definition }),
    )) as unknown as QuestionnaireVersionView
    expect(updated.name).toBe('Scheme, reworded')
    expect(updated.definition.name).toBe('Scheme, reworded')
    expect(updated.definition.questions[0]?.title).toBe(title)
    expect(await auditFor('questionnaire.update', draft.id)).toHaveLength(1)

    const renamed = (await ok(
      await admin.put(`${BASE}/${draft.id}`, { name: 'Renamed only' }),
    )) as unknown as QuestionnaireVersionView
    expect(renamed.definition.questions[0]?.title).toBe(title)
    expect(renamed.definition.name).toBe('Renamed only')

    const invalid = await admin.put(`${BASE}/${draft.id}`, {
      definition: { ...definition, questions: [] },
    })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as Problems).problems[0]).toMatchObject({ path: 'questions' })
    expect((await getView(draft.id)).definition.questions).toHaveLength(4)
    await expectError(await admin.put(`${BASE}/${draft.id}`, {}), 400, 'Nothing to update')

    const live = await byVersion(1)
    await expectError(await admin.put(`${BASE}/${live.id}`, { name: 'Changed' }), 409, PUBLISHED)
    expect((await getView(live.id)).name).toBe(live.name)
  })

  it('deletes drafts only', async () => {
    const draft = await draftOf()
    const response = await admin.del(`${BASE}/${draft.id}`)
    expect(response.status).toBe(204)
    await expectError(await admin.get(`${BASE}/${draft.id}`), 404)
    expect(await auditFor('questionnaire.delete', draft.id)).toHaveLength(1)
    const live = await byVersion(1)
    const refused = await admin.del(`${BASE}/${live.id}`)
    expect(refused.status).toBe(409)
    expect((await getView(live.id)).status).toBe('live')
  })

  it('duplicates any version into a new draft with the next version number', async () => {
    const live = await byVersion(1)
    const highest = Math.max(...(await list()).map((r) => r.version))
    const copy = (await ok(
      await admin.post(`${BASE}/${live.id}/duplicate`, {}),
      201,
    )) as unknown as QuestionnaireVersionView
    expect(copy).toMatchObject({ version: highest + 1, status: 'draft', createdByEmail: admin.email })
    expect(copy.definition).toEqual((await getView(live.id)).definition)
    const [entry] = await auditFor('questionnaire.duplicate', copy.id)
    expect(entry?.detail).toMatchObject({ version: copy.version, from: 1 })
  })

  it('publishes the shipped scheme set without a note: it goes live, the SPEC set retires, the site follows', async () => {
    const scheme = await byVersion(2)
    const spec = await byVersion(1)
    const published = (await ok(
      await admin.post(`${BASE}/${scheme.id}/publish`, {}),
    )) as unknown as QuestionnaireVersionView
    expect(published).toMatchObject({
      id: scheme.id,
      status: 'live',
      publishedByEmail: admin.email,
      referenceAmount: 829,
      evidenceNote: null,
    })
    expect(published.publishedAt).toBeTruthy()
    expect(await liveRows()).toEqual([{ id: scheme.id, version: 2 }])
    const retired = await getView(spec.id)
    expect(retired.status).toBe('retired')
    expect(retired.retiredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    // A publish rebuilds the site snapshot the public pages render from.
    expect((await app.services.site.get()).questionnaire).toMatchObject({ id: scheme.id, version: 2 })
    const [entry] = await auditFor('questionnaire.publish', scheme.id)
    expect(entry).toMatchObject({ actorEmail: admin.email, detail: { version: 2, previous: 1 } })

    await expectError(
      await admin.post(`${BASE}/${scheme.id}/publish`, {}),
      409,
      'This version is already live',
    )
    await expectError(await admin.put(`${BASE}/${scheme.id}`, { name: 'Changed' }), 409, PUBLISHED)
  })

  it('needs an evidence note to publish the SPEC set again (estimates up to £5,000), and keeps it', async () => {
    const spec = await byVersion(1)
    const refused = await admin.post(`${BASE}/${spec.id}/publish`, {})
    expect(refused.status).toBe(400)
    const body = (await refused.json()) as Problems
    expect(body.problems).toEqual([
      {
        path: 'evidenceNote',
        message: expect.stringMatching(/^The highest estimate, £5,000, is above the reference of £829/),
      },
    ])
    expect(body.message).toBe(body.problems[0]?.message)
    const short = await admin.post(`${BASE}/${spec.id}/publish`, { evidenceNote: 'too short' })
    expect(short.status).toBe(400)
    expect((await getView(spec.id)).status).toBe('retired')

    const published = (await ok(
      await admin.post(`${BASE}/${spec.id}/publish`, { evidenceNote: `  ${NOTE}  ` }),
    )) as unknown as QuestionnaireVersionView
    expect(published).toMatchObject({
      status: 'live',
      evidenceNote: NOTE,
      referenceAmount: 829,
      retiredAt: null,
    })
    expect(await liveRows()).toEqual([{ id: spec.id, version: 1 }])
    expect((await byVersion(2)).status).toBe('retired')
    expect((await app.services.site.get()).questionnaire).toMatchObject({ version: 1 })
  })

  it('measures estimates against the reference amount setting when one is set', async () => {
    await expectError(
      await admin.post('/api/admin/settings', { key: 'questionnaire_reference_amount', value: '0' }),
      400,
      'The reference amount must be from 1 to 1000000 pounds',
    )
    expect(
      (await admin.post('/api/admin/settings', { key: 'questionnaire_reference_amount', value: '500' }))
        .status,
    ).toBe(200)
    try {
      const scheme = await byVersion(2)
      const refused = await admin.post(`${BASE}/${scheme.id}/publish`, {})
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as Problems).message).toMatch(
        /^The highest estimate, £829, is above the reference of £500/,
      )
      const published = (await ok(
        await admin.post(`${BASE}/${scheme.id}/publish`, { evidenceNote: NOTE }),
      )) as unknown as QuestionnaireVersionView
      expect(published).toMatchObject({ status: 'live', referenceAmount: 500, evidenceNote: NOTE })
    } finally {
      await admin.post('/api/admin/settings', { key: 'questionnaire_reference_amount', value: null })
    }
  })

  it('leaves exactly one version live when two are published at once', async () => {
    const a = await draftOf()
    const b = await draftOf()
    const responses = await Promise.all([
      admin.post(`${BASE}/${a.id}/publish`, {}),
      admin.post(`${BASE}/${b.id}/publish`, {}),
    ])
    for (const response of responses) expect([200, 409]).toContain(response.status)
    expect(responses.some((r) => r.status === 200)).toBe(true)
    const live = await liveRows()
    expect(live).toHaveLength(1)
    expect([a.id, b.id]).toContain(live[0]?.id)

    const c = await draftOf()
    const same = await Promise.all([
      admin.post(`${BASE}/${c.id}/publish`, {}),
      admin.post(`${BASE}/${c.id}/publish`, {}),
    ])
    expect(same.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await liveRows()).toEqual([{ id: c.id, version: c.version }])
    expect(await auditFor('questionnaire.publish', c.id)).toHaveLength(1)
  })
})
