import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMINS_ONLY, SELF_APPROVAL } from '../../core/publish-approval.ts'
import { findPage, publishDueSchedules, requestPublication, versionOf } from '../../server/site/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok, type Row } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const PAGES = '/api/admin/pages'
let slugs = 0
const heading = (id: string, text: string) => ({ id, type: 'heading', content: { text, level: 2 } })

describe(`four-eyes and scheduled publishing on ${testDialect}`, () => {
  let app: TestApp
  let editor: AdminClient
  let first: AdminClient
  let second: AdminClient

  const setApproval = async (on: boolean) =>
    ok(await first.post('/api/admin/settings', { key: 'publish_approval_required', value: String(on) }))

  const draft = async (title: string, content: unknown = '<p>Draft words</p>') => {
    slugs++
    return ok(await editor.post(PAGES, { title, slug: `publish-${slugs}`, content, isPublished: false }), 201)
  }

  const live = async (slug: unknown) => (await app.request(`/api/pages/${slug}`)).status === 200

  const auditCount = async (action: string, pageId: unknown) =>
    (
      await app.database.db
        .selectFrom('auditLog')
        .select('id')
        .where('action', '=', action)
        .where('entityId', '=', String(pageId))
        .execute()
    ).length

  beforeAll(async () => {
    app = await startTestApp()
    editor = await createSignedInAdmin(app, { role: 'editor' })
    first = await createSignedInAdmin(app, { role: 'admin' })
    second = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('publishes at once without approval, as before, and keeps who published it', async () => {
    await setApproval(false)
    const page = await draft('Plain publish')
    const publication = await ok(await editor.post(`${PAGES}/${page.id}/publications`, {}), 201)
    expect(publication).toMatchObject({ status: 'published', approvalRequired: false, flags: [] })
    expect(publication.requestedByEmail).toBe(editor.email)
    expect(await live(page.slug)).toBe(true)
    // A save that publishes goes live directly too.
    const other = await draft('Plain save')
    expect(await ok(await editor.put(`${PAGES}/${other.id}`, { isPublished: true }))).toMatchObject({
      isPublished: true,
    })
  })

  it('holds a publish for a second admin when approval is on, and publishes that exact version', async () => {
    await setApproval(true)
    const page = await draft('Needs four eyes')
    const held = await ok(
      await editor.put(`${PAGES}/${page.id}`, { isPublished: true, content: '<p>Approved words</p>' }),
      202,
    )
    expect(held.code).toBe('approval-required')
    const publication = held.publication as Row
    expect(publication).toMatchObject({ status: 'awaiting-approval', approvalRequired: true })
    expect(await live(page.slug)).toBe(false)
    // The draft kept its content; nothing went live.
    expect(await ok(await editor.get(`${PAGES}/${page.id}`))).toMatchObject({
      isPublished: false,
      content: '<p>Approved words</p>',
    })
    const waiting = (await ok(
      await first.get(`${PAGES}/publications?status=awaiting-approval`),
    )) as unknown as Row[]
    expect(waiting.map((p) => p.id)).toContain(publication.id)

    // The draft changes after the request: the approval still publishes what was asked for.
    await ok(await editor.put(`${PAGES}/${page.id}`, { content: '<p>Later draft</p>' }))

    await expectError(
      await editor.post(`${PAGES}/publications/${publication.id}/approve`, {}),
      403,
      ADMINS_ONLY,
    )
    const approved = await ok(await second.post(`${PAGES}/publications/${publication.id}/approve`, {}))
    expect(approved).toMatchObject({ status: 'published', decidedByEmail: second.email })
    const now = await ok(await editor.get(`${PAGES}/${page.id}`))
    expect(now).toMatchObject({ isPublished: true, content: '<p>Approved words</p>' })
    expect(now.publicationId).toBe(publication.id)
    expect(await live(page.slug)).toBe(true)
    await expectError(
      await first.post(`${PAGES}/publications/${publication.id}/approve`, {}),
      409,
      'This publication is no longer awaiting approval',
    )

    // Once saved over, the approved version is a revision that names its approver.
    await setApproval(false)
    await ok(await editor.put(`${PAGES}/${page.id}`, { content: '<p>Next words</p>' }))
    const [revision] = (await ok(await editor.get(`${PAGES}/${page.id}/revisions`))) as unknown as Row[]
    expect(revision?.approval).toMatchObject({
      approvedByEmail: second.email,
      requestedByEmail: editor.email,
    })
    expect((await ok(await editor.get(`${PAGES}/${page.id}`))).publicationId).toBeNull()
  })

  it('holds content the review flags for a second admin with approval off, and keeps the flags seen', async () => {
    await setApproval(false)
    const page = await draft('Flagged page', '<p>We guarantee you a payout</p>')
    const stored = await findPage(app.database.db, page.id as number)
    if (!stored) throw new Error('the page was not stored')
    const flag = { code: 'guarantee', message: 'Promises an outcome' }
    // A stand-in for the compliance review, as reviewFlags() answers.
    const review = async (_services: unknown, target: { content: unknown }) =>
      String(target.content).includes('guarantee') ? [flag] : []
    const asker = { id: editor.id, email: editor.email, role: 'editor' }
    const publication = await requestPublication(app.services, stored, versionOf(stored), asker, { review })
    expect(publication).toMatchObject({ status: 'awaiting-approval', approvalRequired: true, flags: [flag] })
    expect(await live(page.slug)).toBe(false)
    // Without the stand-in, plain content publishes at once.
    const other = await draft('Unflagged page', '<p>Plain words only</p>')
    expect((await ok(await editor.post(`${PAGES}/${other.id}/publications`, {}), 201)).status).toBe(
      'published',
    )

    await ok(await second.post(`${PAGES}/publications/${publication.id}/approve`, {}))
    await ok(await editor.put(`${PAGES}/${page.id}`, { content: '<p>Plain words</p>' }))
    const [revision] = (await ok(await editor.get(`${PAGES}/${page.id}/revisions`))) as unknown as Row[]
    expect(revision?.approval).toMatchObject({ approvedByEmail: second.email, flags: [flag] })
  })

  it('holds what the compliance review flags until a second admin approves or the flag is accepted', async () => {
    await setApproval(false)
    const page = await draft('Guarantee page', '<p>Your payout is guaranteed with us</p>')
    const held = await ok(await editor.post(`${PAGES}/${page.id}/publications`, {}), 201)
    expect(held).toMatchObject({ status: 'awaiting-approval', approvalRequired: true })
    expect(held.flags).toEqual([expect.objectContaining({ code: 'guarantee-claim' })])
    expect(await live(page.slug)).toBe(false)
    await ok(await first.post(`${PAGES}/publications/${held.id}/reject`, { note: 'Reword the promise' }))

    // Accepting the flag with a note (kept in the audit log) lets the same copy go live alone.
    const flags = (await ok(await first.get(`${PAGES}/review`))) as unknown as Row[]
    const flag = flags.find((f) => f.pageId === page.id && f.code === 'guarantee-claim')
    if (!flag) throw new Error('the review did not list the flag')
    await ok(
      await first.post(`${PAGES}/review/${flag.id}/accept`, {
        note: 'Quoted from a customer review, shown as such',
      }),
    )
    const published = await ok(await editor.post(`${PAGES}/${page.id}/publications`, {}), 201)
    expect(published).toMatchObject({ status: 'published', flags: [] })
    expect(await live(page.slug)).toBe(true)
  })

  it('refuses self-approval, and lets another admin reject with a note', async () => {
    await setApproval(true)
    const page = await draft('Self approval')
    const publication = await ok(await first.post(`${PAGES}/${page.id}/publications`, {}), 201)
    expect(publication.status).toBe('awaiting-approval')
    await expectError(
      await first.post(`${PAGES}/publications/${publication.id}/approve`, {}),
      403,
      SELF_APPROVAL,
    )
    await expectError(
      await first.post(`${PAGES}/publications/${publication.id}/reject`, { note: 'x' }),
      403,
      SELF_APPROVAL,
    )
    await expectError(
      await second.post(`${PAGES}/publications/${publication.id}/reject`, {}),
      400,
      'Say why the publication is rejected',
    )
    const rejected = await ok(
      await second.post(`${PAGES}/publications/${publication.id}/reject`, { note: 'Check the fee wording' }),
    )
    expect(rejected).toMatchObject({
      status: 'rejected',
      note: 'Check the fee wording',
      decidedByEmail: second.email,
    })
    expect(await live(page.slug)).toBe(false)
    expect(await auditCount('page.publish_rejected', page.id)).toBe(1)
  })

  it('keeps a live page as it is while a change to it awaits approval, restores included', async () => {
    await setApproval(false)
    const page = await draft('Live page', '<p>Live words</p>')
    await ok(await editor.put(`${PAGES}/${page.id}`, { isPublished: true }))
    await ok(await editor.put(`${PAGES}/${page.id}`, { content: '<p>Second live words</p>' }))
    await setApproval(true)
    const held = await ok(await editor.put(`${PAGES}/${page.id}`, { title: 'Changed title' }), 202)
    expect((held.publication as Row).title).toBe('Changed title')
    expect(await ok(await editor.get(`${PAGES}/${page.id}`))).toMatchObject({ title: 'Live page' })
    // A change that is no new version (the title heading) needs no one.
    expect(await ok(await editor.put(`${PAGES}/${page.id}`, { hideTitle: true }))).toMatchObject({
      hideTitle: true,
    })

    const [revision] = (await ok(await editor.get(`${PAGES}/${page.id}/revisions`))) as unknown as Row[]
    const restoring = await ok(
      await editor.post(`${PAGES}/${page.id}/revisions/${revision?.id}/restore`, {}),
      202,
    )
    expect((restoring.publication as Row).status).toBe('awaiting-approval')
    expect((await ok(await editor.get(`${PAGES}/${page.id}`))).content).toBe('<p>Second live words</p>')
    await ok(await second.post(`${PAGES}/publications/${(restoring.publication as Row).id}/approve`, {}))
    expect((await ok(await editor.get(`${PAGES}/${page.id}`))).content).toBe('<p>Live words</p>')
  })

  it('schedules in London time, refusing past and skipped times', async () => {
    await setApproval(false)
    const page = await draft('Scheduled')
    const url = `${PAGES}/${page.id}/publications`
    await expectError(
      await editor.post(url, { publishAt: '2020-01-01T09:00' }),
      400,
      'The publish time must be in the future',
    )
    // 31 March 2080 is the last Sunday of March: 01:00–02:00 never happens in London.
    await expectError(
      await editor.post(url, { publishAt: '2080-03-31T01:30' }),
      400,
      /does not exist in London/,
    )
    const summer = await ok(await editor.post(url, { publishAt: '2080-06-01T10:00' }), 201)
    expect(summer).toMatchObject({
      status: 'scheduled',
      publishAt: '2080-06-01T09:00:00.000Z',
      publishAtLondon: '2080-06-01T10:00',
      requestedByEmail: editor.email,
    })
    const cancelled = await ok(await editor.post(`${PAGES}/publications/${summer.id}/cancel`, {}))
    expect(cancelled.status).toBe('cancelled')
    expect(await publishDueSchedules(app.services, new Date('2080-06-02T00:00:00Z'))).toBe(0)
    expect(await live(page.slug)).toBe(false)
  })

  it('publishes a schedule once when two instances run it on the same database', async () => {
    await setApproval(false)
    const page = await draft('Two instances', { widgets: [heading('h', 'Scheduled heading')] })
    const scheduled = await ok(
      await editor.post(`${PAGES}/${page.id}/publications`, { publishAt: '2081-01-10T08:00' }),
      201,
    )
    expect(scheduled.publishAt).toBe('2081-01-10T08:00:00.000Z')
    const other = await startTestApp({}, { database: app.database })
    try {
      const due = new Date('2081-01-10T08:00:30Z')
      const runs = await Promise.all([
        publishDueSchedules(app.services, due),
        publishDueSchedules(other.services, due),
        publishDueSchedules(app.services, due),
        publishDueSchedules(other.services, due),
      ])
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1)
    } finally {
      await other.close()
    }
    expect(await live(page.slug)).toBe(true)
    expect(await auditCount('page.publish', page.id)).toBe(1)
    const [done] = (await ok(await editor.get(`${PAGES}/publications?pageId=${page.id}`))) as unknown as Row[]
    expect(done).toMatchObject({ status: 'published', requestedByEmail: editor.email })
  })

  it('takes over a publish whose instance died mid-way, once, without a second revision', async () => {
    await setApproval(false)
    const stuck = async (title: string) => {
      const page = await draft(title, { widgets: [heading('h', `${title} heading`)] })
      const publication = await ok(
        await editor.post(`${PAGES}/${page.id}/publications`, { publishAt: '2082-03-01T09:00' }),
        201,
      )
      // The instance that claimed it died: the claim is ten minutes old.
      await app.database.db
        .updateTable('pagePublication')
        .set({ status: 'publishing', claimedAt: new Date('2082-03-01T09:00:00Z') })
        .where('id', '=', publication.id as number)
        .execute()
      return { page, publication }
    }
    const before = await stuck('Died before the page')
    const after = await stuck('Died after the page')
    // The second one had put its version live before the instance died.
    const row = await findPage(app.database.db, after.page.id as number)
    await app.database.db
      .updateTable('page')
      .set({ isPublished: true, publicationId: after.publication.id as number })
      .where('id', '=', row?.id as number)
      .execute()

    const other = await startTestApp({}, { database: app.database })
    try {
      // Not yet stale: left to the instance that claimed it.
      expect(await publishDueSchedules(other.services, new Date('2082-03-01T09:04:00Z'))).toBe(0)
      const now = new Date('2082-03-01T09:10:00Z')
      expect(await publishDueSchedules(other.services, now)).toBe(2)
      expect(await publishDueSchedules(app.services, now)).toBe(0)
    } finally {
      await other.close()
    }
    for (const { page } of [before, after]) {
      expect(await live(page.slug)).toBe(true)
      expect(await auditCount('page.publish', page.id)).toBe(1)
      const [done] = (await ok(
        await editor.get(`${PAGES}/publications?pageId=${page.id}`),
      )) as unknown as Row[]
      expect(done?.status).toBe('published')
    }
    const revisions = (await ok(await editor.get(`${PAGES}/${after.page.id}/revisions`))) as unknown as Row[]
    expect(revisions).toHaveLength(0)
  })

  it('asks for approval before a scheduled publish when approval is on', async () => {
    await setApproval(true)
    const page = await draft('Scheduled with approval')
    const asked = await ok(
      await editor.post(`${PAGES}/${page.id}/publications`, { publishAt: '2082-02-01T12:00' }),
      201,
    )
    expect(asked.status).toBe('awaiting-approval')
    const due = new Date('2082-02-01T12:00:00Z')
    expect(await publishDueSchedules(app.services, due)).toBe(0)
    const approved = await ok(await second.post(`${PAGES}/publications/${asked.id}/approve`, {}))
    expect(approved.status).toBe('scheduled')
    expect(await live(page.slug)).toBe(false)
    expect(await publishDueSchedules(app.services, due)).toBe(1)
    expect(await live(page.slug)).toBe(true)
    await setApproval(false)
  })

  it('holds a system page’s block edit for approval, keeps its slug, and diffs its blocks as words', async () => {
    const pages = (await ok(await editor.get(PAGES))) as unknown as Row[]
    const evidence = pages.find((p) => p.slug === 'evidence')
    if (!evidence) throw new Error('no evidence page')
    const stored = await ok(await editor.get(`${PAGES}/${evidence.id}`))
    await setApproval(true)
    await expectError(
      await editor.put(`${PAGES}/${evidence.id}`, { slug: 'evidence-moved' }),
      409,
      'System pages keep their URL slug',
    )
    const content = structuredClone(stored.content) as {
      sections: { widgets: { type: string; content: { items: { claim: string }[] } }[] }[]
    }
    const cards = content.sections.flatMap((s) => s.widgets).find((w) => w.type === 'evidence')
    const first = cards?.content.items[0]
    if (!first) throw new Error('no evidence card')
    const oldClaim = first.claim
    first.claim = 'A claim a second admin must see'
    const held = await ok(await editor.put(`${PAGES}/${evidence.id}`, { content }), 202)
    expect((held.publication as Row).slug).toBe('evidence')
    expect(await (await app.request('/evidence')).text()).not.toContain('A claim a second admin must see')

    await ok(await second.post(`${PAGES}/publications/${(held.publication as Row).id}/approve`, {}))
    expect(await (await app.request('/evidence')).text()).toContain('A claim a second admin must see')
    expect(await ok(await editor.get(`${PAGES}/${evidence.id}`))).toMatchObject({ slug: 'evidence' })

    const [revision] = (await ok(await editor.get(`${PAGES}/${evidence.id}/revisions`))) as unknown as Row[]
    const diff = await ok(await editor.get(`${PAGES}/${evidence.id}/revisions/${revision?.id}/diff`))
    const [change] = diff.blocks as Row[]
    expect(change).toMatchObject({ change: 'changed', id: 'evidence', type: 'evidence' })
    expect(String(change?.before).startsWith(`${oldClaim} — `)).toBe(true)
    expect(String(change?.after).startsWith('A claim a second admin must see — ')).toBe(true)
    expect(String(change?.after)).not.toContain('fca-investigation')
    await setApproval(false)
  })

  it('shows what changed since a revision', async () => {
    await setApproval(false)
    const page = await draft('Diff page', { widgets: [heading('a', 'Old heading'), heading('b', 'Kept')] })
    await ok(
      await editor.put(`${PAGES}/${page.id}`, {
        title: 'Diff page v2',
        content: { widgets: [heading('a', 'New heading'), heading('b', 'Kept'), heading('c', 'Added')] },
      }),
    )
    const [revision] = (await ok(await editor.get(`${PAGES}/${page.id}/revisions`))) as unknown as Row[]
    const diff = await ok(await editor.get(`${PAGES}/${page.id}/revisions/${revision?.id}/diff`))
    expect(diff.fields).toEqual([
      { field: 'title', label: 'Title', before: 'Diff page', after: 'Diff page v2' },
    ])
    expect(diff.blocks).toEqual([
      { change: 'changed', id: 'a', type: 'heading', before: 'Old heading', after: 'New heading' },
      { change: 'added', id: 'c', type: 'heading', before: null, after: 'Added' },
    ])
    await expectError(
      await editor.get(`${PAGES}/${page.id}/revisions/999999/diff`),
      404,
      'Revision not found',
    )
  })
})
