import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Instance, startInstance } from '../../scripts/instances.ts'
import { type RunningNginx, startNginx, viewLogOf } from '../../scripts/nginx.ts'
import { seed } from '../../server/compose/index.ts'
import type { Database } from '../../server/platform/index.ts'
import { migrateToLatest } from '../../server/platform/index.ts'
import { freePort } from '../support/server-process.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

describe.skipIf(testDialect !== 'postgres')('page views through nginx with an instance killed', () => {
  let database: Database & { url: string }
  const instances: Instance[] = []
  let nginx: RunningNginx
  let work = ''
  let env: Record<string, string> = {}

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'page-view-log-cluster-'))
    database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    await seed(database.db)
    const nginxDir = path.join(work, 'nginx')
    env = {
      DATABASE_URL: database.url,
      SESSION_SECRET: 'cluster-session-secret-0123456789',
      TRUST_PROXY: 'loopback',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'error',
      PAGE_VIEWS: 'nginx-log',
      PAGE_VIEW_LOG: viewLogOf({ workDir: nginxDir }),
    }
    const ports = [await freePort(), await freePort()]
    for (const port of ports) instances.push(await startInstance(port, env))
    nginx = await startNginx({ port: await freePort(), upstreams: ports, workDir: nginxDir })
  }, 60_000)
  afterAll(async () => {
    await nginx?.stop()
    await Promise.all(instances.map((i) => i.stop()))
    await database?.destroy()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('counts every page served, cached or not, once', async () => {
    let running = true
    let served = 0
    const cacheStatuses = new Map<string, number>()
    const pages = ['/', '/evidence', '/privacy-policy', '/?utm_source=tv', '/cookie-policy']
    const worker = async (n: number) => {
      for (let i = n; running; i++) {
        try {
          const res = await fetch(`${nginx.url}${pages[i % pages.length]}`, {
            headers: { 'user-agent': `${UA} ${n % 7}` },
          })
          await res.arrayBuffer()
          if (res.status === 200 || res.status === 304) served++
          const cache = res.headers.get('x-cache-status') ?? ''
          cacheStatuses.set(cache, (cacheStatuses.get(cache) ?? 0) + 1)
        } catch {}
      }
    }
    const workers = Array.from({ length: 8 }, (_, n) => worker(n))
    await new Promise((r) => setTimeout(r, 1500))
    // The instance that is likely reading the log dies without a word, and comes back.
    const [first] = instances as [Instance]
    first.child.kill('SIGKILL')
    await new Promise((r) => first.child.once('exit', r))
    await new Promise((r) => setTimeout(r, 1000))
    instances[0] = await startInstance(first.port, env)
    await new Promise((r) => setTimeout(r, 1500))
    running = false
    await Promise.all(workers)
    expect(cacheStatuses.get('HIT') ?? 0).toBeGreaterThan(served / 2)

    const counted = async () => {
      const row = await database.db
        .selectFrom('analyticsDaily')
        .select((eb) => eb.fn.sum<string>('events').as('n'))
        .where('stage', '=', 'pageview')
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    }
    // Within the lease (5 s) the other instance takes over and reads on from the kept position.
    for (let i = 0; i < 150 && (await counted()) < served; i++) await new Promise((r) => setTimeout(r, 100))
    expect(await counted()).toBe(served)
  }, 60_000)
})
