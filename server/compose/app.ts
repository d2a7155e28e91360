import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import * as build from 'virtual:react-router/server-build'
import compression from 'compression'
import express, { type ErrorRequestHandler } from 'express'
import proxyaddr from 'proxy-addr'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { PageBlocks } from '../../app/features/blocks/block-view.tsx'
import {
  accountFactorsRouter,
  accountSessionsRouter,
  authRouter,
  factorSignInRouter,
  loadSession,
  sessionCookieName,
  ssoRouter,
} from '../identity/index.ts'
import {
  bucketOf,
  eventsRouter,
  metricsRoute,
  routeClassOf,
  serveBeacon,
  type TrustProxy,
} from '../insight/index.ts'
import { consentCertificatesRouter, leadsRouter } from '../leads/index.ts'
import {
  type AppServices,
  answerBadTarget,
  answerCheck,
  apiErrorHandler,
  apiNotFound,
  CriticalCss,
  callerError,
  canonicalCase,
  criticalCssContext,
  formBodyLimit,
  islandAssetsContext,
  loadIslandAssets,
  openApiRouter,
  pageHandler,
  pageMethods,
  ping,
  requestContext,
  requestGuards,
  sameOriginOnly,
  securityHeaders,
  servicesContext,
} from '../platform/index.ts'
import { buyerApiRouter } from '../sales/index.ts'
import {
  consentRouter,
  pagesRouter,
  seoRouter,
  siteRedirects,
  uploadsRouter,
  wwwToBareHost,
} from '../site/index.ts'
import { apiModules } from './openapi-registry.ts'
import { PageCache, publicPageCache, serveCachedPage } from './page-cache.ts'
import { staffApiRouter } from './staff-api.ts'

export type AppOptions = {
  /** Serve the built browser assets from here (production); in development Vite serves them. */
  clientDir?: string
  /** Public pages kept as final bytes; `createRequestListener` shares it with its hit path. */
  pageCache?: PageCache
  /** The request target and Host were already checked (by `createRequestListener`). */
  targetsChecked?: boolean
}

/**
 * What the HTTP server runs: cached public pages are answered before Express (see page-cache.ts),
 * everything else goes through the pipeline.
 */
export function createRequestListener(services: AppServices, options: AppOptions = {}) {
  const pageCache = options.pageCache ?? new PageCache(services.config.publicUrl)
  const app = createApp(services, { ...options, pageCache, targetsChecked: true })
  const hit = serveCachedPage(services, pageCache, app.get('trust proxy fn') as TrustProxy)
  const { metrics } = services
  // The client address as Express's req.ip has it (TRUST_PROXY), for the hit path's page views.
  const trust = app.get('trust proxy fn') as (addr: string, i: number) => boolean
  const clientIp =
    services.config.trustProxy === false
      ? (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown'
      : (req: IncomingMessage) => proxyaddr(req, trust)
  const publicOrigin = services.config.publicUrl ? new URL(services.config.publicUrl).origin : undefined
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now()
    if (answerBadTarget(req, res)) {
      metrics.request('other', res.statusCode, (performance.now() - started) / 1000)
      return
    }
    if (serveBeacon(services, publicOrigin, req, res, () => clientIp(req))) {
      res.once('finish', () =>
        metrics.request('api_public', res.statusCode, (performance.now() - started) / 1000),
      )
      return
    }
    const status = hit(req, res)
    if (status === 0) app(req as never, res as never)
    else {
      metrics.pageCache(true)
      metrics.request('page_cached', status, (performance.now() - started) / 1000)
    }
  }
}

