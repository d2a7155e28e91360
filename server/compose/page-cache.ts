import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { NO_COUNT_COOKIE, objectsToCounting } from '../../core/counting.ts'
import { THANK_YOU_COOKIE, THANK_YOU_PATH } from '../../core/lead-confirmation.ts'
import { isAdminPath } from '../../core/paths.ts'
import { isQuestionnaireAddress } from '../../core/questionnaire/address.ts'
import {
  type Assigned,
  addressOf,
  assignedVariant,
  factsOf,
  type TrustProxy,
  VIEW_HEADER,
  VIEW_LOG_HEADER,
  type VisitorFacts,
  viewHeader,
  visitorFacts,
} from '../insight/index.ts'
import type { AppServices } from '../platform/index.ts'
import {
  buildPageEntry,
  contentSecurityPolicy,
  hashTrustedScripts,
  NONCE_PLACEHOLDER,
  type PageEntry,
  rawHeader,
  renderOrigin,
  sendPageEntry,
  urlOnSite,
} from '../platform/index.ts'
import { readHeads } from './request-heads.ts'

const MAX_ENTRIES = 1000

/** Headers that belong to one response, or that the cached entry sets itself. */
const NOT_SHARED = new Set([
  'x-request-id',
  'content-security-policy',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'cache-control',
  'etag',
  'vary',
  'date',
  'connection',
  'keep-alive',
])

/**
 * Pages that read one cookie of their own and are then rendered for that request alone, never
 * cached: the thank-you page with the enquiry's reference; the cookie policy showing a visitor's
 * "Don't count my visits" choice (ADR 0077).
 */
const OWN_COOKIE_PAGES: ReadonlyMap<string, string> = new Map([
  [THANK_YOU_PATH, THANK_YOU_COOKIE],
  ['/cookie-policy', NO_COUNT_COOKIE],
])

/** Whether this request is for a page that reads its own cookie and carries it. */
export function rendersPerRequest(path: string, cookieHeader: string | undefined): boolean {
  const name = OWN_COOKIE_PAGES.get(path)
  return name !== undefined && cookieHeader?.includes(`${name}=`) === true
}

/** A render that is not kept (a 404, an error): sent with this response's own nonce. */
type Uncached = { status: number; headers: [string, string][]; html: string }
type Filled = { entry: PageEntry } | { uncached: Uncached }

/** The path exactly as requested (no query: public pages never read it, so tracking tags share one entry). */
export function requestPath(url: string): string {
  const q = url.indexOf('?')
  return q < 0 ? url : url.slice(0, q)
}

/**
 * Public pages as final bytes, per site revision and path (and host when PUBLIC_URL is not set).
 * Filled by the Express pipeline (`publicPageCache`), so a path gets an entry only after it went
 * through every check a request meets there (guards, www, redirects); read by `serveCachedPage`,
 * which answers hits before Express. Any change to the site bumps the revision: stale entries are
 * refilled on their next request, never served.
 */
export class PageCache {
  readonly #entries = new Map<string, PageEntry>()
  readonly #filling = new Map<string, Promise<Filled>>()
  readonly #withHost: boolean

  constructor(publicUrl: string | undefined) {
    this.#withHost = !publicUrl
  }

  key(host: string | undefined, path: string): string {
    return this.#withHost ? `${(host ?? '').toLowerCase()}${path}` : path
  }

  get(key: string): PageEntry | undefined {
    return this.#entries.get(key)
  }

