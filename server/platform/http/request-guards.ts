import type { RequestHandler } from 'express'
import { isAdminPath } from '../../../core/paths.ts'

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

const isApi = (path: string) => /^\/api(?:\/|$)/i.test(path)

/** A 4xx in the shape the caller reads: JSON `{message}` for the API, a short text for pages. */
export function refuse(path: string, res: Parameters<RequestHandler>[1], status: number, message: string) {
  if (isApi(path)) res.status(status).json({ message })
  else res.status(status).type('text/plain').send(message)
}

/**
 * Requests no route can answer are refused before any route sees them: methods outside HTTP's
 * usual set (TRACE, PROPFIND…), addresses with a NUL or broken percent-encoding.
 */
export const requestGuards: RequestHandler = (req, res, next) => {
  if (!KNOWN_METHODS.has(req.method)) {
    res.setHeader('Allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
    return refuse(req.path, res, 405, 'This method is not allowed')
  }
  // No text we store or look up may hold U+0000 (PostgreSQL refuses it): stop it in the address.
  if (/%00/.test(req.originalUrl)) return refuse(req.path, res, 400, 'The address contains a NUL character')
  try {
    decodeURIComponent(req.path)
  } catch {
    // The API says what is wrong; a page address gets the not-found card, its stray % escaped
    // so that routing reads it as text instead of failing to decode it.
    if (isApi(req.path)) return refuse(req.path, res, 400, 'The address is not correctly encoded')
    const query = req.url.indexOf('?')
    const pathPart = query < 0 ? req.url : req.url.slice(0, query)
    req.url = pathPart.replace(/%/g, '%25') + (query < 0 ? '' : req.url.slice(query))
    req.originalUrl = req.url
  }
  next()
}

/** Page routes take form posts only (the no-JavaScript questionnaire and lead form). */
export const pageMethods: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next()
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'GET, HEAD, POST')
    return refuse(req.path, res, 405, 'This method is not allowed')
  }
  if (!req.is(['application/x-www-form-urlencoded', 'multipart/form-data'])) {
    return refuse(req.path, res, 415, 'Please send this form from the page itself.')
  }
  next()
}

/** Path characters that are upper-case letters outside percent-escapes (`%2D` is left alone). */
const UPPER_OUTSIDE_ESCAPES = /%[0-9a-fA-F]{2}|[A-Z]/g

/**
 * Pages live at lower-case paths and routing ignores case, so `/PrIvAcY-policy` would render (and
 * take a cache slot) for every spelling: it is sent to its one lower-case address instead. Runs
 * after the operator's redirect rules, which may match a spelling of their own.
 */
export const canonicalCase: RequestHandler = (req, res, next) => {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !/[A-Z]/.test(req.path)) return next()
  if (req.path.endsWith('.data')) return next()
  // A buyer's lead page carries the lead's reference, which is case-sensitive; it is never cached.
  if (req.path.startsWith('/buyer/leads/')) return next()
  const lower = req.path.replace(UPPER_OUTSIDE_ESCAPES, (m) => (m.length === 1 ? m.toLowerCase() : m))
  if (lower === req.path) return next()
  const q = req.originalUrl.indexOf('?')
  // A reset or setup link's token is in the query: such answers stay out of shared caches.
  if (!isAdminPath(lower)) res.setHeader('Cache-Control', 'public, max-age=3600')
  res.redirect(301, lower + (q < 0 ? '' : req.originalUrl.slice(q)))
}
