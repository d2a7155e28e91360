import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningNginx, startNginx } from '../../scripts/nginx.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

/** The build's manifest version (it names the manifest file the sign-in page loads). */
async function manifestVersion(app: TestApp): Promise<string> {
  const html = await (await app.request('/api/login')).text()
  const version = /\/assets\/manifest-([\w-]+)\.js/.exec(html)?.[1]
  if (!version) throw new Error('no manifest version in the rendered page')
  return version
}

const manifestUrl = (version: string, ...paths: string[]) =>
  `/__manifest?paths=${encodeURIComponent(paths.join(','))}&version=${encodeURIComponent(version)}`

/** The page cache's hit and miss counters from the metrics text. */
function pageCacheCounts(app: TestApp): string {
  return app.services.metrics
    .render()
    .split('\n')
    .filter((line) => line.startsWith('page_cache_requests_total{'))
    .join('\n')
}

describe(`React Router's own requests on ${testDialect}`, () => {
  let app: TestApp
  let version = ''

  beforeAll(async () => {
    app = await startTestApp()
    version = await manifestVersion(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('answers /__manifest with the routes its query names, never from or into the page cache', async () => {
    const before = pageCacheCounts(app)
    const admin = await app.request(manifestUrl(version, '/admin', '/admin/account'))
    expect(admin.status).toBe(200)
    expect(admin.headers.get('x-remix-reload-document')).toBeNull()
    expect(admin.headers.get('content-type')).toMatch(/^application\/json/)
    expect(admin.headers.get('etag')).toBeNull()
    const adminRoutes = Object.keys((await admin.json()) as Record<string, unknown>)
    expect(adminRoutes).toEqual(expect.arrayContaining(['routes/admin/layout', 'routes/admin/account']))

    // The same path with another query gets its own answer: the query is not dropped.
    const policy = await app.request(manifestUrl(version, '/privacy-policy'))
    expect(policy.status).toBe(200)
    const policyRoutes = Object.keys((await policy.json()) as Record<string, unknown>)
    expect(policyRoutes).toContain('routes/public/privacy-policy')
    expect(policyRoutes).not.toContain('routes/admin/account')

    // And the first again, now that a public page cache entry could exist for the path.
    const again = await app.request(manifestUrl(version, '/admin/pages/edit/1'))
    expect(Object.keys((await again.json()) as Record<string, unknown>)).toContain('routes/admin/page-edit')
    expect(pageCacheCounts(app)).toBe(before)
  })

  it('asks for a document reload only when the version really differs', async () => {
    const stale = await app.request(manifestUrl('not-this-build', '/admin'))
    expect(stale.status).toBe(204)
    expect(stale.headers.get('x-remix-reload-document')).toBe('true')
  })

  it('answers a data request from React Router, not from the page cache', async () => {
    const before = pageCacheCounts(app)
    const data = await app.request('/privacy-policy.data')
    expect(data.status).toBe(200)
    expect(data.headers.get('content-type')).toMatch(/text\/x-script/)
    expect(pageCacheCounts(app)).toBe(before)
  })
})

describe.skipIf(!fs.existsSync('/usr/sbin/nginx'))(`/__manifest through nginx on ${testDialect}`, () => {
  let app: TestApp
  let nginx: RunningNginx
  let work = ''
  let version = ''

  beforeAll(async () => {
    app = await startTestApp()
    version = await manifestVersion(app)
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-manifest-'))
    nginx = await startNginx({
      port: await freePort(),
      upstreams: [Number(new URL(app.baseUrl).port)],
      workDir: work,
    })
  })
  afterAll(async () => {
    await nginx?.stop()
    await app?.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('never answers one manifest query with another one kept in the shared cache', async () => {
    const get = async (...paths: string[]) => {
      const response = await fetch(`${nginx.url}${manifestUrl(version, ...paths)}`)
      expect(response.status).toBe(200)
      return Object.keys((await response.json()) as Record<string, unknown>)
    }
    expect(await get('/admin/account')).toContain('routes/admin/account')
    const policy = await get('/privacy-policy')
    expect(policy).toContain('routes/public/privacy-policy')
    expect(policy).not.toContain('routes/admin/account')
  })
})

async function freePort(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}
