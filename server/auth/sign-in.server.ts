import type { Request, Response } from 'express'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import type { AdminUser } from '../db/schema.ts'
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
  const token = await startSession(services, req, res, admin.id)
  await recordSignIn(services.db, admin.id)
  await audit(services.db, { actor: admin, action: 'auth.sign_in', detail: { method } })
  return token
}

/** A fresh session and its cookie (also for the first admin, right after setup). */
export async function startSession(services: AppServices, req: Request, res: Response, adminId: number) {
  const { db, config } = services
  // A new session id on every sign-in: a planted cookie can never become a signed-in session.
  if (req.session) await destroySession(db, config.sessionSecret, req.session.token)
  const token = await createSession(db, config.sessionSecret, adminId, config.sessionTtlMs)
  setSessionCookie(res, services, token)
  return token
}
