import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Instance, startInstance } from '../../scripts/instances.ts'
import { type RunningNginx, startNginx } from '../../scripts/nginx.ts'
import { seed } from '../../server/compose/index.ts'
import type { Database } from '../../server/platform/index.ts'
import { migrateToLatest } from '../../server/platform/index.ts'
import { freePort } from '../support/server-process.ts'
import { createTestDatabase } from '../support/test-app.ts'

type Raw = { status: number; headers: Record<string, string>; body: string }

/**
 * One request written as bytes on its own connection: fetch would normalise `//x`, refuse a Host
 * of `[` and never send a request target that is not a path.
 */
function rawGet(port: number, target: string, host: string | null): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const hostLine = host === null ? '' : `Host: ${host}\r\n`
      socket.write(
        `GET ${target} HTTP/1.1\r\n${hostLine}Accept-Encoding: identity\r\nConnection: close\r\n\r\n`,
      )
    })
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) })
    })
  })
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''

const HOST = 'claims.test'
const PATHS = [
  '//',
  '///',
  '/\\',
  '//x:99999',
  '//u@h/',
  '//privacy-policy',
  '/\\evidence',
  '//evidence?utm_source=x',
]
const HOSTS = ['[', '@', 'x@y', 'a b', 'x:99999', '']
const TARGETS = ['/', '/privacy-policy', '/evidence', '/no-such-page']

let database: Database & { url: string }
let instance: Instance
let nginx: RunningNginx
let work: string
const logLines: string[] = []

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'targets-'))
  database = await createTestDatabase()
  await migrateToLatest(database.db.withoutPlugins(), database.dialect)
  await seed(database.db)
  instance = await startInstance(
    await freePort(),
    {
      DATABASE_URL: database.url,
      SESSION_SECRET: 'targets-session-secret-0123456789',
      TRUST_PROXY: 'loopback',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
    },
    (line) => logLines.push(line),
  )
  nginx = await startNginx({
    port: await freePort(),
    upstreams: [instance.port],
    workDir: path.join(work, 'nginx'),
  })
}, 60_000)

afterAll(async () => {
  await nginx?.stop()
  await instance?.stop()
  await database?.destroy()
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

describe.each([
  ['directly', () => instance.port],
  ['through the shipped nginx configuration', () => nginx.port],
])('request targets and hosts %s', (_via, port) => {
  it('sends paths starting with // or /\\ to the one-slash path, never rendering a page', async () => {
    for (const target of PATHS) {
      const response = await rawGet(port(), target, HOST)
      expect(response.status, target).toBe(301)
      expect(response.headers.location, target).toBe(`/${target.replace(/^[/\\]+/, '')}`)
      expect(response.body, target).not.toContain('<title>')
    }
  })

  it('never keeps another page under a path: /evidence stays the evidence page while //evidence is asked for', async () => {
    for (let i = 0; i < 3; i++) {
      await rawGet(port(), '//evidence', HOST)
      await rawGet(port(), '/\\privacy-policy', HOST)
    }
    const evidence = await rawGet(port(), '/evidence', HOST)
    expect(evidence.status).toBe(200)
    expect(titleOf(evidence.body)).toMatch(/^The Evidence Behind/)
    const privacy = await rawGet(port(), '/privacy-policy', HOST)
    expect(titleOf(privacy.body)).toMatch(/^Privacy Policy/)
  })

  it('never answers a malformed Host with a 5xx or another page, on cached and uncached pages', async () => {
    const titles = new Map<string, string>()
    for (const target of TARGETS) titles.set(target, titleOf((await rawGet(port(), target, HOST)).body)) // cached now
    for (const host of HOSTS) {
      for (const target of TARGETS) {
        const response = await rawGet(port(), target, host)
        const what = `${target} with Host ${JSON.stringify(host)}`
        expect(response.status, what).toBeLessThan(500)
        // nginx may pass the request on with the host it normalised (`x:99999` becomes `x`).
        if (response.status < 400) expect(titleOf(response.body), what).toBe(titles.get(target))
      }
    }
  })

  it('redirects a case variant of a page to its lower-case path', async () => {
    const response = await rawGet(port(), '/PrIvAcY-policy?utm_source=ad', HOST)
    expect(response.status).toBe(301)
    expect(response.headers.location).toBe('/privacy-policy?utm_source=ad')
  })
})

describe('request targets and hosts, directly', () => {
  it('answers a malformed Host with a 400', async () => {
    for (const host of HOSTS) {
      for (const target of TARGETS) {
        const response = await rawGet(instance.port, target, host)
        expect(response.status, `${target} with Host ${JSON.stringify(host)}`).toBe(400)
      }
    }
  })

  it('refuses a request target that is not a path', async () => {
    for (const target of ['http://u@evil.test/privacy-policy', '*']) {
      const response = await rawGet(instance.port, target, HOST)
      expect(response.status, target).toBe(400)
    }
  })

  it('answers the data form of a reset link with no-store', async () => {
    const response = await rawGet(instance.port, '/reset-password.data?token=abc', HOST)
    expect(response.status).toBeLessThan(500)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('logs what callers caused at warn or below, with no stack', async () => {
    await rawGet(instance.port, '/no-such-page', HOST)
    await fetch(`${instance.url}/evidence`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: instance.url },
      body: 'a=1',
    })
    await new Promise((r) => setTimeout(r, 200))
    const entries = logLines.flatMap((line) => {
      try {
        return [JSON.parse(line) as { level: number; msg: string }]
      } catch {
        return []
      }
    })
    expect(entries.filter((e) => e.level >= 50)).toEqual([])
    expect(logLines.filter((line) => line.includes('"stack"'))).toEqual([])
  })
})
