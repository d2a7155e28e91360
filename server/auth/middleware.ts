import type { RequestHandler, Response } from 'express'
import type { Permission } from '../../core/permissions.ts'
import type { AppServices } from '../context.ts'
import { readCookie, serializeCookie } from '../http/cookies.ts'
import { readSession, SESSION_COOKIE } from './sessions.server.ts'

export function isSecure(services: AppServices): boolean {
  return services.config.publicUrl?.startsWith('https://') ?? false
}

/** Sets the session cookie, replacing any session cookie this response already sets. */
function putSessionCookie(res: Response, cookie: string) {
  const existing = res.getHeader('Set-Cookie')
  const others = (Array.isArray(existing) ? existing : existing ? [String(existing)] : []).filter(
    (c) => !c.startsWith(`${SESSION_COOKIE}=`),
  )
  res.setHeader('Set-Cookie', [...others, cookie])
}

export function setSessionCookie(res: Response, services: AppServices, token: string) {
  const ttl = services.config.sessionTtlMs
  putSessionCookie(res, serializeCookie(SESSION_COOKIE, token, { maxAgeMs: ttl, secure: isSecure(services) }))
}

export function clearSessionCookie(res: Response, services: AppServices) {
  putSessionCookie(res, serializeCookie(SESSION_COOKIE, '', { maxAgeMs: 0, secure: isSecure(services) }))
}

/** Reads the session cookie on every request it guards; the browser's idea of who is signed in counts for nothing. */
export function loadSession(services: AppServices): RequestHandler {
  const { db, config } = services
  return async (req, res, next) => {
    const token = readCookie(req.get('cookie'), SESSION_COOKIE)
    if (!token || token.length > 200) return next()
    const found = await readSession(db, config.sessionSecret, token, config.sessionTtlMs)
    if (!found) {
      clearSessionCookie(res, services)
      return next()
    }
    req.admin = found.admin
    req.session = { token, sid: found.sid }
    if (found.refreshed) setSessionCookie(res, services, token)
    next()
  }
}

export const requireSignedIn: RequestHandler = (req, res, next) => {
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
    if (!req.admin.permissions.includes(permission)) {
      res.status(403).json({ message: `Your role does not allow managing ${permission}` })
      return
    }
    next()
  }
}
