import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientKey, parseConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { expectError, ok } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

/** A request through node:http, which lets the test set any method, Host header or raw body. */
function raw(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
) {
  const { hostname, port } = new URL(baseUrl)
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          hostname,
          port,
          path: options.path,
          method: options.method ?? 'GET',
          headers: options.headers,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (c: Buffer) => chunks.push(c))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          )
        },
      )
      request.on('error', reject)
      if (options.body !== undefined) request.write(options.body)
      request.end()
    },
  )
}

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

describe(`hostile requests on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  type Case = {
    name: string
    method?: string
    path: string
    headers?: Record<string, string>
    body?: Buffer | string
    status: number
    json?: boolean
  }
  const json = { 'content-type': 'application/json' }
  const cases = (): Case[] => {
    const signedIn = { cookie: admin.cookie, ...json }
    return [
      {
        name: 'bad percent-encoding in an id',
        path: '/api/admin/pages/%ff',
        headers: signedIn,
        status: 400,
        json: true,
      },
      { name: 'bad percent-encoding in a slug', path: '/api/pages/%E0%A4%A', status: 400, json: true },
      { name: 'a lone % at the root', path: '/%', status: 404 },
      { name: 'a lone % under /api', path: '/api/%', status: 400, json: true },
      { name: 'a lone % under /admin', path: '/admin/%', status: 404 },
      { name: 'a lone % in a slug', path: '/offer%', status: 404 },
      { name: 'bad encoding in a page address', path: '/%ff%fe', status: 404 },
      ...(['gzip', 'deflate', 'br'] as const).map((coding) => ({
        name: `an invalid ${coding} body`,
        method: 'POST',
        path: '/api/admin/pages',
        headers: { ...signedIn, 'content-encoding': coding },
        body: 'this is not compressed',
        status: 400,
        json: true,
      })),
      {
        name: 'an unknown content coding',
        method: 'POST',
        path: '/api/admin/pages',
        headers: { ...signedIn, 'content-encoding': 'zstd-ish' },
        body: '{}',
        status: 400,
        json: true,
      },
      {
        name: 'a gzip bomb beyond the body limit',
        method: 'POST',
        path: '/api/leads',
        headers: { ...json, 'content-encoding': 'gzip' },
        body: zlib.gzipSync(Buffer.alloc(5_000_000, 32)),
        status: 400,
        json: true,
      },
      {
        name: 'page content nested 5,000 levels deep',
        method: 'POST',
        path: '/api/admin/pages',
        headers: signedIn,
        body: `{"title":"Deep","slug":"deep","content":${nested(5000)}}`,
        status: 400,
        json: true,
      },
      {
        name: 'page content nested 50 levels deep',
        method: 'POST',
        path: '/api/admin/pages',
        headers: signedIn,
        body: `{"title":"Deep","slug":"deep-50","content":${nested(50)}}`,
        status: 400,
        json: true,
      },
      {
        name: 'a setting nested deeply',
        method: 'POST',
        path: '/api/admin/settings',
        headers: signedIn,
        body: `{"key":"x","value":${nested(5000)}}`,
        status: 400,
        json: true,
      },
      {
        name: 'POST /?index with JSON',
        method: 'POST',
        path: '/?index',
        headers: json,
        body: '{"a":1}',
        status: 415,
      },
      {
        name: 'POST /?index with text',
        method: 'POST',
        path: '/?index',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
        status: 415,
      },
      { name: 'POST /?index with no type', method: 'POST', path: '/?index', body: 'x', status: 415 },
      {
        name: 'DELETE /?index',
        method: 'DELETE',
        path: '/?index',
        headers: json,
        body: '{"a":1}',
        status: 405,
      },
      { name: 'PUT on a page', method: 'PUT', path: '/evidence', headers: json, body: '{}', status: 405 },
      { name: 'TRACE /', method: 'TRACE', path: '/', status: 405 },
      { name: 'TRACE /api/leads', method: 'TRACE', path: '/api/leads', status: 405, json: true },
      { name: 'PROPFIND /', method: 'PROPFIND', path: '/', status: 405 },
      { name: 'CONNECT-like method', method: 'MKCOL', path: '/admin', status: 405 },
      { name: 'a NUL in the address', path: '/offer%00', status: 400 },
      {
        name: 'JSON that is not an object',
        method: 'POST',
        path: '/api/leads',
        headers: json,
        body: '[1,2]',
        status: 400,
        json: true,
      },
      {
        name: 'JSON that does not parse',
        method: 'POST',
        path: '/api/consent',
        headers: json,
        body: '{"a":',
        status: 400,
        json: true,
      },
      {
        name: 'a consent body over 2 kB',
        method: 'POST',
        path: '/api/consent',
        headers: json,
        body: JSON.stringify({ pad: 'x'.repeat(5000) }),
        status: 400,
        json: true,
      },
      {
        name: 'a form post to the login with a huge body',
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${'a'.repeat(20_000)}`,
        status: 400,
        json: true,
      },
      {
        name: 'a bad id on a redirect',
        method: 'PUT',
        path: '/api/admin/redirects/1e3',
        headers: signedIn,
        body: '{"isActive":true}',
        status: 404,
        json: true,
      },
      { name: 'a data request for a page that does not exist', path: '/nope.data', status: 404 },
    ]
  }

  it('answers every hostile request with a 4xx (never a 5xx), JSON under /api, and changes nothing', async () => {
    const pagesBefore = await app.database.db.selectFrom('page').select('id').execute()
    for (const c of cases()) {
      const response = await raw(app.baseUrl, c).catch((error: Error) => {
        throw new Error(`${c.name}: ${error.message}`)
      })
      expect(response.status, `${c.name}: ${response.body.slice(0, 200)}`).toBe(c.status)
      if (c.json) {
        expect(response.headers['content-type'], c.name).toMatch(/^application\/json/)
        expect(Object.keys(JSON.parse(response.body)), c.name).toEqual(['message'])
      }
    }
    const pagesAfter = await app.database.db.selectFrom('page').select('id').execute()
    expect(pagesAfter).toEqual(pagesBefore)
  })

  it('cuts off a request whose body never arrives', async () => {
    // Node's own requestTimeout is 20 s; the server must not wait minutes. Only the configuration
    // is asserted here (no timing): the values come from applyServerTimeouts.
    const server = await import('../../server/platform/index.ts')
    const fake = {} as http.Server
    server.applyServerTimeouts(fake)
    expect(fake.headersTimeout).toBeLessThanOrEqual(10_000)
    expect(fake.requestTimeout).toBeLessThanOrEqual(30_000)
    expect(fake.requestTimeout).toBeGreaterThan(0)
  })
})

