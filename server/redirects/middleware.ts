import type { RequestHandler } from 'express'
import { isProtectedPath } from '../../core/paths.ts'
import { matchRedirect, redirectLocation } from '../../core/redirect-rules.ts'
import type { AppServices } from '../context.ts'
import { recordRedirectHit } from './hits.server.ts'

/** Requests to www.example.com go to example.com, path and query kept. */
export const wwwToBareHost: RequestHandler = (req, res, next) => {
  const host = req.get('host')
  if (!host || !/^www\./i.test(host)) return next()
  res.redirect(301, `${req.protocol}://${host.slice(4)}${req.originalUrl}`)
}

/** The operator's redirect rules, before any page renders, for GET and HEAD. */
export function siteRedirects(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isProtectedPath(req.path)) return next()
    const { redirects } = await services.site.get()
    if (redirects.exact.size === 0 && redirects.regex.length === 0) return next()
    let path = req.path
    try {
      path = decodeURIComponent(req.path)
    } catch {}
    // Rules are written as people read addresses (/café), requests arrive encoded (/caf%C3%A9).
    const match =
      matchRedirect(redirects, path) ?? (path === req.path ? null : matchRedirect(redirects, req.path))
    if (!match) return next()
    recordRedirectHit(services.counters, match.rule.id)
    const queryIndex = req.originalUrl.indexOf('?')
    const search = queryIndex >= 0 ? req.originalUrl.slice(queryIndex) : ''
    res.setHeader('Cache-Control', 'no-cache')
    res.redirect(match.rule.statusCode, redirectLocation(match.location, search))
  }
}
