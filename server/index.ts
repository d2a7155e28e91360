import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RequestHandler } from 'express'
import { ensureFirstAdmin } from './auth/bootstrap.ts'
import { purgeExpiredSessions } from './auth/sessions.server.ts'
import { parseConfig } from './config.ts'
import { purgeOldConsent } from './consent/router.ts'
import type { AppServices } from './context.ts'
import { createDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrations.ts'
import { seed } from './db/seed.ts'
import { purgeRateLimits } from './http/rate-limit.ts'
import { createLogger } from './logger.ts'
import { createMailer } from './mail/mailer.server.ts'
import { SiteState } from './site/site-state.server.ts'

type AppModule = typeof import('./app.ts')

const root = path.resolve(import.meta.dirname, '..')
const config = parseConfig()
// React and friends pick their production builds from this; it must be set before they load.
process.env.NODE_ENV = config.nodeEnv
const logger = createLogger(config.logLevel)
const database = createDatabase(config.database)

await migrateToLatest(database.db.withoutPlugins(), database.dialect)
await seed(database.db)
if (config.sessionSecretGenerated && config.nodeEnv === 'production') {
  logger.warn('SESSION_SECRET is not set: admin sessions end whenever the server restarts')
}
const setupToken = await ensureFirstAdmin(database.db, config, logger)

const services: AppServices = {
  db: database.db,
  dialect: database.dialect,
  config,
  logger,
  mailer: createMailer(config, logger),
  setup: { token: setupToken },
  site: new SiteState(database.db, logger),
}

const housekeeping = setInterval(() => {
  Promise.all([
    purgeExpiredSessions(database.db),
    purgeRateLimits(database.db),
    purgeOldConsent(database.db),
  ]).catch((err) => logger.error({ err }, 'housekeeping failed'))
}, 10 * 60_000)
housekeeping.unref()

async function productionHandler(): Promise<RequestHandler> {
  const entry = pathToFileURL(path.join(root, 'build/server/index.js')).href
  const { createApp } = (await import(entry)) as AppModule
  return createApp(services, { clientDir: path.join(root, 'build/client') })
}

async function developmentHandler(): Promise<RequestHandler> {
  const vite = await import('vite')
  const server = await vite.createServer({ server: { middlewareMode: true }, root })
  const apps = new WeakMap<AppModule, RequestHandler>()
  return (req, res, next) => {
    server.middlewares(req, res, async () => {
      try {
        const mod = (await server.ssrLoadModule('./server/app.ts')) as AppModule
        let app = apps.get(mod)
        if (!app) {
          app = mod.createApp(services)
          apps.set(mod, app)
        }
        app(req, res, next)
      } catch (err) {
        next(err)
      }
    })
  }
}

const handler = config.nodeEnv === 'development' ? await developmentHandler() : await productionHandler()
const server = http.createServer((req, res) =>
  handler(req as never, res as never, (err?: unknown) => {
    if (err) logger.error({ err }, 'request failed')
    if (!res.headersSent) res.writeHead(err ? 500 : 404).end()
  }),
)
server.keepAliveTimeout = 65_000

server.listen(config.port, () => {
  const where =
    database.dialect === 'sqlite'
      ? config.database.dialect === 'sqlite' && config.database.file
      : 'PostgreSQL'
  logger.info({ port: config.port, database: where }, `listening on http://localhost:${config.port}`)
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  clearInterval(housekeeping)
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  await closed
  await services.site.close()
  await database.destroy()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
