import type { RequestHandler, Response } from 'express'
import { FRESH_SIGN_IN_MS, REAUTHENTICATE } from '../../../core/fresh-sign-in.ts'
import type { Permission } from '../../../core/permissions.ts'
import type { AppServices, RouteGuards } from '../../platform/index.ts'
import { readCookie, serializeCookie } from '../../platform/index.ts'
import { readSession, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions.server.ts'

export function isSecure(services: AppServices): boolean {
  return services.config.publicUrl?.startsWith('https://') ?? false
}

/** Over https the cookie is `__Host-` prefixed: the browser then refuses it from a subdomain or without Secure. */
export function sessionCookieName(services: AppServices): string {
  return isSecure(services) ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

/** Sets the session cookie, replacing any session cookie this response already sets. */
function putSessionCookie(res: Response, name: string, cookie: string) {
  const existing = res.getHeader('Set-Cookie')
  const others = (Array.isArray(existing) ? existing : existing ? [String(existing)] : []).filter(
    (c) => !c.startsWith(`${name}=`),
  )
  res.setHeader('Set-Cookie', [...others, cookie])
}

export function setSessionCookie(
  res: Response,
  services: AppServices,
  token: string,
  maxAgeMs = services.config.sessionTtlMs,
) {
  const name = sessionCookieName(services)
  putSessionCookie(res, name, serializeCookie(name, token, { maxAgeMs, secure: isSecure(services) }))
}

export function clearSessionCookie(res: Response, services: AppServices) {
  const name = sessionCookieName(services)
  putSessionCookie(res, name, serializeCookie(name, '', { maxAgeMs: 0, secure: isSecure(services) }))
}

/** Reads the session cookie on every request it guards; the browser's idea of who is signed in counts for nothing. */
export function loadSession(services: AppServices): RequestHandler {
  const { db, config } = services
  return async (req, res, next) => {
    const token = readCookie(req.get('cookie'), sessionCookieName(services))
    if (!token || token.length > 200) return next()
    const found = await readSession(
      db,
      config.sessionSecret,
      token,
      config.sessionTtlMs,
      config.sessionMaxAgeMs,
    )
    if (!found) {
      clearSessionCookie(res, services)
      return next()
    }
    req.admin = found.admin
    req.session = { token, sid: found.sid, verifiedAt: found.verifiedAt }
    if (found.refreshed) setSessionCookie(res, services, token, found.expiresInMs)
    next()
  }
}

export const BUYER_REFUSED = 'Buyer accounts use the buyer page (/buyer), not the admin'

/**
 * A signed-in member of staff. A buyer's account (role 'buyer', docs/decisions/0034) holds no
 * permission and is refused the whole admin API, whatever a route asks for.
 */
export const requireSignedIn: RequestHandler = (req, res, next) => {
  if (!req.admin) {
    res.status(401).json({ message: 'Please sign in to continue' })
    return
  }
  if (req.admin.role === 'buyer') {
    res.status(403).json({ message: BUYER_REFUSED })
    return
  }
  next()
}

/** Any signed-in account, a buyer's included (who am I, for the sign-in screens). */
export const requireAnyAccount: RequestHandler = (req, res, next) => {
  if (!req.admin) {
    res.status(401).json({ message: 'Please sign in to continue' })
    return
  }
  next()
}

export function requirePermission(permission: Permission): RequestHandler {
  return (req, res, next) => {
    if (!req.admin) {
      res.status(401).json({ message: 'Please sign in to continue' })
      return
    }
    if (req.admin.role === 'buyer') {
      res.status(403).json({ message: BUYER_REFUSED })
      return
    }
    if (!req.admin.permissions.includes(permission)) {
      res.status(403).json({ message: `Your role does not allow managing ${permission}` })
      return
    }
    next()
  }
}

/**
 * Sensitive changes (second factors, API keys) need a sign-in, or a re-authentication, of the last
 * ten minutes: a session left open or stolen cannot make them alone (docs/decisions/0053).
 */
export const requireFreshSignIn: RequestHandler = (req, res, next) => {
  if (!req.session || Date.now() - req.session.verifiedAt > FRESH_SIGN_IN_MS) {
    res.status(403).json({ message: REAUTHENTICATE, reauthenticate: true })
    return
  }
  next()
}

/** The checks route definitions name (server/platform/http/route.ts), as the services carry them. */
export const routeGuards: RouteGuards = {
  loadSession,
  requireSignedIn,
  requireAnyAccount,
  requireFreshSignIn,
  requirePermission,
}
