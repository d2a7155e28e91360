import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SELF_APPROVAL } from '../../core/publish-approval.ts'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import type { QuestionnaireVersionView } from '../../core/schemas/questionnaires.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok, type Row } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const BASE = '/api/admin/questionnaires'
const NOT_WAITING = 'This version is not awaiting approval'

/** The scheme set with a promise in its first question: the compliance review flags it. */
const promising = {
  ...redressSchemeDefinition,
  questions: redressSchemeDefinition.questions.map((q, i) =>
    i === 0 ? { ...q, title: `${q.title} Compensation is guaranteed.` } : q,
  ),
}

describe(`four-eyes for questionnaire versions on ${testDialect}`, () => {
  let app: TestApp
  let first: AdminClient
  let second: AdminClient
  let editor: AdminClient

  const draft = async (definition: unknown) =>
    (await ok(await first.post(BASE, { definition }), 201)) as unknown as QuestionnaireVersionView
  const liveId = async () => (await app.services.site.get()).questionnaire?.id

  beforeAll(async () => {
    app = await startTestApp()
    first = await createSignedInAdmin(app, { role: 'admin' })
    second = await createSignedInAdmin(app, { role: 'admin' })
    editor = await createSignedInAdmin(app, { role: 'editor', permissions: ['questionnaire'] })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('holds a flagged version for a second admin, who rejects or approves it; the approval stays with it', async () => {
    const before = await liveId()
    const version = await draft(promising)
    const held = await first.post(`${BASE}/${version.id}/publish`, {})
    expect(held.status).toBe(202)
    const answer = (await held.json()) as { code: string; version: Row }
    expect(answer.code).toBe('approval-required')
    expect(answer.version).toMatchObject({
      status: 'draft',
      approvalRequestedByEmail: first.email,
      approvalFlags: [expect.objectContaining({ code: 'guarantee-claim' })],
    })
    expect(await liveId()).toBe(before)

    await expectError(await first.post(`${BASE}/${version.id}/approve`, {}), 403, SELF_APPROVAL)
    await expectError(await editor.post(`${BASE}/${version.id}/approve`, {}), 403, /admin/)
    await expectError(await second.post(`${BASE}/${version.id}/reject`, { note: '' }), 400, /why/)
    const rejected = await ok(await second.post(`${BASE}/${version.id}/reject`, { note: 'No promises' }))
    expect(rejected).toMatchObject({ status: 'draft', approvalRequestedAt: null })
    await expectError(await second.post(`${BASE}/${version.id}/approve`, {}), 409, NOT_WAITING)

    expect((await first.post(`${BASE}/${version.id}/publish`, {})).status).toBe(202)
    const approved = await ok(await second.post(`${BASE}/${version.id}/approve`, {}))
    expect(approved).toMatchObject({
      status: 'live',
      publishedByEmail: first.email,
      approvedByEmail: second.email,
      approvalFlags: [expect.objectContaining({ code: 'guarantee-claim' })],
    })
    expect(await liveId()).toBe(version.id)
    const audit = await app.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', String(version.id))
      .where('action', 'like', 'questionnaire.publish%')
      .orderBy('id')
      .execute()
    expect(audit.map((row) => row.action)).toEqual([
      'questionnaire.publish_requested',
      'questionnaire.publish_rejected',
      'questionnaire.publish_requested',
      'questionnaire.publish',
    ])
  })

  it('publishes at once what brings no new flag, the same promise already live included', async () => {
    const again = await draft(promising)
    const published = await ok(await editor.post(`${BASE}/${again.id}/publish`, {}))
    expect(published).toMatchObject({ status: 'live', approvedByEmail: null })
    const plain = await draft(redressSchemeDefinition)
    expect(await ok(await editor.post(`${BASE}/${plain.id}/publish`, {}))).toMatchObject({ status: 'live' })
  })
})
