import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import type { ExperimentVariant } from '../../core/schemas/experiments.ts'
import { json } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { insertPage } from '../support/factories.ts'
import { created, expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const BASE = '/api/admin/experiments'
const NOTE = 'Figures checked against our 2026 settlement records for these lenders'

/** An experiment as it may already sit in the database: made before these checks, or by an admin. */
describe(`an experiment's promotion runs the guards of what it does, on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let analyst: AdminClient
  let inflatedId: number
  let inflatedVersion = 700
  const db = () => app.database.db

  /** A retired version promising up to £5,000, published once without an evidence note. */
  async function inflatedQuestionnaire() {
    const estimate = {
      ...redressSchemeDefinition.estimate,
      cells: redressSchemeDefinition.estimate.cells.map((c) => ({ ...c, amount: 5000 })),
      fallback: 5000,
    }
    const row = await db()
      .insertInto('questionnaireVersion')
      .values({
        version: ++inflatedVersion,
        name: 'Inflated',
        definition: json({ ...redressSchemeDefinition, name: 'Inflated', estimate }),
        status: 'retired',
        publishedAt: new Date('2026-01-01T00:00:00Z'),
        retiredAt: new Date('2026-01-02T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async function insertExperiment(path: string, variants: ExperimentVariant[], status: 'draft' | 'running') {
    const row = await db()
      .insertInto('experiment')
      .values({
        name: `Stored ${Math.random()}`,
        path,
        goal: 'lead',
        variants: json(variants),
        status,
        startsAt: status === 'running' ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  const liveId = async () =>
    (
      await db()
        .selectFrom('questionnaireVersion')
        .select('id')
        .where('status', '=', 'live')
        .executeTakeFirstOrThrow()
    ).id
  const auditActions = async (entity: string, id: number) =>
    (
      await db()
        .selectFrom('auditLog')
        .select(['action', 'actorEmail'])
        .where('entity', '=', entity)
        .where('entityId', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((a) => `${a.action} by ${a.actorEmail}`)
  const stopAll = () =>
    db().updateTable('experiment').set({ status: 'stopped' }).where('status', '=', 'running').execute()

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    analyst = await createSignedInAdmin(app, { role: 'editor', permissions: ['analytics'] })
    inflatedId = await inflatedQuestionnaire()
    await insertPage(db(), {
      slug: 'promo-guide',
      title: 'Guide',
      content: '<p>Original body</p>',
      isPublished: true,
    })
    await app.services.site.changed()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('refuses to make or start an experiment that shows what its author may not publish', async () => {
    const home = (variants: ExperimentVariant[]) => ({ name: 'Home', path: '/', goal: 'lead', variants })
    await expectError(
      await analyst.post(
        BASE,
        home([
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, questionnaireId: inflatedId },
        ]),
      ),
      403,
      /questionnaire/,
    )
    // An admin may publish, but not a version the estimates guard would refuse without a note.
    await expectError(
      await admin.post(
        BASE,
        home([
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, questionnaireId: inflatedId },
        ]),
      ),
      400,
      /cannot be shown: .*evidence note/,
    )
    const draft = await insertExperiment(
      '/',
      [
        { name: 'A', weight: 1 },
        { name: 'B', weight: 1, questionnaireId: inflatedId },
      ],
      'draft',
    )
    await expectError(await analyst.post(`${BASE}/${draft}/start`, {}), 403)
    await expectError(await admin.post(`${BASE}/${draft}/start`, {}), 400, /evidence note/)
    expect(
      (await db().selectFrom('experiment').select('status').where('id', '=', draft).executeTakeFirstOrThrow())
        .status,
    ).toBe('draft')
  })

  it('publishes a promoted questionnaire version only as its publish route would', async () => {
    const live = await liveId()
    const id = await insertExperiment(
      '/',
      [
        { name: 'A', weight: 1 },
        { name: 'B', weight: 1, questionnaireId: inflatedId },
      ],
      'running',
    )
    await expectError(await analyst.post(`${BASE}/${id}/promote`, { variant: 'B', force: true }), 403)
    await expectError(
      await admin.post(`${BASE}/${id}/promote`, { variant: 'B', force: true }),
      400,
      /evidence note of at least 20 characters/,
    )
    expect(await liveId()).toBe(live)
    const promoted = await ok(
      await admin.post(`${BASE}/${id}/promote`, { variant: 'B', force: true, evidenceNote: NOTE }),
    )
    expect(promoted).toMatchObject({ status: 'promoted', questionnairePublished: inflatedVersion })
    const version = await db()
      .selectFrom('questionnaireVersion')
      .select(['status', 'evidenceNote', 'publishedByEmail'])
      .where('id', '=', inflatedId)
      .executeTakeFirstOrThrow()
    expect(version).toEqual({ status: 'live', evidenceNote: NOTE, publishedByEmail: admin.email })
    expect(await auditActions('questionnaire_version', inflatedId)).toEqual([
      `questionnaire.publish by ${admin.email}`,
    ])
    // Put the original back live for the next test.
    await db()
      .updateTable('questionnaireVersion')
      .set({ status: 'retired' })
      .where('id', '=', inflatedId)
      .execute()
    await db().updateTable('questionnaireVersion').set({ status: 'live' }).where('id', '=', live).execute()
    await app.services.site.changed()
  })

  it('saves promoted content as a page save does: permission, sanitiser, revision and audit', async () => {
    await stopAll()
    const page = await db()
      .selectFrom('page')
      .select('id')
      .where('slug', '=', 'promo-guide')
      .executeTakeFirstOrThrow()
    const body = '<p>Body of B</p><script>alert(1)</script><img src=x onerror="alert(2)">'
    // Made through the API, the variant's content is stored sanitised.
    const made = await created(
      await admin.post(BASE, {
        name: 'Sanitised',
        path: '/promo-guide',
        goal: 'lead',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, content: body },
        ],
      }),
    )
    const stored = JSON.stringify((made.variants as ExperimentVariant[])[1]?.content)
    expect(stored).toContain('Body of B')
    expect(stored).not.toMatch(/<script|onerror/)
    await ok(await admin.del(`${BASE}/${made.id}`))

    const id = await insertExperiment(
      '/promo-guide',
      [
        { name: 'A', weight: 1 },
        { name: 'B', weight: 1, title: 'Guide B', content: body },
      ],
      'running',
    )
    // The analyst is an editor: pages are theirs to save, so the promotion is theirs too.
    await ok(await analyst.post(`${BASE}/${id}/promote`, { variant: 'B', force: true }))
    const after = await db()
      .selectFrom('page')
      .select(['title', 'content'])
      .where('id', '=', page.id)
      .executeTakeFirstOrThrow()
    expect(after.title).toBe('Guide B')
    expect(JSON.stringify(after.content)).toContain('Body of B')
    expect(JSON.stringify(after.content)).not.toMatch(/<script|onerror/)
    expect(await auditActions('page', page.id)).toEqual([`page.update by ${analyst.email}`])
    const html = await (await app.request('/promo-guide')).text()
    expect(html).toContain('Body of B')
    expect(html).not.toContain('alert(1)')
  })
  it('holds a promoted system page version for a second admin when approval is on', async () => {
    await stopAll()
    const home = await db()
      .selectFrom('page')
      .select(['id', 'content'])
      .where('slug', '=', 'home')
      .executeTakeFirstOrThrow()
    const content = { widgets: [{ id: 'h', type: 'heading', content: { text: 'Promoted home', level: 2 } }] }
    const id = await insertExperiment(
      '/',
      [
        { name: 'A', weight: 1 },
        { name: 'B', weight: 1, content },
      ],
      'running',
    )
    await ok(await admin.post('/api/admin/settings', { key: 'publish_approval_required', value: 'true' }))
    try {
      const promoted = await ok(await analyst.post(`${BASE}/${id}/promote`, { variant: 'B', force: true }))
      expect(promoted).toMatchObject({ status: 'promoted', pageRevision: false })
      const publication = await db()
        .selectFrom('pagePublication')
        .select(['id', 'status', 'slug', 'requestedByEmail'])
        .where('id', '=', promoted.publicationId as number)
        .executeTakeFirstOrThrow()
      expect(publication).toMatchObject({
        status: 'awaiting-approval',
        slug: 'home',
        requestedByEmail: analyst.email,
      })
      const now = await db()
        .selectFrom('page')
        .select('content')
        .where('id', '=', home.id)
        .executeTakeFirstOrThrow()
      expect(now.content).toEqual(home.content)
      expect(await (await app.request('/')).text()).not.toContain('Promoted home')
    } finally {
      await ok(await admin.post('/api/admin/settings', { key: 'publish_approval_required', value: 'false' }))
    }
  })
})
