import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok, type Row } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

describe(`page revisions on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('keeps the previous version on each save, with who and when, and restores one', async () => {
    const page = await ok(
      await admin.post('/api/admin/pages', {
        title: 'Spring offer',
        slug: 'spring-offer',
        content: { widgets: [{ id: 'w1', type: 'heading', content: { text: 'First', level: 2 } }] },
        isPublished: true,
      }),
      201,
    )
    const revisions = () => admin.get(`/api/admin/pages/${page.id}/revisions`)
    expect(await ok(await revisions())).toEqual([])

    await ok(
      await admin.put(`/api/admin/pages/${page.id}`, { title: 'Spring offer v2', content: '<p>Second</p>' }),
    )
    // A publish toggle alone is not a new version.
    await ok(await admin.put(`/api/admin/pages/${page.id}`, { isPublished: false }))
    await ok(await admin.put(`/api/admin/pages/${page.id}`, { title: 'Spring offer v3' }))

    const list = (await ok(await revisions())) as unknown as Row[]
    expect(list.map((r) => r.title)).toEqual(['Spring offer v2', 'Spring offer'])
    expect(list.every((r) => r.actorEmail === admin.email && typeof r.createdAt === 'string')).toBe(true)

    const first = await ok(await admin.get(`/api/admin/pages/${page.id}/revisions/${list[1]?.id}`))
    expect(first.content).toEqual({
      widgets: [{ id: 'w1', type: 'heading', content: { text: 'First', level: 2 } }],
    })

    const restored = await ok(
      await admin.post(`/api/admin/pages/${page.id}/revisions/${list[1]?.id}/restore`, {}),
    )
    expect(restored).toMatchObject({ title: 'Spring offer', isPublished: false })
    expect(restored.content).toEqual(first.content)
    // The version it replaced is kept in its turn.
    const after = (await ok(await revisions())) as unknown as Row[]
    expect(after.map((r) => r.title)).toEqual(['Spring offer v3', 'Spring offer v2', 'Spring offer'])

    const missing = 'Revision not found'
    await expectError(await admin.get(`/api/admin/pages/${page.id}/revisions/999999`), 404, missing)
    await expectError(
      await admin.post(`/api/admin/pages/${page.id}/revisions/999999/restore`, {}),
      404,
      missing,
    )
    // A revision id that is no id names no revision of the page, found first.
    await expectError(await admin.get(`/api/admin/pages/${page.id}/revisions/abc`), 404, missing)
    await expectError(await admin.post(`/api/admin/pages/${page.id}/revisions/abc/restore`, {}), 404, missing)
    await expectError(await admin.get('/api/admin/pages/999999/revisions/abc'), 404, 'Page not found')
  })

  it('keeps a system page on its slug when restoring', async () => {
    const pages = (await ok(await admin.get('/api/admin/pages'))) as unknown as Row[]
    const home = pages.find((p) => p.slug === 'home') as Row
    await ok(await admin.put(`/api/admin/pages/${home.id}`, { title: 'Home changed' }))
    const [revision] = (await ok(
      await admin.get(`/api/admin/pages/${home.id}/revisions`),
    )) as unknown as Row[]
    const restored = await ok(
      await admin.post(`/api/admin/pages/${home.id}/revisions/${revision?.id}/restore`, {}),
    )
    expect(restored.slug).toBe('home')
  })
})