describe(`headers and stored content on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    admin = await createSignedInAdmin(app, { role: 'admin' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('sends a Permissions-Policy on every response, and no-store on admin, sign-in, reset and setup', async () => {
    for (const path of ['/', '/evidence', '/robots.txt', '/api/pages/home', '/healthz', '/nope']) {
      const response = await app.request(path)
      expect(response.headers.get('permissions-policy'), path).toMatch(/camera=\(\)/)
      expect(response.headers.get('permissions-policy'), path).toMatch(/geolocation=\(\)/)
    }
    for (const path of ['/api/login', '/forgot-password', '/reset-password?token=x', '/setup', '/admin']) {
      const response = await app.request(path)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
    }
    const api = await admin.get('/api/admin/pages')
    expect(api.headers.get('cache-control')).toBe('no-store')
  })

  it('stores and returns JSON page content byte for byte (keys keep their case)', async () => {
    const content = { my_key: 1, snake_case_key: { inner_key: 'v' }, widgets: [{ widget_type: 'x' }] }
    const page = await ok(
      await admin.post('/api/admin/pages', { title: 'Keys', slug: 'keys-kept', content, isPublished: true }),
      201,
    )
    expect(page.content).toEqual(content)
    const loaded = await ok(await admin.get(`/api/admin/pages/${page.id}`))
    expect(JSON.stringify(loaded.content)).toBe(JSON.stringify(content))
  })

  it('GET /api/pages/{slug} returns the sanitised content the public page renders', async () => {
    await ok(
      await admin.post('/api/admin/pages', {
        title: 'Hostile',
        slug: 'hostile-api',
        content: '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(2)>',
        isPublished: true,
      }),
      201,
    )
    const page = await ok(await app.request('/api/pages/hostile-api'))
    expect(page.content).not.toMatch(/<script|onerror/i)
    expect(page.content).toContain('<p>Hi</p>')
    const html = await (await app.request('/hostile-api')).text()
    expect(html).toContain(page.content as string)
  })

  it('serves a CMS page at one address, sending other spellings there', async () => {
    await ok(
      await admin.post('/api/admin/pages', {
        title: 'Offer',
        slug: 'offer',
        content: '<p>Deal</p>',
        isPublished: true,
      }),
      201,
    )
    const lower = await app.request('/offer')
    expect(lower.status).toBe(200)
    expect(await lower.text()).toContain('<p>Deal</p>')
    // Other spellings go to the one address (ADR 0025): nothing renders or is cached for them.
    const upper = await app.request('/Offer?utm_source=ad')
    expect(upper.status).toBe(301)
    expect(upper.headers.get('location')).toBe('/offer?utm_source=ad')
  })
})

describe(`editors, sign-in pages and links on ${testDialect}`, () => {
  let app: TestApp
  let editor: AdminClient

  beforeAll(async () => {
    app = await startTestApp()
    editor = await createSignedInAdmin(app, { role: 'editor' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('refuses the activity log to an editor', async () => {
    await expectError(await editor.get('/api/admin/activity'), 403)
    const me = await ok(await editor.get('/api/auth/user'))
    expect(me.permissions).not.toContain('activity')
  })

  it('records a failed sign-in with an unknown e-mail without the address', async () => {
    const response = await app.postJson('/api/login', {
      email: 'nobody-here@example.test',
      password: 'wrong-pass',
    })
    expect(response.status).toBe(401)
    const rows = await app.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'auth.sign_in_failed')
      .execute()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(JSON.stringify(row)).not.toContain('nobody-here')
  })

  it('shows only known messages on sign-in pages, whatever ?error= says', async () => {
    const hostile = encodeURIComponent('<b>Your account is locked, call 0900 000</b>')
    for (const path of ['/api/login', '/forgot-password', '/reset-password?token=x']) {
      const joiner = path.includes('?') ? '&' : '?'
      const html = await (await app.request(`${path}${joiner}error=${hostile}`)).text()
      expect(html, path).not.toContain('account is locked')
      const known = await (await app.request(`${path}${joiner}error=credentials`)).text()
      expect(known, path).toContain('Invalid email or password')
    }
  })
})

describe(`reset links and client addresses on ${testDialect}`, () => {
  it('builds reset links from PUBLIC_URL, never from the Host header', async () => {
    for (const publicUrl of ['https://claims.example', undefined]) {
      const app = await startTestApp({ publicUrl, linkOrigin: publicUrl ?? 'http://localhost:5000' })
      try {
        const admin = await createSignedInAdmin(app, { role: 'admin' })
        const sent: string[] = []
        app.services.mailer.send = async (mail) => {
          sent.push(mail.text)
        }
        const response = await raw(app.baseUrl, {
          method: 'POST',
          path: '/api/auth/forgot-password',
          headers: { 'content-type': 'application/json', host: 'attacker.example' },
          body: JSON.stringify({ email: admin.email }),
        })
        expect(response.status).toBe(200)
        await app.services.background.idle()
        expect(sent).toHaveLength(1)
        expect(sent[0]).not.toContain('attacker.example')
        expect(sent[0]).toContain(`${publicUrl ?? 'http://localhost:5000'}/reset-password?token=`)
      } finally {
        await app.close()
      }
    }
  })

  it('answers forgot-password for known and unknown e-mails alike, before any lookup', async () => {
    const app = await startTestApp()
    try {
      const admin = await createSignedInAdmin(app, { role: 'admin' })
      const answers = []
      for (const email of [admin.email, 'nobody@example.test']) {
        const response = await app.postJson('/api/auth/forgot-password', { email })
        answers.push({ status: response.status, body: await response.text() })
      }
      expect(answers[0]).toEqual(answers[1])
      await app.services.background.idle()
    } finally {
      await app.close()
    }
  })

  it('ignores a forged X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const rateLimits = { ...parseConfig({}).rateLimits, enabled: true, login: { limit: 2, windowMs: 60_000 } }
    const app = await startTestApp({ rateLimits })
    const behindProxy = await startTestApp({ rateLimits, trustProxy: 'loopback' })
    try {
      const attempt = (ip: string) =>
        raw(app.baseUrl, {
          method: 'POST',
          path: '/api/login',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ email: 'x@example.test', password: 'nope-nope' }),
        })
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await attempt(`203.0.113.${i + 1}`)).status)
      // A new forged address per attempt changes nothing: the peer (127.0.0.1) is limited.
      expect(statuses).toEqual([401, 401, 429, 429])

      // Behind a trusted proxy on loopback, the address it forwards is the client.
      const viaProxy = []
      for (let i = 0; i < 4; i++) {
        const response = await raw(behindProxy.baseUrl, {
          method: 'POST',
          path: '/api/login',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
          body: JSON.stringify({ email: 'x@example.test', password: 'nope-nope' }),
        })
        viaProxy.push(response.status)
      }
      expect(viaProxy).toEqual([401, 401, 401, 401])
    } finally {
      await app.close()
      await behindProxy.close()
    }
  })

  it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:2:ffff::1')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7')
    expect(clientKey(undefined)).toBe('unknown')
  })
})
