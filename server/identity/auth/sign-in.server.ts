import type { Request, Response } from 'express'
import type { AdminUser, AppServices } from '../../platform/index.ts'
import { audit } from '../../platform/index.ts'
import { describeUserAgent, ipPrefix, USER_AGENT_MAX } from '../account/client-details.ts'
import { kickAccountNotices } from '../account/notices.server.ts'
import { recordSignIn } from './admins.server.ts'
import { setSessionCookie } from './middleware.ts'
import { createSession, destroySession } from './sessions.server.ts'

/** How an account proved who it is; recorded on the session and in the audit log. */
export type SignInMethod =
  | 'password'
  | 'password+totp'
  | 'password+passkey'
  | 'password+recovery'
  | 'passkey'
  | 'sso'
  | 'sso+totp'
  | 'sso+passkey'
  | 'sso+recovery'

/**
 * The one way an account becomes signed in, whatever proved it (password and factor, passkey alone,
 * single sign-on): a fresh session, its cookie, the last-sign-in time and an audit row.
 */
export async function completeSignIn(
  services: AppServices,
  req: Request,
  res: Response,
  admin: AdminUser,
  method: SignInMethod,
) {
  const { token, publicId, client } = await openSession(services, req, res, admin.id, method)
  await recordSignIn(services.db, admin.id)
  // The session's public id and where from (device, browser, network): the "new sign-in" mail says so.
  await audit(services.db, {
    actor: admin,
    action: 'auth.sign_in',
    detail: { method, session: publicId, ...client },
  })
  kickAccountNotices(services)
  return token
}

/** A fresh session and its cookie (also for the first admin, right after setup). */
export async function startSession(services: AppServices, req: Request, res: Response, adminId: number) {
  return (await openSession(services, req, res, adminId, 'password')).token
}

async function openSession(
  services: AppServices,
  req: Request,
  res: Response,
  adminId: number,
  method: SignInMethod,
) {
  const { db, config } = services
  // A new session id on every sign-in: a planted cookie can never become a signed-in session.
  if (req.session) await destroySession(db, config.sessionSecret, req.session.token)
  const userAgent = req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null
  const place = ipPrefix(req.ip)
  const { token, publicId } = await createSession(db, config.sessionSecret, adminId, config.sessionTtlMs, {
    userAgent,
    ipPrefix: place,
    method,
  })
  setSessionCookie(res, services, token)
  return { token, publicId, client: { ...describeUserAgent(userAgent), place } }
}
