import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RequestHandler } from 'express'
import {
  applyServerTimeouts,
  createDatabase,
  createLogger,
  gracefulShutdown,
  parseConfig,
} from '../platform/index.ts'
import { startInstanceRole } from './instance-role.ts'
import { createServices, prepareDatabase } from './services.ts'

type AppModule = typeof import('./app.ts')

const root = path.resolve(import.meta.dirname, '../..')
const config = parseConfig()
// React and friends pick their production builds from this; it must be set before they load.
process.env.NODE_ENV = config.nodeEnv
const logger = createLogger(config.logLevel, { pretty: config.nodeEnv === 'development' })
const database = createDatabase(config.database)
const setupToken = await prepareDatabase(database, config, logger)
if (config.sessionSecretGenerated && config.nodeEnv === 'production') {
  logger.warn(
    'SESSION_SECRET is not set: admin sessions end whenever the server restarts, and erasures cannot be re-applied after a restore',
  )
}
if (!config.publicUrl) {
  logger.warn(`PUBLIC_URL is not set: links in e-mails (password resets) point at ${config.linkOrigin}`)
}
const services = createServices(config, { logger, database, setupToken })
services.jobs.start()
const role = startInstanceRole(services)

async function productionHandler(): Promise<RequestHandler> {
  const entry = pathToFileURL(path.join(root, 'build/server/index.js')).href
  const { createRequestListener } = (await import(entry)) as AppModule
  const listener = createRequestListener(services, { clientDir: path.join(root, 'build/client') })
  return (req, res) => listener(req as never, res as never)
}

async function developmentHandler(): Promise<RequestHandler> {
  const vite = await import('vite')
  const server = await vite.createServer({ server: { middlewareMode: true }, root })
  const apps = new WeakMap<AppModule, RequestHandler>()
  return (req, res, next) => {
    server.middlewares(req, res, async () => {
      try {
        const mod = (await server.ssrLoadModule('./server/compose/app.ts')) as AppModule
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
// Timeouts are checked every second (Node's default is every 30 s).
// A worker-only instance is not behind the proxy: it answers its health check and metrics only.
const workerOnly = config.instanceRole === 'worker'
const server = http.createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
  shutdown.onRequest(req, res)
  if (workerOnly && !/^\/(healthz|metrics)(\?|$)/.test(req.url ?? '')) {
    res
      .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      .end('This instance delivers leads and serves no pages\n')
    return
  }
  handler(req as never, res as never, (err?: unknown) => {
    if (err) logger.error({ err }, 'request failed')
    if (!res.headersSent) res.writeHead(err ? 500 : 404).end()
  })
})
applyServerTimeouts(server)
const shutdown = gracefulShutdown(server, logger, {
  graceMs: config.shutdownGraceMs,
  // Stops claiming at once; posts in flight get a few seconds to be answered and recorded.
  stopWorkers: () => services.webhooks.stop(),
  finish: async () => {
    await role.stop()
    await services.background.idle()
    await services.jobs.stop()
    services.metrics.stop()
    await database.destroy()
  },
})

server.listen(config.port, () => {
  const where =
    database.dialect === 'sqlite'
      ? config.database.dialect === 'sqlite' && config.database.file
      : 'PostgreSQL'
  logger.info({ port: config.port, database: where }, `listening on http://localhost:${config.port}`)
})