  /** One render per key and revision however many requests miss at once. */
  fill(key: string, revision: number, render: () => Promise<Filled>): Promise<Filled> {
    const id = `${revision}:${key}`
    let filling = this.#filling.get(id)
    if (!filling) {
      filling = render()
        .then((filled) => {
          if ('entry' in filled) this.#store(key, filled.entry)
          return filled
        })
        .finally(() => this.#filling.delete(id))
      this.#filling.set(id, filling)
    }
    return filling
  }

  #store(key: string, entry: PageEntry) {
    const current = this.#entries.get(key)
    if (current && current.revision > entry.revision) return
    this.#entries.delete(key)
    while (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
    this.#entries.set(key, entry)
  }
}

/**
 * The variant of a running experiment this request gets, and the cache key's suffix for it: one
 * entry per variant (docs/decisions/0038-experiment-assignment.md). No database work: a hash.
 */
function variantOf(
  services: AppServices,
  req: IncomingMessage,
  trust: TrustProxy,
  experiments: SiteSnapshotExperiments,
  path: string,
  /** A page view's exposure is nginx's log's to count when page views come from it (ADR 0085). */
  pageView = true,
): Assigned | undefined {
  if (!experiments || experiments.size === 0) return undefined
  const facts = visitorFacts(req, trust)
  const assigned = assignedVariant(experiments, path, facts.bucket)
  if (assigned && req.method === 'GET') {
    // Served the same variant, but an objecting visitor is no exposure (ADR 0077).
    if (
      !(pageView && countedByProxy(services, req, trust)) &&
      !objectsToCounting({ gpc: rawHeader(req, 'sec-gpc'), cookie: rawHeader(req, 'cookie') })
    )
      services.exposures.record(assigned, facts)
    shown.set(req, assigned)
  }
  return assigned
}
type SiteSnapshotExperiments = Awaited<ReturnType<AppServices['site']['get']>>['experiments'] | undefined

const variantSuffix = (assigned: Assigned | undefined) => (assigned ? `\u0000${assigned.variant.key}` : '')

/** The variant each request was served, for its page view (analytics). */
const shown = new WeakMap<IncomingMessage, Assigned>()

/**
 * Whether this request's page view is nginx's log's to count, not the app's (ADR 0085): always
 * with PAGE_VIEWS=nginx-log, never with `app`; with `auto` when a trusted proxy says it logs it.
 */
function countedByProxy(
  services: AppServices,
  req: IncomingMessage,
  trust: TrustProxy,
  viewLog = rawHeader(req, VIEW_LOG_HEADER),
): boolean {
  const { from } = services.config.pageViews
  if (from !== 'auto') return from === 'nginx-log'
  if (viewLog === undefined || !trust(req.socket.remoteAddress ?? '', 0)) return false
  services.viewLog.announce(viewLog)
  return true
}

/**
 * The hit path, before Express: a GET or HEAD for a page cached at the current revision is written
 * from memory (no database call, no logging, one pass over the raw headers): the status it sent.
 * Anything else returns 0 and goes through the whole pipeline. A page view costs a push of what
 * was read; the variant's exposure and the objection are worked out at the analytics flush.
 */
export function serveCachedPage(services: AppServices, cache: PageCache, trust: TrustProxy) {
  return (req: IncomingMessage, res: ServerResponse): number => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return 0
    const heads = readHeads(req)
    const { host } = heads
    // www.example.com is redirected to the bare host by the pipeline.
    if (host !== undefined && host.length > 4 && /^www\./i.test(host)) return 0
    const snapshot = services.site.peek()
    if (!snapshot) return 0
    const url = req.url ?? '/'
    // A questionnaire step's address renders its own answers (ADR 0058).
    if (isQuestionnaireAddress(url)) return 0
    const path = requestPath(url)
    if (rendersPerRequest(path, heads.cookie)) return 0
    let key = cache.key(host, path)
    let address: string | undefined
    let facts: VisitorFacts | undefined
    let assigned: Assigned | undefined
    if (snapshot.experiments.size > 0 && snapshot.experiments.has(path)) {
      const socket = req.socket.remoteAddress ?? ''
      address = addressOf(socket, heads.forwardedFor, trust)
      facts = factsOf(address, heads.userAgent, trust(socket, 0) ? heads.bucket : undefined)
      assigned = assignedVariant(snapshot.experiments, path, facts.bucket)
      key += variantSuffix(assigned)
    }
    const entry = cache.get(key)
    if (!entry || entry.revision !== snapshot.revision) return 0
    const status = sendPageEntry(req, res, entry)
    if (
      req.method === 'GET' &&
      (status === 200 || status === 304) &&
      !countedByProxy(services, req, trust, heads.viewLog)
    ) {
      services.analytics.served({
        at: Date.now(),
        ip: address ?? addressOf(req.socket.remoteAddress ?? '', heads.forwardedFor, trust),
        userAgent: heads.userAgent,
        url,
        referer: heads.referer,
        gpc: heads.gpc,
        cookie: heads.cookie,
        assigned,
        facts,
      })
    }
    return status
  }
}

/**
 * React Router's own requests from the browser: a route's data (`/x.data`, `/_root.data`) and route
 * discovery (`/__manifest?paths=…&version=…`). Their answers depend on the query and are not pages:
 * a manifest rendered without its query is "reload the document", which turned every client
 * navigation into a full load (docs/decisions/0067-client-navigation-and-admin-shell.md).
 */
export function routerRequests(build: Pick<ServerBuild, 'routeDiscovery' | 'basename'>) {
  const base = (build.basename ?? '').replace(/\/+$/, '')
  const manifest = `${base}${build.routeDiscovery?.manifestPath || '/__manifest'}`
  return (path: string) => path.endsWith('.data') || path === manifest
}

/**
 * The miss path, in the pipeline just before React Router: renders the page once for the current
 * revision with placeholder nonces, turns it into final bytes with a hash-based CSP and keeps it.
 * Admin screens, form posts, React Router data requests and questionnaire steps go past it. Public
 * route loaders must not read cookies or the query string (but for a questionnaire step's).
 */
