import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaItem } from '../../core/schemas/media.ts'
import { createBuyerAccount } from '../../server/identity/index.ts'
import { json } from '../../server/platform/index.ts'
import {
  type AdminClient,
  createSignedInAdmin,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
} from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { insertBuyer } from '../support/sales.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const MEDIA = '/api/admin/media'

/** A PNG of one colour; each colour is another file (another hash). */
function png(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}

function form(bytes: Uint8Array, name: string, alt?: string) {
  const body = new FormData()
  body.append('image', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), name)
  if (alt !== undefined) body.append('alt', alt)
  return body
}

describe(`media library on ${testDialect}`, () => {
  let app: TestApp
  let editor: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  const upload = (bytes: Uint8Array, name: string, alt?: string, cookie: string | null = editor.cookie) =>
    app.request(MEDIA, { method: 'POST', body: form(bytes, name, alt), headers: cookie ? { cookie } : {} })
  const list = async (query = '') =>
    (await ok(await editor.get(`${MEDIA}${query}`))) as unknown as MediaItem[]
  const uploaded = async (bytes: Uint8Array, name: string, alt?: string) =>
    (await ok(await upload(bytes, name, alt), 201)) as unknown as MediaItem
  const createPage = async (slug: string, content: unknown) =>
    (await ok(
      await editor.post('/api/admin/pages', { title: `Page ${slug}`, slug, content, isPublished: true }),
      201,
    )) as { id: number }

  let first: MediaItem

  it('lists an upload with its renditions, srcset, sizes and file name', async () => {
    first = await uploaded(await png(2000, 1000, '#1d4ed8'), 'blue-banner.png', 'A blue banner')
    expect(first).toMatchObject({
      width: 1600,
      height: 800,
      fileName: 'blue-banner.png',
      alt: 'A blue banner',
      sizes: '(max-width: 768px) 100vw, 768px',
      usedIn: [],
      usedInSettings: [],
    })
    expect(first.url).toMatch(/^\/uploads\/[0-9a-f]{16}-1600\.webp$/)
    expect(first.renditions.map((r) => [r.width, r.height])).toEqual([
      [480, 240],
      [960, 480],
      [1600, 800],
    ])
    expect(first.srcset).toBe(first.renditions.map((r) => `${r.url} ${r.width}w`).join(', '))
    expect(first.bytes).toBe(first.renditions.reduce((sum, r) => sum + r.bytes, 0))
    for (const r of first.renditions) {
      const response = await app.request(r.url)
      expect(response.status).toBe(200)
      expect((await response.arrayBuffer()).byteLength).toBe(r.bytes)
    }
    const items = await list()
    expect(items.find((m) => m.id === first.id)).toEqual(first)
  })

  it('answers the same file uploaded twice with the one item already there', async () => {
    const bytes = await png(2000, 1000, '#1d4ed8')
    const again = (await ok(await upload(bytes, 'copy.png', 'Other words'))) as unknown as MediaItem
    expect(again.id).toBe(first.id)
    expect(again.fileName).toBe('blue-banner.png')
    expect((await list()).filter((m) => m.url === first.url)).toHaveLength(1)
  })

  it('records what the rich-text upload sends as a library item too', async () => {
    const body = new FormData()
    body.append('image', new Blob([await png(300, 200, '#0f766e')], { type: 'image/png' }), 'teal.png')
    body.append('alt', 'Teal')
    const snippet = await ok(
      await app.request('/api/admin/upload-image', {
        method: 'POST',
        body,
        headers: { cookie: editor.cookie },
      }),
    )
    const item = (await list()).find((m) => m.url === snippet.url)
    expect(item).toMatchObject({ fileName: 'teal.png', alt: 'Teal', width: 300, height: 200 })
  })

  it('edits the alt text, and refuses bad input', async () => {
    const edited = (await ok(
      await editor.put(`${MEDIA}/${first.id}`, { alt: '  A wide blue banner ' }),
    )) as unknown as MediaItem
    expect(edited.alt).toBe('A wide blue banner')
    await expectError(await editor.put(`${MEDIA}/${first.id}`, { alt: 'x'.repeat(501) }), 400, /at most 500/)
    await expectError(await editor.put(`${MEDIA}/${first.id}`, { alt: 5 }), 400, 'Alt text must be text')
    await expectError(await editor.put(`${MEDIA}/${first.id}`, { alt: 'a', url: '/x' }), 400)
    await expectError(await editor.put(`${MEDIA}/999999`, { alt: 'x' }), 404, 'Image not found')
    await expectError(await editor.put(`${MEDIA}/abc`, { alt: 'x' }), 404)
    await expectError(await editor.del(`${MEDIA}/999999`), 404, 'Image not found')
  })

  it('searches file names and alt text', async () => {
    expect((await list('?q=WIDE%20blue')).map((m) => m.id)).toEqual([first.id])
    expect((await list('?q=banner.png')).map((m) => m.id)).toEqual([first.id])
    expect(await list('?q=no-such-image-anywhere')).toEqual([])
    expect(await list('?q=%25')).toEqual([])
    await expectError(await editor.get(`${MEDIA}?unused=maybe`), 400)
  })

  it('refuses a file that is not an image, and a form without one', async () => {
    await expectError(await upload(new TextEncoder().encode('not an image'), 'notes.png'), 400)
    const empty = new FormData()
    empty.append('alt', 'Nothing')
    await expectError(
      await app.request(MEDIA, { method: 'POST', body: empty, headers: { cookie: editor.cookie } }),
      400,
      'Please choose an image to upload',
    )
  })

  describe('usage', () => {
    let widget: MediaItem
    let gallery: MediaItem
    let richText: MediaItem
    let unused: MediaItem
    let pages: { widget: number; gallery: number; html: number }

    beforeAll(async () => {
      widget = await uploaded(await png(1000, 500, '#b91c1c'), 'red.png')
      gallery = await uploaded(await png(1000, 500, '#15803d'), 'green.png')
      richText = await uploaded(await png(1000, 500, '#7e22ce'), 'purple.png')
      unused = await uploaded(await png(640, 480, '#ca8a04'), 'yellow.png')
      const section = (widgets: unknown[]) => ({ sections: [{ id: 's1', styles: {}, widgets }] })
      pages = {
        widget: (
          await createPage(
            'media-widget',
            section([
              {
                id: 'w1',
                type: 'image',
                content: { src: widget.url, alt: 'Red', width: '100%' },
                styles: {},
              },
            ]),
          )
        ).id,
        gallery: (
          await createPage('media-gallery', {
            widgets: [
              {
                id: 'g1',
                type: 'gallery',
                // A smaller rendition counts as a use of the image.
                content: { images: [{ src: gallery.renditions[0]?.url, alt: 'Green' }] },
                styles: {},
              },
            ],
          })
        ).id,
        html: (
          await createPage(
            'media-html',
            `<p>Hello</p><img src="${richText.url}" srcset="${richText.srcset}" width="960" height="480" alt="Purple">`,
          )
        ).id,
      }
    })

    it('names the page of an image widget, a gallery and rich text, in one list', async () => {
      const items = new Map((await list()).map((m) => [m.id, m]))
      expect(items.get(widget.id)?.usedIn).toEqual([
        { pageId: pages.widget, title: 'Page media-widget', slug: 'media-widget' },
      ])
      expect(items.get(gallery.id)?.usedIn).toEqual([
        { pageId: pages.gallery, title: 'Page media-gallery', slug: 'media-gallery' },
      ])
      expect(items.get(richText.id)?.usedIn).toEqual([
        { pageId: pages.html, title: 'Page media-html', slug: 'media-html' },
      ])
      expect(items.get(unused.id)?.usedIn).toEqual([])
      const unusedIds = (await list('?unused=1')).map((m) => m.id)
      expect(unusedIds).toContain(unused.id)
      expect(unusedIds).not.toContain(widget.id)
      expect(unusedIds).not.toContain(gallery.id)
      expect(unusedIds).not.toContain(richText.id)
    })

    it('counts an experiment variant of a page as a use', async () => {
      const variantOnly = await uploaded(await png(500, 500, '#0369a1'), 'variant.png')
      await app.database.db
        .insertInto('experiment')
        .values({
          name: 'Hero test',
          path: '/media-html',
          goal: 'lead',
          variants: json([
            { name: 'A', weight: 1 },
            { name: 'B', weight: 1, content: `<img src="${variantOnly.url}" alt="">` },
          ]),
        })
        .execute()
      const item = (await list()).find((m) => m.id === variantOnly.id)
      expect(item?.usedIn.map((u) => u.slug)).toEqual(['media-html'])
      await expectError(await editor.del(`${MEDIA}/${variantOnly.id}`), 409, /Page media-html/)
    })

    it('refuses to delete an image while a page uses it, then deletes it and its renditions', async () => {
      await expectError(
        await editor.del(`${MEDIA}/${widget.id}`),
        409,
        "The image is used on 'Page media-widget' (/media-widget): remove it there first",
      )
      expect((await app.request(widget.url)).status).toBe(200)
      await ok(await editor.put(`/api/admin/pages/${pages.widget}`, { content: '<p>No image now</p>' }))
      // The revision of what the page was would put the image back: it is gone once that is too.
      await expectError(await editor.del(`${MEDIA}/${widget.id}`), 409, /a revision of 'Page media-widget'/)
      await app.database.db.deleteFrom('pageRevision').where('pageId', '=', pages.widget).execute()
      expect(await ok(await editor.del(`${MEDIA}/${widget.id}`))).toEqual({ message: 'Image deleted' })
      expect((await list()).some((m) => m.id === widget.id)).toBe(false)
      const keys = widget.renditions.map((r) => r.url.slice('/uploads/'.length))
      const left = await app.database.db.selectFrom('upload').select('key').where('key', 'in', keys).execute()
      expect(left).toEqual([])
      // Served (and so held in memory) before the delete: gone now all the same.
      expect((await app.request(widget.url)).status).toBe(404)
      const entry = await app.database.db
        .selectFrom('auditLog')
        .select(['action', 'entityId'])
        .where('action', '=', 'media.delete')
        .executeTakeFirst()
      expect(entry).toEqual({ action: 'media.delete', entityId: String(widget.id) })
    })

    it('cleans up every unused image and answers the count and bytes freed', async () => {
      const before = await list()
      const unusedNow = await list('?unused=1')
      expect(unusedNow.length).toBeGreaterThan(0)
      const result = await ok(await editor.post(`${MEDIA}/cleanup`, {}))
      expect(result).toEqual({
        deleted: unusedNow.length,
        bytes: unusedNow.reduce((sum, m) => sum + m.bytes, 0),
      })
      const after = await list()
      expect(after.map((m) => m.id).sort()).toEqual(
        before
          .filter((m) => !unusedNow.some((u) => u.id === m.id))
          .map((m) => m.id)
          .sort(),
      )
      expect(after.map((m) => m.id)).toEqual(expect.arrayContaining([gallery.id, richText.id]))
      expect(await ok(await editor.post(`${MEDIA}/cleanup`, {}))).toEqual({ deleted: 0, bytes: 0 })
      const audited = await app.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('action', '=', 'media.cleanup')
        .execute()
      expect(audited).toHaveLength(1)
    })

    it('counts a site setting that refers to an image as a use', async () => {
      await app.database.db
        .updateTable('page')
        .set({ content: json('<p>none</p>') })
        .where('id', '=', pages.gallery)
        .execute()
      await app.database.db
        .insertInto('siteSetting')
        .values({ key: 'og_image_test', value: gallery.url })
        .execute()
      const item = (await list()).find((m) => m.id === gallery.id)
      expect(item).toMatchObject({ usedIn: [], usedInSettings: ['og_image_test'] })
      await expectError(await editor.del(`${MEDIA}/${gallery.id}`), 409, /the og_image_test setting/)
    })
  })

  it('gives the site snapshot each image’s width, height and srcset, by its largest URL', async () => {
    const item = await uploaded(await png(1200, 900, '#be185d'), 'snapshot.png')
    const snapshot = await app.services.site.get()
    expect(snapshot.images[item.url]).toEqual({ width: 1200, height: 900, srcset: item.srcset })
    await ok(await editor.post(`${MEDIA}/cleanup`, {}))
    expect((await app.services.site.get()).images[item.url]).toBeUndefined()
  })

  describe('permissions', () => {
    it('lets an admin in, answers 401 signed out and 403 to an account without pages', async () => {
      const admin = await createSignedInAdmin(app, { role: 'admin' })
      await ok(await admin.get(MEDIA))
      await expectError(await app.request(MEDIA), 401)
      await expectError(await upload(await png(10, 10, '#000000'), 'x.png', '', null), 401)
      await expectError(await app.request(`${MEDIA}/cleanup`, { method: 'POST' }), 401)

      const buyer = await insertBuyer(app.database.db)
      const email = uniqueEmail('media-buyer')
      await createBuyerAccount(app.database.db, buyer.id, { email, password: DEFAULT_PASSWORD })
      const cookie = await signIn(app, email, DEFAULT_PASSWORD)
      for (const [method, path] of [
        ['GET', MEDIA],
        ['POST', `${MEDIA}/cleanup`],
        ['PUT', `${MEDIA}/1`],
        ['DELETE', `${MEDIA}/1`],
      ] as const) {
        const response = await app.request(path, {
          method,
          headers: { cookie, 'content-type': 'application/json' },
          body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ alt: 'x' }),
        })
        expect(response.status, `${method} ${path}`).toBe(403)
      }
    })
  })
})
