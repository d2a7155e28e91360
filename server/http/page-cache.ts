import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { isAdminPath } from '../../core/paths.ts'
import type { AppServices } from '../context.ts'
import { NONCE_PLACEHOLDER } from './nonce.ts'

/** The body is kept encoded, split where the nonce goes, so a hit costs copies, not re-encoding. */
type Entry = { revision: number; status: number; headers: [string, string][]; parts: Buffer[] }

function splitAtNonce(body: string): Buffer[] {
  return body.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part, 'utf8'))
}

function joinWithNonce(parts: Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, 'utf8')
  const pieces: Buffer[] = []
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonceBytes)
    pieces.push(part)
  })
  return Buffer.concat(pieces)
}

const MAX_ENTRIES = 1000

/**
 * Public pages do not depend on who asks: their HTML is rendered once per site revision and path,
 * with a placeholder nonce, and every response gets its own nonce. Admin screens, form posts and
 * React Router data requests go past it. Public route loaders must not read cookies or the query
 * string (the key is the path, and the host when PUBLIC_URL is not set).
 */
export function publicPageCache(
  services: AppServices,
  build: ServerBuild,
  loadContext: (req: ExpressRequest, res: ExpressResponse, nonce: string) => RouterContextProvider,
): RequestHandler {
  const render = createRequestHandler(
    build,
    services.config.nodeEnv === 'development' ? 'development' : 'production',
  )
  const cache = new Map<string, Entry>()

  return async (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      isAdminPath(req.path) ||
      req.path.endsWith('.data')
    ) {
      return next()
    }
    const { revision } = await services.site.get()
    const host = req.get('host') ?? 'localhost'
    // Slugs and routes ignore case: /Offer and /offer are one page, so one entry.
    const key = `${services.config.publicUrl ? '' : host.toLowerCase()}${req.path.toLowerCase()}`
    let entry = cache.get(key)
    if (entry) {
      // Least recently used goes first: a Map iterates in insertion order, so re-insert on use.
      cache.delete(key)
      cache.set(key, entry)
    }
    if (!entry || entry.revision !== revision) {
      const url = new URL(req.path, `${req.protocol}://${host}`)
      const response = await render(
        new Request(url, { headers: { accept: 'text/html' } }),
        loadContext(req, res, NONCE_PLACEHOLDER),
      )
      entry = {
        revision,
        status: response.status,
        headers: [...response.headers].filter(([name]) => name !== 'content-length'),
        parts: splitAtNonce(await response.text()),
      }
      if (response.status === 200) {
        cache.delete(key)
        while (cache.size >= MAX_ENTRIES) {
          const oldest = cache.keys().next().value
          if (oldest === undefined) break
          cache.delete(oldest)
        }
        cache.set(key, entry)
      }
    }
    res.status(entry.status)
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    res.send(joinWithNonce(entry.parts, res.locals.cspNonce))
  }
}
