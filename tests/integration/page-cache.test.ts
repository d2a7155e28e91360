import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { created, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const PUBLIC_URL = 'https://claims.example'
const SHARED_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60'

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A request with exactly these headers, the body as sent (fetch would add and decode encodings). */
function raw(app: TestApp, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const { hostname, port } = new URL(app.baseUrl)
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

describe(`public page cache on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: PUBLIC_URL })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    await created(
      await admin.post('/api/admin/pages', {
        title: 'Cached guide',
        slug: 'cached-guide',
        content: '<p>Cached guide body</p>',
        isPublished: true,
      }),
    )
  })
  afterAll(async () => {
    await app?.close()
  })

  it('answers the same page as brotli, gzip or plain bytes, each with its strong ETag', async () => {
    const plain = await raw(app, '/cached-guide')
    const br = await raw(app, '/cached-guide', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    const gz = await raw(app, '/cached-guide', { 'accept-encoding': 'gzip, deflate' })
    expect([plain.status, br.status, gz.status]).toEqual([200, 200, 200])
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers['content-encoding']).toBe('br')
    expect(gz.headers['content-encoding']).toBe('gzip')
    const html = plain.body.toString('utf8')
    expect(html).toContain('Cached guide body')
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(html)
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(html)
    expect(br.body.length).toBeLessThan(gz.body.length)
    expect(gz.body.length).toBeLessThan(plain.body.length / 2)
    for (const r of [plain, br, gz]) {
      expect(r.headers.etag).toMatch(/^"[\w-]+"$/)
      expect(Number(r.headers['content-length'])).toBe(r.body.length)
      expect(r.headers.vary).toBe('Accept-Encoding')
    }
    expect(new Set([plain, br, gz].map((r) => r.headers.etag)).size).toBe(3)
  })

  it('answers 304 to a copy that is current, and 200 with a new ETag once the page changed', async () => {
    const first = await raw(app, '/cached-guide', { 'accept-encoding': 'br' })
    const etag = first.headers.etag as string
    const again = await raw(app, '/cached-guide', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)

    const pages = (await (await admin.get('/api/admin/pages')).json()) as { id: number; slug: string }[]
    const page = pages.find((p) => p.slug === 'cached-guide')
    await ok(await admin.put(`/api/admin/pages/${page?.id}`, { content: '<p>Changed guide body</p>' }))
    const changed = await raw(app, '/cached-guide', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(zlib.brotliDecompressSync(changed.body).toString('utf8')).toContain('Changed guide body')
  })

  it('serves one copy whatever tracking parameters the address carries', async () => {
    const bare = await raw(app, '/', { 'accept-encoding': 'br' })
    for (const query of [
      '?utm_source=google&utm_medium=cpc&gclid=abc',
      '?fbclid=xyz',
      '?msclkid=1&utm_campaign=x',
    ]) {
      const tagged = await raw(app, `/${query}`, { 'accept-encoding': 'br' })
      expect(tagged.status).toBe(200)
      expect(tagged.headers.etag).toBe(bare.headers.etag)
      expect(tagged.body.equals(bare.body)).toBe(true)
    }
  })

  it('lets shared caches keep public pages briefly; never admin screens or a not-found page', async () => {
    for (const path of ['/', '/privacy-policy', '/cached-guide']) {
      expect((await raw(app, path)).headers['cache-control'], path).toBe(SHARED_CACHE)
    }
    for (const path of ['/admin', '/api/login', '/forgot-password']) {
      expect((await raw(app, path)).headers['cache-control'], path).toBe('no-store')
    }
    const missing = await raw(app, '/no-such-page')
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control'] ?? '').not.toContain('public')
    expect(missing.headers.etag).toBeUndefined()
  })

  it('answers HEAD with the headers of the page and no body', async () => {
    const get = await raw(app, '/evidence', { 'accept-encoding': 'br' })
    const head = await raw(app, '/evidence', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers.etag).toBe(get.headers.etag)
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
  })

  it('still sends www to the bare host and the security headers with a cached page', async () => {
    const cached = await raw(app, '/evidence', { host: 'claims.example' })
    expect(cached.status).toBe(200)
    expect(cached.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(cached.headers['x-content-type-options']).toBe('nosniff')
    expect(cached.headers['strict-transport-security']).toMatch(/max-age=31536000/)
    expect(cached.headers['permissions-policy']).toContain('camera=()')
    const www = await raw(app, '/evidence?utm_source=x', { host: 'www.claims.example' })
    expect(www.status).toBe(301)
    expect(www.headers.location).toBe('http://claims.example/evidence?utm_source=x')
  })

  it('puts a new redirect of a cached page in force on the next request', async () => {
    expect((await raw(app, '/cached-guide')).status).toBe(200)
    await created(
      await admin.post('/api/admin/redirects', {
        name: 'Guide moved',
        fromUrl: '/cached-guide',
        toUrl: '/evidence',
        statusCode: 302,
      }),
    )
    const moved = await raw(app, '/cached-guide?gclid=1')
    expect(moved.status).toBe(302)
    expect(moved.headers.location).toBe('/evidence?gclid=1')
  })
})
