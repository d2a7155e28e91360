import type { RequestHandler } from 'express'
import { isProtectedPath } from '../../../core/paths.ts'
import {
  lookupRedirect,
  pointsAtItself,
  type RedirectMatch,
  type RedirectTable,
  redirectLocation,
  safeLocation,
  targetHost,
  withoutTokens,
} from '../../../core/redirect-rules.ts'
import type { RedirectTestResult } from '../../../core/schemas/redirects.ts'
import type { AppServices } from '../../platform/index.ts'
import { recordRedirectHit } from './hits.server.ts'

/** Requests to www.example.com go to example.com, path and query kept. */
export const wwwToBareHost: RequestHandler = (req, res, next) => {
  const host = req.get('host')
  if (!host || !/^www\./i.test(host)) return next()
  res.redirect(301, `${req.protocol}://${host.slice(4)}${req.originalUrl}`)
}

/**
 * The query string a target gets: all of it on this site; on another host none, unless the rule
 * says so, and then never a `token` (a reset link's secret must not leave the site).
 */
function forwardedQuery(match: RedirectMatch, search: string, ownHosts: string[]): string {
  const host = targetHost(match.rule.toUrl)
  if (host === null || ownHosts.includes(host)) return search
  return match.rule.keepQuery ? withoutTokens(search) : ''
}

type RedirectOutcome = RedirectTestResult

/**
 * What the rules do with an address (path and query, as requested): the one decision the
 * middleware acts on and the admin's "Test a URL" box reports.
 */
export function resolveRedirect(table: RedirectTable, url: string, ownHosts: string[]): RedirectOutcome {
  const queryIndex = url.indexOf('?')
  const rawPath = queryIndex >= 0 ? url.slice(0, queryIndex) : url
  const search = queryIndex >= 0 ? url.slice(queryIndex) : ''
  if (isProtectedPath(rawPath)) return { kind: 'protected' }
  if (table.exact.size === 0 && table.regex.length === 0) return { kind: 'none' }
  const match = lookupRedirect(table, rawPath)
  if (!match) return { kind: 'none' }
  const location = safeLocation(match.rule, match)
  if (location === null) return { kind: 'refused', ruleId: match.rule.id }
  if (pointsAtItself(table, match, location, rawPath, ownHosts))
    return { kind: 'loop', ruleId: match.rule.id }
  return {
    kind: 'redirect',
    ruleId: match.rule.id,
    statusCode: match.rule.statusCode,
    location: redirectLocation(location, forwardedQuery(match, search, ownHosts)),
  }
}

export function ownHosts(services: AppServices, requestHost: string | undefined): string[] {
  const publicHost = services.config.publicUrl ? new URL(services.config.publicUrl).host : undefined
  return [publicHost, requestHost].filter((h): h is string => Boolean(h)).map((h) => h.toLowerCase())
}

/**
 * The operator's redirect rules, before any page renders, for GET and HEAD. Paths the application
 * owns (admin, sign-in, reset, setup, assets, uploads…) are never redirected, whatever the rules say.
 */
export function siteRedirects(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isProtectedPath(req.path)) return next()
    const { redirects } = await services.site.get()
    const outcome = resolveRedirect(redirects, req.originalUrl, ownHosts(services, req.get('host')))
    if (outcome.kind === 'refused') {
      req.log?.warn({ ruleId: outcome.ruleId }, 'redirect skipped: a capture would change its target host')
    }
    if (outcome.kind === 'loop')
      req.log?.warn({ ruleId: outcome.ruleId }, 'redirect skipped: it points at itself')
    if (outcome.kind !== 'redirect') return next()
    recordRedirectHit(services.counters, outcome.ruleId)
    res.setHeader('Cache-Control', 'no-cache')
    res.redirect(outcome.statusCode, outcome.location)
  }
}
