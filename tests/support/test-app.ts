import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import pino from 'pino'
import { createServices, seed } from '../../server/compose/index.ts'
import type { AppServices } from '../../server/platform/index.ts'
import {
  applyServerTimeouts,
  type Config,
  createDatabase,
  type Database,
  migrateToLatest,
  parseConfig,
} from '../../server/platform/index.ts'

type AppModule = typeof import('../../server/compose/app.ts')

export type TestDialect = 'sqlite' | 'postgres'

export const testDialect: TestDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

/** A fresh, empty database of the dialect under test: a new SQLite file or a new PostgreSQL database. */
export async function createTestDatabase(
  dialect: TestDialect = testDialect,
): Promise<Database & { url: string }> {
  const name = `test_${randomBytes(6).toString('hex')}`
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-'))
    const file = path.join(dir, `${name}.db`)
    const database = createDatabase({ dialect: 'sqlite', file })
    return {
      ...database,
      url: `file:${file}`,
      destroy: async () => {
        await database.destroy()
        fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const adminUrl = process.env.TEST_POSTGRES_URL
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: run the suite through `npm test`')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = createDatabase({ dialect: 'postgres', url: url.toString() })
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.destroy()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      // pg's pool.end() resolves before the server has closed the sessions (this app's, or another
      // app's on this database): let them go first, or the forced drop kills one mid-close and its
      // pool reports an unhandled error.
      for (let i = 0; i < 100; i++) {
        const { rows } = await cleanup.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        )
        if (rows[0]?.n === 0) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/** A second connection (pool) to an existing test database, as another app instance would have. */
function connectTo(existing: Database & { url: string }): Database & { url: string } {
  const database =
    existing.dialect === 'sqlite'
      ? createDatabase({ dialect: 'sqlite', file: existing.url.replace(/^file:/, '') })
      : createDatabase({ dialect: 'postgres', url: existing.url })
  return { ...database, url: existing.url }
}

export type TestApp = {
  baseUrl: string
  services: AppServices
  database: Database & { url: string }
  request: (pathname: string, init?: RequestInit) => Promise<Response>
  postJson: (pathname: string, body: unknown, init?: RequestInit) => Promise<Response>
  close: () => Promise<void>
}

export type StartOptions = {
  /**
   * Run on this existing database (say, another test app's) instead of a fresh one: no migration
   * or seed, and closing this app leaves the database alone. A new connection is opened to it.
   */
  database?: Database & { url: string }
}

/** The built Express app (build/server/index.js) on a migrated, seeded database, on a random port. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: StartOptions = {},
): Promise<TestApp> {
  const shared = options.database
  const database = shared ? connectTo(shared) : await createTestDatabase()
  if (!shared) {
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    await seed(database.db)
  }
  const config: Config = {
    // Rate limits are off unless a test turns them on: suites post many requests from one IP.
    ...parseConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-session-secret-0123456789',
      RATE_LIMITS: 'off',
    }),
    database: { dialect: 'sqlite', file: '' },
    // An answer that drifts from /api/openapi.json is a 500 naming the drift (ADR 0070).
    answerCheck: 'throw',
    ...overrides,
  }
  // As parseConfig does: links follow PUBLIC_URL when a test sets one.
  if (!overrides.linkOrigin && config.publicUrl) config.linkOrigin = config.publicUrl
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
  const services: AppServices = createServices(config, { logger, database })
  services.jobs.start()
  services.webhooks.start()
  const entry = pathToFileURL(path.resolve('build/server/index.js')).href
  const { createRequestListener } = (await import(/* @vite-ignore */ entry)) as AppModule
  const server = http.createServer(
    createRequestListener(services, { clientDir: path.resolve('build/client') }),
  )
  server.listen(0, '127.0.0.1')
  applyServerTimeouts(server)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}`
  const request = (pathname: string, init?: RequestInit) =>
    fetch(`${baseUrl}${pathname}`, { redirect: 'manual', ...init })
  return {
    baseUrl,
    services,
    database,
    request,
    postJson: (pathname, body, init) =>
      request(pathname, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...init,
        headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) },
      }),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await services.background.idle()
      await services.jobs.stop()
      await services.webhooks.stop()
      await database.destroy()
    },
  }
}
