import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signPreview } from '../../server/site/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { insertPage } from '../support/factories.ts'
import { created, expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const SECRET = 'test-session-secret-0123456789'
const PAGES = '/api/admin/pages'
const EXPERIMENTS = '/api/admin/experiments'

const section = (...widgets: unknown[]) => ({ sections: [{ id: 's1', styles: {}, widgets }] })
const heading = (text: string) => ({ id: 'h1', type: 'heading', content: { text, level: 2 }, styles: {} })
const form = { id: 'f1', type: 'form', content: { title: 'Check your claim' }, styles: {} }

describe(`preview links on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let draftId: number

  const expectPreviewHeaders = (response: Response) => {
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(response.headers.get('etag')).toBeNull()
  }

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    const draft = await created(
      await admin.post(PAGES, {
        title: 'Spring offer',
        slug: 'spring-offer',
        content: section(heading('Draft headline')),
        isPublished: false,
      }),
    )
    draftId = draft.id as number
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows a draft, not a 404, to whoever holds the link: noindex, no-store, with the preview bar', async () => {
    expect((await app.request('/spring-offer')).status).toBe(404)
    const link = await created(await admin.post(`${PAGES}/${draftId}/preview-links`, {}))
    expect(link.path).toMatch(/^\/preview\/[0-9a-f]+-[0-9a-f]{64}$/)
    expect(Date.parse(link.expiresAt as string) - Date.now()).toBeGreaterThan(23 * 3_600_000)
    // No session: the signed link is the permission.
    const response = await app.request(link.path as string)
    expect(response.status).toBe(200)
    expectPreviewHeaders(response)
    const html = await response.text()
    expect(html).toContain('Draft headline')
    expect(html).toContain('Preview – not published')
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/)
  })

  it('is never served from or kept in the page cache: each request reads the page as saved now', async () => {
    const link = await created(await admin.post(`${PAGES}/${draftId}/preview-links`, {}))
    const cache = vi.spyOn(app.services.metrics, 'pageCache')
    expect(await (await app.request(link.path as string)).text()).toContain('Draft headline')
    // Neither the hit path nor the miss path looked at the cache for it.
    expect(cache).not.toHaveBeenCalled()
    cache.mockRestore()
    // Written behind the site's back: a cached render of the first request would still say the old words.
    await app.database.db
      .updateTable('page')
      .set({ content: JSON.stringify(section(heading('Rewritten headline'))) })
      .where('id', '=', draftId)
      .execute()
    const again = await app.request(link.path as string)
    expectPreviewHeaders(again)
    const html = await again.text()
    expect(html).toContain('Rewritten headline')
    expect(html).not.toContain('Draft headline')
    await ok(await admin.put(`${PAGES}/${draftId}`, { content: section(heading('Draft headline')) }))
  })

  it('previews an earlier revision by its id, and refuses a revision of another page', async () => {
    await ok(await admin.put(`${PAGES}/${draftId}`, { content: section(heading('Second draft')) }))
    const revisions = (await (await admin.get(`${PAGES}/${draftId}/revisions`)).json()) as { id: number }[]
    const first = revisions.at(-1)?.id
    const link = await created(await admin.post(`${PAGES}/${draftId}/preview-links`, { revisionId: first }))
    const html = await (await app.request(link.path as string)).text()
    expect(html).toContain('Revision of')
    expect(html).not.toContain('Second draft')
    const other = await insertPage(app.database.db, { slug: 'other-page', title: 'Other' })
    await expectError(await admin.post(`${PAGES}/${other.id}/preview-links`, { revisionId: first }), 404)
    await expectError(await admin.post(`${PAGES}/${draftId}/preview-links`, { revisionId: 'x' }), 400)
    await expectError(await admin.post(`${PAGES}/999999/preview-links`, {}), 404, 'Page not found')
    // A system page has a layout of its own: it is seen at its address, never through a preview.
    const home = await app.database.db
      .selectFrom('page')
      .select('id')
      .where('slug', '=', 'home')
      .executeTakeFirstOrThrow()
    await expectError(await admin.post(`${PAGES}/${home.id}/preview-links`, {}), 400, /own layout/)
  })

  it('refuses an expired or tampered link with a readable page, noindex and no-store', async () => {
    const expired = signPreview(SECRET, { page: draftId }, new Date(Date.now() - 1000))
    const gone = await app.request(`/preview/${expired}`)
    expect(gone.status).toBe(410)
    expectPreviewHeaders(gone)
    expect(await gone.text()).toContain('This preview link has expired')

    const good = signPreview(SECRET, { page: draftId }, new Date(Date.now() + 60_000))
    const forged = signPreview('another-secret', { page: draftId }, new Date(Date.now() + 60_000))
    const [payload] = good.split('-')
    const otherPage = signPreview(SECRET, { page: draftId + 1 }, new Date(Date.now() + 60_000))
    for (const token of [forged, `${payload}-${otherPage.split('-')[1]}`, 'not-a-token']) {
      const refused = await app.request(`/preview/${token}`)
      expect(refused.status, token).toBe(403)
      expectPreviewHeaders(refused)
      expect(await refused.text()).toContain('This preview link is not valid')
    }
  })

  it('makes links for signed-in staff only: pages for editors, variants for the analytics permission', async () => {
    await expectError(await app.postJson(`${PAGES}/${draftId}/preview-links`, {}), 401)
    await expectError(await app.postJson(`${EXPERIMENTS}/1/variants/B/preview-links`, {}), 401)
    const editor = await createSignedInAdmin(app, { role: 'editor' })
    await created(await editor.post(`${PAGES}/${draftId}/preview-links`, {}))
    await expectError(await editor.post(`${EXPERIMENTS}/1/variants/B/preview-links`, {}), 403)
  })
})

describe(`experiment variants as blocks on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
    await insertPage(app.database.db, {
      slug: 'variant-guide',
      title: 'Guide',
      content: section(heading('Guide with a form'), form),
      isPublished: true,
    })
    await app.services.site.changed()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('saves a variant as builder blocks, previews it, and warns on start when a variant cannot convert', async () => {
    const blocks = section(heading('Variant B headline'))
    const experiment = await created(
      await admin.post(EXPERIMENTS, {
        name: 'Headline test',
        path: '/variant-guide',
        goal: 'lead',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, content: blocks },
        ],
      }),
    )
    const saved = await ok(await admin.get(`${EXPERIMENTS}/${experiment.id}`))
    expect((saved.variants as { content?: unknown }[])[1]?.content).toEqual(blocks)
    await expectError(
      await admin.post(EXPERIMENTS, {
        name: 'Too deep',
        path: '/variant-guide',
        goal: 'lead',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, content: 42 },
        ],
      }),
      400,
    )

    const link = await created(
      await admin.post(`${EXPERIMENTS}/${experiment.id}/variants/B/preview-links`, {}),
    )
    const preview = await app.request(link.path as string)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('cache-control')).toBe('no-store')
    const html = await preview.text()
    expect(html).toContain('Variant B headline')
    expect(html).toContain('Variant B of Headline test')
    await expectError(await admin.post(`${EXPERIMENTS}/${experiment.id}/variants/Z/preview-links`, {}), 404)

    const refused = await admin.post(`${EXPERIMENTS}/${experiment.id}/start`, {})
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({
      message: expect.stringMatching(/variant B: it could never convert/),
      unconvertible: ['B'],
    })
    expect((await ok(await admin.get(`${EXPERIMENTS}/${experiment.id}`))).status).toBe('draft')
    expect(
      await ok(await admin.post(`${EXPERIMENTS}/${experiment.id}/start`, { confirm: true })),
    ).toMatchObject({
      status: 'running',
    })
    await ok(await admin.post(`${EXPERIMENTS}/${experiment.id}/stop`, {}))
  })

  it('starts without asking when every variant holds the questionnaire and lead form', async () => {
    const experiment = await created(
      await admin.post(EXPERIMENTS, {
        name: 'With forms',
        path: '/variant-guide',
        goal: 'lead',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, content: section(heading('Other words'), form) },
        ],
      }),
    )
    expect(await ok(await admin.post(`${EXPERIMENTS}/${experiment.id}/start`, {}))).toMatchObject({
      status: 'running',
    })
    await ok(await admin.post(`${EXPERIMENTS}/${experiment.id}/stop`, {}))
  })

  it('keeps a variant typed as HTML before the builder working, and refuses previews of home variants', async () => {
    const experiment = await created(
      await admin.post(EXPERIMENTS, {
        name: 'Old HTML variant',
        path: '/variant-guide',
        goal: 'lead',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, content: '<p>Old HTML body</p>' },
        ],
      }),
    )
    const link = await created(
      await admin.post(`${EXPERIMENTS}/${experiment.id}/variants/B/preview-links`, {}),
    )
    expect(await (await app.request(link.path as string)).text()).toContain('Old HTML body')
    const home = await created(
      await admin.post(EXPERIMENTS, {
        name: 'Home',
        path: '/',
        goal: 'lead',
        variants: [
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, title: 'Other title' },
        ],
      }),
    )
    await expectError(await admin.post(`${EXPERIMENTS}/${home.id}/variants/B/preview-links`, {}), 400)
  })
})
