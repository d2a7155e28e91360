import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Instance, startInstance } from '../../scripts/instances.ts'
import { type RunningNginx, startNginx } from '../../scripts/nginx.ts'
import { seed } from '../../server/compose/index.ts'
import { createAdmin } from '../../server/identity/index.ts'
import type { Database } from '../../server/platform/index.ts'
import { migrateToLatest } from '../../server/platform/index.ts'
import { leadPayload } from '../support/factories.ts'
import { freePort } from '../support/server-process.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'

const ADMIN = { email: 'cluster-admin@example.test', password: 'cluster-password-123' }
let people = 0
/** A person no other lead of this file has: repeated phones or e-mails are duplicates. */
const newLead = (label: string) => {
  people++
  return leadPayload({ email: `${label}-${people}@example.test`, phone: `07${500_000_000 + people}` })
}

async function prepare(): Promise<Database & { url: string }> {
  const database = await createTestDatabase()
  await migrateToLatest(database.db.withoutPlugins(), database.dialect)
  await seed(database.db)
  await createAdmin(database.db, { ...ADMIN, role: 'admin', permissions: null })
  return database
}

const instanceEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: 'cluster-session-secret-0123456789',
  TRUST_PROXY: 'loopback',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'error',
})

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  expect(response.status).toBe(200)
  return (response.headers.getSetCookie()[0] ?? '').split(';')[0] as string
}

/** A request on a connection of its own (fetch would reuse a kept-alive one): 'refused' or its status. */
function freshConnection(port: number): Promise<string> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
        res.resume()
        resolve(String(res.statusCode))
      })
      .on('error', (err: NodeJS.ErrnoException) =>
        resolve(err.code === 'ECONNREFUSED' ? 'refused' : String(err.code)),
      )
  })
}

type Outcome = { what: string; status: number | string }

/** Workers sending pages, leads and (optionally) admin changes until stopped; every answer kept. */
function runLoad(base: string, options: { cookie?: string; workers?: number }) {
  let running = true
  const outcomes: Outcome[] = []
  const leadReferences: string[] = []
  const send = async (what: string, url: string, init?: RequestInit) => {
    try {
      const response = await fetch(`${base}${url}`, { redirect: 'manual', ...init })
      outcomes.push({ what, status: response.status })
      return response
    } catch (err) {
      outcomes.push({ what, status: `${(err as Error).cause ?? err}` })
      return undefined
    }
  }
  const pages = ['/', '/privacy-policy', '/evidence', '/?utm_source=google&gclid=abc', '/cookie-policy']
  const pageWorker = async (n: number) => {
    for (let i = n; running; i++) await (await send('page', pages[i % pages.length] as string))?.arrayBuffer()
  }
  const leadWorker = async () => {
    while (running) {
      const response = await send('lead', '/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(newLead('cluster')),
      })
      if (response?.status === 201)
        leadReferences.push(((await response.json()) as { reference: string }).reference)
    }
  }
  const adminWorker = async (cookie: string) => {
    for (let i = 0; running; i++) {
      const response = await send('admin', '/api/admin/settings', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ key: 'site_keywords', value: `Claim Check ${i}` }),
      })
      await response?.arrayBuffer()
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const workers = options.workers ?? 3
  const all = [
    ...Array.from({ length: workers }, (_, n) => pageWorker(n)),
    leadWorker(),
    leadWorker(),
    ...(options.cookie ? [adminWorker(options.cookie)] : []),
  ]
  return {
    outcomes,
    leadReferences,
    stop: async () => {
      running = false
      await Promise.all(all)
    },
  }
}

function failures(outcomes: Outcome[]) {
  const expected: Record<string, (number | string)[]> = { page: [200], lead: [201], admin: [200] }
  return outcomes.filter((o) => !expected[o.what]?.includes(o.status))
}

