import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaItem } from '../../core/schemas/media.ts'
import { json } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const MEDIA = '/api/admin/media'

/** An image is in use while anything may still put it on a live page, not only while a page shows it. */
describe(`an image kept by a saved section, a stopped experiment or a page revision, on ${testDialect}`, () => {
  let app: TestApp
  let editor: AdminClient
  let colour = 0
  const db = () => app.database.db

  beforeAll(async () => {
    app = await startTestApp()
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  async function uploaded(): Promise<MediaItem> {
    const background = `#${(0x204060 + ++colour * 0x010305).toString(16).padStart(6, '0')}`
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .png()
      .toBuffer()
    const body = new FormData()
    body.append('image', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'kept.png')
    const response = await app.request(MEDIA, { method: 'POST', body, headers: { cookie: editor.cookie } })
    return (await ok(response, 201)) as unknown as MediaItem
  }
  const imageSection = (url: string) => ({
    styles: {},
    widgets: [{ id: 'w1', type: 'image', content: { src: url, alt: 'Kept' }, styles: {} }],
  })
  const unusedIds = async () =>
    ((await ok(await editor.get(`${MEDIA}?unused=1`))) as unknown as MediaItem[]).map((m) => m.id)
  const itemOf = async (id: number) =>
    ((await ok(await editor.get(MEDIA))) as unknown as MediaItem[]).find((m) => m.id === id)

  it('keeps an image a saved section shows', async () => {
    const image = await uploaded()
    await ok(
      await editor.post('/api/admin/saved-sections', { name: 'Hero', section: imageSection(image.url) }),
      201,
    )
    expect(await unusedIds()).not.toContain(image.id)
    expect((await itemOf(image.id))?.keptIn).toEqual(["the saved section 'Hero'"])
    await expectError(await editor.del(`${MEDIA}/${image.id}`), 409, /the saved section 'Hero'/)
    expect(await ok(await editor.post(`${MEDIA}/cleanup`, {}))).toMatchObject({ deleted: 0 })
    expect(await itemOf(image.id)).toBeDefined()
  })

  it('keeps an image a stopped experiment may still promote', async () => {
    const image = await uploaded()
    const page = (await ok(
      await editor.post('/api/admin/pages', {
        title: 'Stopped test',
        slug: 'media-stopped',
        content: '<p>Plain</p>',
        isPublished: true,
      }),
      201,
    )) as { id: number }
    await db()
      .insertInto('experiment')
      .values({
        name: 'Banner test',
        path: '/media-stopped',
        goal: 'lead',
        status: 'stopped',
        variants: json([
          { name: 'A', weight: 1 },
          { name: 'B', weight: 1, content: `<p>With</p><img src="${image.url}" alt="">` },
        ]),
      })
      .execute()
    expect(page.id).toBeGreaterThan(0)
    expect(await unusedIds()).not.toContain(image.id)
    await expectError(await editor.del(`${MEDIA}/${image.id}`), 409, /Banner test/)
  })

  it('keeps an image a page revision would put back, so a restore shows it', async () => {
    const image = await uploaded()
    const page = (await ok(
      await editor.post('/api/admin/pages', {
        title: 'Revised',
        slug: 'media-revised',
        content: `<p>Before</p><img src="${image.url}" alt="Kept">`,
        isPublished: true,
      }),
      201,
    )) as { id: number }
    // The image leaves the page; the revision of what it was still holds it.
    await ok(await editor.put(`/api/admin/pages/${page.id}`, { content: '<p>After</p>' }))
    expect((await itemOf(image.id))?.usedIn).toEqual([])
    expect(await unusedIds()).not.toContain(image.id)
    await expectError(
      await editor.del(`${MEDIA}/${image.id}`),
      409,
      /a revision of 'Revised' \(\/media-revised\)/,
    )
    await ok(await editor.post(`${MEDIA}/cleanup`, {}))
    const [revision] = (await ok(await editor.get(`/api/admin/pages/${page.id}/revisions`))) as unknown as {
      id: number
    }[]
    await ok(await editor.post(`/api/admin/pages/${page.id}/revisions/${revision?.id}/restore`, {}))
    const html = await (await app.request('/media-revised')).text()
    expect(html).toContain(image.url)
    expect((await app.request(image.url)).status).toBe(200)
  })
})
