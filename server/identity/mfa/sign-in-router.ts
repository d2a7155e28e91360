import express, { type Request, type Response, Router } from 'express'
import { authErrorCode } from '../../../core/schemas/auth.ts'
import {
  CODE_INVALID,
  CODES_LOCKED,
  passkeyAssertionSchema,
  recoveryCodeSchema,
  SECOND_STEP_ENDED,
  SECOND_STEP_EXPIRED,
  totpCodeSchema,
} from '../../../core/schemas/mfa.ts'
import type { AdminUser, AppServices } from '../../platform/index.ts'
import { audit, HttpError, parseBody, rateLimit } from '../../platform/index.ts'
import { findAdminById, toCurrentAdmin } from '../auth/admins.server.ts'
import { loadSession } from '../auth/middleware.ts'
import { completeSignIn, type SignInMethod } from '../auth/sign-in.server.ts'
import {
  type Challenge,
  consumeChallenge,
  issueChallenge,
  readChallenge,
  updateChallenge,
} from './challenges.server.ts'
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
import { unseal } from './seal.server.ts'
import {
  claimTotpStep,
  factorsOf,
  findPasskeyByCredentialId,
  findTotp,
  listPasskeys,
  useRecoveryCode,
} from './store.server.ts'
import { acceptTotp } from './totp.server.ts'
import { authenticationOptions, PASSKEY_FAILED, verifyAuthentication } from './webauthn.server.ts'

const bodies = [express.json({ limit: '16kb' }), express.urlencoded({ extended: false, limit: '8kb' })]

const isForm = (req: Request) =>
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
const methodOf = (pendingOne: Challenge, factor: 'totp' | 'passkey' | 'recovery'): SignInMethod =>
  `${pendingOne.firstStep}+${factor}`

/** Where a signed-in account lands, and what JSON callers are told. */
function signedIn(req: Request, res: Response, row: AdminUser) {
  const target = row.role === 'buyer' ? '/buyer' : '/admin'
  if (isForm(req)) res.redirect(303, target)
  else res.json({ user: toCurrentAdmin(row), redirect: target })
}