describe.skipIf(testDialect !== 'postgres')('two instances behind nginx on one PostgreSQL', () => {
  let database: Database & { url: string }
  const instances: Instance[] = []
  let ports: number[] = []
  let nginx: RunningNginx
  let work = ''

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-cluster-test-'))
    database = await prepare()
    ports = [await freePort(), await freePort()]
    for (const port of ports) instances.push(await startInstance(port, instanceEnv(database.url)))
    nginx = await startNginx({ port: await freePort(), upstreams: ports, workDir: path.join(work, 'nginx') })
  }, 60_000)
  afterAll(async () => {
    await nginx?.stop()
    await Promise.all(instances.map((i) => i.stop()))
    await database?.destroy()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('serves pages, leads and admin changes through nginx with no error, and keeps every lead', async () => {
    const load = runLoad(nginx.url, { cookie: await signIn(nginx.url) })
    await new Promise((r) => setTimeout(r, 4000))
    await load.stop()
    expect(failures(load.outcomes)).toEqual([])
    const kinds = new Set(load.outcomes.map((o) => o.what))
    expect([...kinds].sort()).toEqual(['admin', 'lead', 'page'])
    expect(load.leadReferences.length).toBeGreaterThan(10)
    const stored = await database.db
      .selectFrom('lead')
      .select('id')
      .where('reference', 'in', load.leadReferences)
      .execute()
    expect(stored).toHaveLength(load.leadReferences.length)
    // The shared cache answered some pages itself.
    const cached = await fetch(`${nginx.url}/evidence`)
    expect(cached.headers.get('x-cache-status')).toMatch(/HIT|STALE|UPDATING|REVALIDATED/)
  }, 30_000)

  it('shows an admin change made on one instance on the other within the revision poll', async () => {
    const [a, b] = instances as [Instance, Instance]
    const cookie = await signIn(a.url)
    const page = await fetch(`${a.url}/api/admin/pages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: 'Cluster page',
        slug: 'cluster-page',
        content: '<p>x</p>',
        isPublished: true,
      }),
    })
    expect(page.status).toBe(201)
    const { id } = (await page.json()) as { id: number }
    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ] as const) {
      const title = `Changed on ${writer.port}`
      const response = await fetch(`${writer.url}/api/admin/pages/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title }),
      })
      expect(response.status).toBe(200)
      expect(await (await fetch(`${writer.url}/cluster-page`)).text()).toContain(title)
      const started = Date.now()
      while (!(await (await fetch(`${reader.url}/cluster-page`)).text()).includes(title)) {
        expect(Date.now() - started, `${reader.url} still serves the old page`).toBeLessThan(5000)
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  })

  it('restarts both instances one after the other under load without a failed request', async () => {
    const load = runLoad(nginx.url, {})
    await new Promise((r) => setTimeout(r, 500))
    for (const [n, port] of ports.entries()) {
      const old = instances[n] as Instance
      expect(await old.stop(), `instance on ${port} exit code`).toBe(0)
      instances[n] = await startInstance(port, instanceEnv(database.url))
      await new Promise((r) => setTimeout(r, 500))
    }
    await load.stop()
    expect(failures(load.outcomes)).toEqual([])
    expect(load.outcomes.filter((o) => o.what === 'lead').length).toBeGreaterThan(10)
    const stored = await database.db
      .selectFrom('lead')
      .select('id')
      .where('reference', 'in', load.leadReferences)
      .execute()
    expect(stored).toHaveLength(load.leadReferences.length)
  }, 60_000)
})

describe(`graceful shutdown of one instance on ${testDialect}`, () => {
  let database: Database & { url: string }

  beforeAll(async () => {
    database = await prepare()
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('answers and commits a lead whose request is still arriving at SIGTERM, refuses new connections, flushes hit counts and exits 0', async () => {
    const port = await freePort()
    const instance = await startInstance(port, instanceEnv(database.url))
    const cookie = await signIn(instance.url)
    const rule = await fetch(`${instance.url}/api/admin/redirects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'Counted', fromUrl: '/counted', toUrl: '/evidence', statusCode: 302 }),
    })
    expect(rule.status).toBe(201)
    const { id: ruleId } = (await rule.json()) as { id: number }
    expect((await fetch(`${instance.url}/counted`, { redirect: 'manual' })).status).toBe(302)

    // Half the lead's body is sent, then the signal: the rest follows while the server stops.
    let newConnection = 'not tried'
    const body = JSON.stringify(newLead('shutdown'))
    const answer = new Promise<{ status: number; json: { reference: string } }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/leads',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = ''
          res.on('data', (c) => {
            text += c
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }))
        },
      )
      req.on('error', reject)
      req.write(body.slice(0, 40))
      setTimeout(() => {
        instance.child.kill('SIGTERM')
        setTimeout(async () => {
          newConnection = await freshConnection(port)
          req.end(body.slice(40))
        }, 300)
      }, 200)
    })
    const { status, json } = await answer
    expect(status).toBe(201)
    // Stopped listening: a new connection is refused while the old one is served.
    expect(newConnection).toBe('refused')
    const exitCode = await new Promise((resolve) =>
      instance.child.exitCode !== null
        ? resolve(instance.child.exitCode)
        : instance.child.once('exit', resolve),
    )
    expect(exitCode).toBe(0)
    const lead = await database.db
      .selectFrom('lead')
      .select(['id', 'email'])
      .where('reference', '=', json.reference)
      .executeTakeFirst()
    expect(lead?.email).toMatch(/^shutdown-/)
    const redirect = await database.db
      .selectFrom('redirect')
      .select('hitCount')
      .where('id', '=', ruleId)
      .executeTakeFirstOrThrow()
    expect(redirect.hitCount).toBe(1)
  }, 30_000)
})