/** The whole HTTP pipeline: health, JSON API, static assets, then server-rendered pages. */
export function createApp(services: AppServices, options: AppOptions = {}) {
  const { logger } = services
  const app = express()
  app.disable('x-powered-by')
  // Cached pages carry their own strong ETag; nothing else is worth hashing on every response.
  app.set('etag', false)
  // Off unless TRUST_PROXY names the proxies: then X-Forwarded-For is believed only from them.
  app.set('trust proxy', services.config.trustProxy)
  // The development server mounts this app without the listener, which checks them first.
  if (!options.targetsChecked) {
    app.use((req, res, next) => {
      if (!answerBadTarget(req, res)) next()
    })
  }

  app.use((req, res, next) => {
    const started = performance.now()
    // Classed now: routers mounted on a prefix see a shorter req.path while they answer.
    const routeClass = routeClassOf(req.path)
    res.once('finish', () =>
      services.metrics.request(routeClass, res.statusCode, (performance.now() - started) / 1000),
    )
    next()
  })

  app.use((req, res, next) => {
    req.id = req.get('x-request-id')?.slice(0, 64) || randomUUID()
    req.log = logger.child({ requestId: req.id })
    res.setHeader('x-request-id', req.id)
    next()
  })

  app.use(securityHeaders(services.config.publicUrl, services.config.nodeEnv === 'development'))

  app.use(requestGuards)
  // Development and tests: JSON answers checked against /api/openapi.json (docs/decisions/0070).
  app.use(answerCheck(services, apiModules))
  app.use(metricsRoute(services))

  app.use(wwwToBareHost)

  app.get('/healthz', async (req, res) => {
    try {
      await ping(services.db)
      res.json({ status: 'ok' })
    } catch (err) {
      req.log?.error({ err }, 'health check failed')
      res.status(503).json({ status: 'unavailable', message: 'Database is not answering' })
    }
  })

  // Before compression (WebP does not compress) and sessions (uploads are public).
  app.use(uploadsRouter(services))

  app.use(compression())

  app.use(siteRedirects(services))
  app.use(seoRouter(services))

  if (options.clientDir) {
    app.use(
      '/assets',
      express.static(path.join(options.clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
    )
    const files = express.static(options.clientDir, { maxAge: '1h', index: false })
    // Only paths that name a file (favicon.svg) can be in the client folder: pages skip the disk.
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? files(req, res, next) : next()))
  }

  const trust = app.get('trust proxy fn') as TrustProxy
  const session = loadSession(services)
  const islands = options.clientDir ? loadIslandAssets(options.clientDir) : null
  const criticalCss = islands && options.clientDir ? new CriticalCss(options.clientDir) : null
  const loadContext = (req: express.Request, res: express.Response, nonce = res.locals.cspNonce) => {
    const context = new RouterContextProvider()
    context.set(servicesContext, services)
    context.set(requestContext, {
      ip: req.ip ?? 'unknown',
      nonce,
      admin: req.admin ?? null,
      bucket: bucketOf(req, trust),
      variant: res.locals.experimentVariant ?? null,
    })
    context.set(islandAssetsContext, islands)
    context.set(criticalCssContext, criticalCss)
    return context
  }
  const pages = pageHandler({
    build: build as unknown as ServerBuild,
    mode: services.config.nodeEnv === 'development' ? 'development' : 'production',
    publicUrl: services.config.publicUrl,
    getLoadContext: (req, res) => loadContext(req, res),
  })

  app.use(sameOriginOnly(services.config.publicUrl))
  app.use(eventsRouter(services))
  app.use(
    pagesRouter(services, (content, images) =>
      renderToStaticMarkup(createElement(PageBlocks, { content, images })),
    ),
  )
  app.use(leadsRouter(services))
  app.use(consentRouter(services))
  app.use(consentCertificatesRouter(services))
  app.use(authRouter(services))
  app.use(accountSessionsRouter(services))
  app.use(accountFactorsRouter(services))
  app.use(ssoRouter(services))
  app.use(factorSignInRouter(services))
  app.use(openApiRouter(services, apiModules, sessionCookieName(services)))
  app.use(staffApiRouter(services))
  app.use('/api/buyer', buyerApiRouter(services))
  // The sign-in page is a page, at the address the spec gives it.
  app.get('/api/login', session, pages)
  app.use('/api', apiNotFound)
  app.use('/api', apiErrorHandler)

  app.use(pageMethods)
  app.use(canonicalCase)
  app.use(formBodyLimit)
  app.use(['/admin', '/buyer', '/buyer.data', '/setup', '/reset-password', '/forgot-password'], session)
  const pageCache = options.pageCache ?? new PageCache(services.config.publicUrl)
  app.use(publicPageCache(services, build as unknown as ServerBuild, loadContext, pageCache, trust))
  app.use(pages)

  const pageErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
    const known = callerError(err)
    if (known) {
      if (!res.headersSent) res.status(known.status).type('text/plain').send(known.message)
      return
    }
    req.log?.error({ err }, 'unhandled error')
    if (res.headersSent) return
    res.status(500).type('text/plain').send("We're experiencing a temporary issue. Please refresh the page.")
  }
  app.use(pageErrorHandler)
  return app
}
