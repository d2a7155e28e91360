import type { Request, Response } from 'express'
import { authErrorCode } from '../../../core/schemas/auth.ts'
import {
  CODE_INVALID,
  CODES_LOCKED,
  SECOND_STEP_ENDED,
  SECOND_STEP_EXPIRED,
} from '../../../core/schemas/mfa.ts'
import type { AdminUser, AppServices } from '../../platform/index.ts'
import { audit, HttpError } from '../../platform/index.ts'
import { findAdminById, toCurrentAdmin } from '../auth/admins.server.ts'
import { completeSignIn, type SignInMethod } from '../auth/sign-in.server.ts'
import { type Challenge, consumeChallenge, issueChallenge, readChallenge } from './challenges.server.ts'
import {
  beginCodeCheck,
  CODE_LOCK_MS,
  CODES_PER_SIGN_IN,
  claimCodeAttempt,
  codeCheckFailed,
  codeCheckPassed,
  codesLockedUntil,
} from './code-guard.server.ts'
import { secondFactorMethods } from './methods.server.ts'
import { factorsOf } from './store.server.ts'

// The second step of signing in: the pending sign-in, a code or passkey checked, the session made.

export const isForm = (req: Request) =>
  req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded'

/**
 * After a correct password, or a single sign-on whose provider vouched for no second factor: when
 * the account has a second factor, it is not signed in yet. A pending sign-in (five minutes, this
 * account only, used once) waits for the factor, and the answer lists the methods. Returns false
 * when there is no factor (sign in as before).
 */
export async function beginSecondStep(
  services: AppServices,
  req: Request,
  res: Response,
  row: AdminUser,
  firstStep: 'password' | 'sso' = 'password',
) {
  if (!(await factorsOf(services.db, row.id)).any) return false
  const methods = await secondFactorMethods(services, row.id)
  await issueChallenge(services, req, res, 'second-step', { adminId: row.id, challenge: null, firstStep })
  // The provider's callback is a browser navigation, like a form post: the second step is a page.
  if (firstStep === 'sso' || isForm(req)) {
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(303, '/api/login?step=second')
  } else res.json({ secondFactor: { methods } })
  return true
}

/** How a pending sign-in ends: its first step and the factor that finished it. */
export const methodOf = (pendingOne: Challenge, factor: 'totp' | 'passkey' | 'recovery'): SignInMethod =>
  `${pendingOne.firstStep}+${factor}`

/** Where a signed-in account lands, and what JSON callers are told. */
export function signedIn(req: Request, res: Response, row: AdminUser) {
  const target = row.role === 'buyer' ? '/buyer' : '/admin'
  if (isForm(req)) res.redirect(303, target)
  else res.json({ user: toCurrentAdmin(row), redirect: target })
}

export type Pending = { challenge: Challenge; row: AdminUser }

/** The pending sign-in and its account, or a 401 telling the user to start again. */
export async function pending(services: AppServices, req: Request): Promise<Pending> {
  const challenge = await readChallenge(services, req.get('cookie'), 'second-step')
  const row = challenge?.adminId ? await findAdminById(services.db, challenge.adminId) : undefined
  if (!challenge || !row?.isActive) throw new HttpError(401, SECOND_STEP_EXPIRED)
  return { challenge, row }
}

export async function refuse(
  services: AppServices,
  req: Request,
  res: Response,
  row: AdminUser | null,
  method: string,
  message: string,
  extra: { status?: number; reason?: string; ended?: boolean } = {},
) {
  await audit(services.db, {
    actor: row,
    action: 'auth.sign_in_failed',
    detail: { method, ...(extra.reason ? { reason: extra.reason } : {}) },
  })
  if (isForm(req)) {
    const code = authErrorCode(message)
    // An ended sign-in has no second step to go back to: the first one says why.
    res.redirect(303, extra.ended ? `/api/login?error=${code}` : `/api/login?step=second&error=${code}`)
    return
  }
  res.status(extra.status ?? 401).json({ message })
}

export async function finish(
  services: AppServices,
  req: Request,
  res: Response,
  pendingOne: Challenge,
  row: AdminUser,
  method: SignInMethod,
) {
  // Used once: a second request with the same cookie finds nothing to finish.
  if (!(await consumeChallenge(services, res, 'second-step', pendingOne.tokenHash)))
    throw new HttpError(401, SECOND_STEP_EXPIRED)
  await completeSignIn(services, req, res, row, method)
  signedIn(req, res, row)
}

/**
 * A code (authenticator or recovery) for the pending sign-in, within its limits: none while the
 * account's code step is shut, five per pending sign-in, and ten wrong ones per account in
 * fifteen minutes shut it (docs/decisions/0055-sso-factor-and-code-limits.md). Attempts are
 * counted before the code is checked, so parallel guesses cannot get past the limits.
 */
export async function checkCode(
  services: AppServices,
  req: Request,
  res: Response,
  factor: 'totp' | 'recovery',
  check: (row: AdminUser) => Promise<boolean>,
  afterRight?: (row: AdminUser) => Promise<void>,
) {
  const { challenge, row } = await pending(services, req)
  const locked = async (until: Date, ended = false) => {
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))))
    await refuse(services, req, res, row, factor, CODES_LOCKED, {
      status: 429,
      reason: 'codes-locked',
      ended,
    })
  }
  const lockedUntil = await codesLockedUntil(services, row.id)
  if (lockedUntil) return locked(lockedUntil)
  const attempt = await claimCodeAttempt(services, challenge.tokenHash)
  if (attempt === undefined) {
    await consumeChallenge(services, res, 'second-step', challenge.tokenHash)
    return refuse(services, req, res, row, factor, SECOND_STEP_ENDED, { ended: true })
  }
  const checkId = await beginCodeCheck(services, row.id)
  if (checkId === undefined) return locked(new Date(Date.now() + CODE_LOCK_MS))
  if (await check(row)) {
    await codeCheckPassed(services, checkId)
    await afterRight?.(row)
    return finish(services, req, res, challenge, row, methodOf(challenge, factor))
  }
  const shut = await codeCheckFailed(services, row)
  const ended = attempt >= CODES_PER_SIGN_IN
  if (ended) await consumeChallenge(services, res, 'second-step', challenge.tokenHash)
  if (shut) return locked(new Date(Date.now() + CODE_LOCK_MS), ended)
  return refuse(services, req, res, row, factor, ended ? SECOND_STEP_ENDED : CODE_INVALID, { ended })
}

export async function markPasskeyUsed(services: AppServices, id: number, counter: number) {
  await services.db
    .updateTable('passkey')
    .set({ counter, lastUsedAt: new Date() })
    .where('id', '=', id)
    .execute()
}