export function factorSignInRouter(services: AppServices): Router {
  const { db, config } = services
  const router = Router()
  const limit = rateLimit(services, 'login', config.rateLimits.login)
  const session = loadSession(services)

  /** The pending sign-in and its account, or a 401 telling the user to start again. */
  async function pending(req: Request): Promise<{ challenge: Challenge; row: AdminUser }> {
    const challenge = await readChallenge(services, req.get('cookie'), 'second-step')
    const row = challenge?.adminId ? await findAdminById(db, challenge.adminId) : undefined
    if (!challenge || !row?.isActive) throw new HttpError(401, SECOND_STEP_EXPIRED)
    return { challenge, row }
  }

  async function refuse(
    req: Request,
    res: Response,
    row: AdminUser | null,
    method: string,
    message: string,
    extra: { status?: number; reason?: string; ended?: boolean } = {},
  ) {
    await audit(db, {
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

  /**
   * A code (authenticator or recovery) for the pending sign-in, within its limits: none while the
   * account's code step is shut, five per pending sign-in, and ten wrong ones per account in
   * fifteen minutes shut it (docs/decisions/0055-sso-factor-and-code-limits.md). Attempts are
   * counted before the code is checked, so parallel guesses cannot get past the limits.
   */
  async function checkCode(
    req: Request,
    res: Response,
    factor: 'totp' | 'recovery',
    check: (row: AdminUser) => Promise<boolean>,
    afterRight?: (row: AdminUser) => Promise<void>,
  ) {
    const { challenge, row } = await pending(req)
    const locked = async (until: Date, ended = false) => {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))))
      await refuse(req, res, row, factor, CODES_LOCKED, { status: 429, reason: 'codes-locked', ended })
    }
    const lockedUntil = await codesLockedUntil(services, row.id)
    if (lockedUntil) return locked(lockedUntil)
    const attempt = await claimCodeAttempt(services, challenge.tokenHash)
    if (attempt === undefined) {
      await consumeChallenge(services, res, 'second-step', challenge.tokenHash)
      return refuse(req, res, row, factor, SECOND_STEP_ENDED, { ended: true })
    }
    const checkId = await beginCodeCheck(services, row.id)
    if (checkId === undefined) return locked(new Date(Date.now() + CODE_LOCK_MS))
    if (await check(row)) {
      await codeCheckPassed(services, checkId)
      await afterRight?.(row)
      return finish(req, res, challenge, row, methodOf(challenge, factor))
    }
    const shut = await codeCheckFailed(services, row)
    const ended = attempt >= CODES_PER_SIGN_IN
    if (ended) await consumeChallenge(services, res, 'second-step', challenge.tokenHash)
    if (shut) return locked(new Date(Date.now() + CODE_LOCK_MS), ended)
    return refuse(req, res, row, factor, ended ? SECOND_STEP_ENDED : CODE_INVALID, { ended })
  }

  async function finish(
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

  /** Form posts that fail go back to the second step with a code, not a JSON page. */
  const formErrors =
    (handler: (req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response) => {
      try {
        await handler(req, res)
      } catch (error) {
        if (!(error instanceof HttpError) || !isForm(req)) throw error
        res.redirect(303, `/api/login?step=second&error=${authErrorCode(error.message)}`)
      }
    }

  router.post(
    '/api/login/totp',
    limit,
    ...bodies,
    session,
    formErrors(async (req, res) => {
      const { code } = parseBody(totpCodeSchema, req, { acceptForms: true })
      await checkCode(req, res, 'totp', async (row) => {
        const totp = await findTotp(db, row.id)
        const secret = totp?.confirmedAt ? unseal(config.sessionSecret, totp.secret) : null
        const step = secret ? acceptTotp(secret, code, Number(totp?.lastUsedStep ?? 0)) : null
        return step !== null && (await claimTotpStep(db, row.id, step))
      })
    }),
  )

  router.post(
    '/api/login/recovery',
    limit,
    ...bodies,
    session,
    formErrors(async (req, res) => {
      const { code } = parseBody(recoveryCodeSchema, req, { acceptForms: true })
      await checkCode(
        req,
        res,
        'recovery',
        (row) => useRecoveryCode(db, row.id, code),
        (row) => audit(db, { actor: row, action: 'auth.recovery_code_used' }),
      )
    }),
  )

  router.post('/api/login/passkey/options', limit, ...bodies, session, async (req, res) => {
    const { challenge, row } = await pending(req)
    const passkeys = await listPasskeys(db, row.id)
    if (passkeys.length === 0) throw new HttpError(409, 'This account has no passkey')
    const options = await authenticationOptions(services, req, passkeys)
    await updateChallenge(services, challenge.tokenHash, options.challenge)
    res.json(options)
  })

  router.post('/api/login/passkey/verify', limit, ...bodies, session, async (req, res) => {
    const { challenge, row } = await pending(req)
    const { response } = parseBody(passkeyAssertionSchema, req)
    const passkey = await findPasskeyByCredentialId(db, response.id)
    if (!challenge.challenge || !passkey || passkey.adminId !== row.id)
      return refuse(req, res, row, 'passkey', PASSKEY_FAILED)
    try {
      const counter = await verifyAuthentication(services, req, response, challenge.challenge, passkey, false)
      await markPasskeyUsed(passkey.id, counter)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      return refuse(req, res, row, 'passkey', PASSKEY_FAILED)
    }
    await finish(req, res, challenge, row, methodOf(challenge, 'passkey'))
  })

  // A passkey alone: discoverable credentials, so no email is asked for first.
  router.post('/api/login/passkey-alone/options', limit, ...bodies, session, async (req, res) => {
    const options = await authenticationOptions(services, req, [])
    await issueChallenge(services, req, res, 'passkey-sign-in', {
      adminId: null,
      challenge: options.challenge,
    })
    res.json(options)
  })

  router.post('/api/login/passkey-alone/verify', limit, ...bodies, session, async (req, res) => {
    const { response } = parseBody(passkeyAssertionSchema, req)
    const challenge = await readChallenge(services, req.get('cookie'), 'passkey-sign-in')
    if (!challenge?.challenge) throw new HttpError(401, SECOND_STEP_EXPIRED)
    // The challenge goes whatever the outcome: an assertion is checked against it once.
    await consumeChallenge(services, res, 'passkey-sign-in', challenge.tokenHash)
    const passkey = await findPasskeyByCredentialId(db, response.id)
    const row = passkey ? await findAdminById(db, passkey.adminId) : undefined
    if (!passkey || !row?.isActive) return refuse(req, res, row ?? null, 'passkey', PASSKEY_FAILED)
    try {
      const counter = await verifyAuthentication(services, req, response, challenge.challenge, passkey, true)
      await markPasskeyUsed(passkey.id, counter)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      return refuse(req, res, row, 'passkey', PASSKEY_FAILED)
    }
    await completeSignIn(services, req, res, row, 'passkey')
    signedIn(req, res, row)
  })

  async function markPasskeyUsed(id: number, counter: number) {
    await db.updateTable('passkey').set({ counter, lastUsedAt: new Date() }).where('id', '=', id).execute()
  }

  return router
}