export function publicPageCache(
  services: AppServices,
  build: ServerBuild,
  loadContext: (req: ExpressRequest, res: ExpressResponse, nonce: string) => RouterContextProvider,
  cache: PageCache,
  trust: TrustProxy,
): RequestHandler {
  const render = createRequestHandler(
    build,
    services.config.nodeEnv === 'development' ? 'development' : 'production',
  )

  const renderEntry = async (
    req: ExpressRequest,
    res: ExpressResponse,
    revision: number,
  ): Promise<Filled> => {
    const url = urlOnSite(renderOrigin(services.config.publicUrl, req), req.path)
    const response = await render(
      new Request(url, { headers: { accept: 'text/html' } }),
      loadContext(req, res, NONCE_PLACEHOLDER),
    )
    const html = await response.text()
    const fromRender = [...response.headers].filter(([name]) => !NOT_SHARED.has(name))
    if (response.status !== 200 || response.headers.has('set-cookie')) {
      return { uncached: { status: response.status, headers: fromRender, html } }
    }
    const fromPipeline = Object.entries(res.getHeaders())
      .filter(([name]) => !NOT_SHARED.has(name) && !response.headers.has(name) && name !== 'set-cookie')
      .map(
        ([name, value]) =>
          [name, Array.isArray(value) ? value.join(', ') : String(value)] as [string, string],
      )
    const hashed = hashTrustedScripts(html)
    const csp = contentSecurityPolicy(hashed.sources, res.locals.cspOptions)
    const headers: [string, string][] = [...fromPipeline, ...fromRender, ['content-security-policy', csp]]
    return { entry: await buildPageEntry(revision, hashed.html, headers) }
  }

  const isRouterRequest = routerRequests(build)
  return async (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      isAdminPath(req.path) ||
      isRouterRequest(req.path)
    ) {
      return next()
    }
    // A questionnaire step (`?step=…`, ADR 0058) renders the answers in its query: for this visitor
    // only, never kept here or by nginx. Its loader is the one public loader that reads the query.
    if (isQuestionnaireAddress(req.originalUrl)) {
      res.setHeader('Cache-Control', 'private, no-cache')
      // The same variant as the page the visitor started on: the title and questionnaire stay put.
      const { experiments } = await services.site.get()
      res.locals.experimentVariant = variantOf(
        services,
        req,
        trust,
        experiments,
        requestPath(req.originalUrl),
        false,
      )
      return next()
    }
    const path = requestPath(req.originalUrl)
    if (rendersPerRequest(path, req.get('cookie'))) {
      res.setHeader(VIEW_HEADER, viewHeader(null))
      res.once('finish', () => countPageView(services, req, req.ip ?? 'unknown', res.statusCode, trust))
      return next()
    }
    const { revision, experiments } = await services.site.get()
    const assigned = variantOf(services, req, trust, experiments, path)
    res.locals.experimentVariant = assigned
    // Kept in the entry (and in nginx's cache): what nginx's page-view log counts (ADR 0085).
    res.setHeader(VIEW_HEADER, viewHeader(assigned?.variant.key))
    const key = cache.key(req.get('host'), path) + variantSuffix(assigned)
    let entry = cache.get(key)
    services.metrics.pageCache(entry?.revision === revision)
    if (!entry || entry.revision !== revision) {
      const filled = await cache.fill(key, revision, () => renderEntry(req, res, revision))
      if ('uncached' in filled) {
        const { status, headers, html } = filled.uncached
        res.status(status)
        for (const [name, value] of headers) res.setHeader(name, value)
        if (req.method === 'HEAD') res.end()
        else res.send(html.replaceAll(NONCE_PLACEHOLDER, res.locals.cspNonce))
        return
      }
      entry = filled.entry
    }
    for (const name of res.getHeaderNames()) res.removeHeader(name)
    const status = sendPageEntry(req, res, entry, { viaPipeline: true })
    countPageView(services, req, req.ip ?? 'unknown', status, trust)
  }
}

/**
 * The page view analytics counts (docs/decisions/0037-analytics.md): a GET of a public page sent
 * whole or as 304, rendered or cached, with or without JavaScript, unless the request objects to
 * counting (`Sec-GPC: 1` or the "Don't count my visits" cookie, ADR 0077). A push to memory only.
 */
export function countPageView(
  services: AppServices,
  req: IncomingMessage,
  ip: string,
  status: number,
  trust: TrustProxy,
) {
  if (req.method !== 'GET' || (status !== 200 && status !== 304)) return
  const heads = readHeads(req)
  // Behind nginx the views (its cache's too) are counted from its log, not here (ADR 0085).
  if (countedByProxy(services, req, trust, heads.viewLog)) return
  services.analytics.served({
    at: Date.now(),
    ip,
    userAgent: heads.userAgent,
    url: req.url ?? '/',
    referer: heads.referer,
    gpc: heads.gpc,
    cookie: heads.cookie,
    // Its exposure was recorded when the variant was chosen (variantOf).
    assigned: shown.get(req),
  })
}
