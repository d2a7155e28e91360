import express, { type Request, type Response, Router } from 'express'
import { authErrorCode } from '../../core/schemas/auth.ts'
import {
  CODE_INVALID,
  passkeyAssertionSchema,
  recoveryCodeSchema,
  SECOND_STEP_EXPIRED,
  totpCodeSchema,
} from '../../core/schemas/factors.ts'
import { audit } from '../audit/audit.server.ts'
import { findAdminById, toCurrentAdmin } from '../auth/admins.server.ts'
import { loadSession } from '../auth/middleware.ts'
import { completeSignIn, type SignInMethod } from '../auth/sign-in.server.ts'
import type { AppServices } from '../context.ts'
import type { AdminUser } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { parseBody } from '../http/validate.ts'
import {
  type Challenge,
  consumeChallenge,
  issueChallenge,
  readChallenge,
  updateChallenge,
} from './challenges.server.ts'
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
 * After a correct password: when the account has a second factor, it is not signed in yet. A
 * pending sign-in (five minutes, this account only, used once) waits for the factor, and the
 * answer lists the methods. Returns false when there is no factor (sign in as before).
 */
export async function beginSecondStep(services: AppServices, req: Request, res: Response, row: AdminUser) {
  if (!(await factorsOf(services.db, row.id)).any) return false
  const methods = await secondFactorMethods(services, row.id)
  await issueChallenge(services, req, res, 'second-step', { adminId: row.id, challenge: null })
  if (isForm(req)) res.redirect(303, '/api/login?step=second')
  else res.json({ secondFactor: { methods } })
  return true
}

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

  async function refuse(req: Request, res: Response, row: AdminUser | null, method: string, message: string) {
    await audit(db, { actor: row, action: 'auth.sign_in_failed', detail: { method } })
    if (isForm(req)) {
      res.redirect(303, `/api/login?step=second&error=${authErrorCode(message)}`)
      return
    }
    res.status(401).json({ message })
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
      const { challenge, row } = await pending(req)
      const { code } = parseBody(totpCodeSchema, req, { acceptForms: true })
      const totp = await findTotp(db, row.id)
      const secret = totp?.confirmedAt ? unseal(config.sessionSecret, totp.secret) : null
      const step = secret ? acceptTotp(secret, code, Number(totp?.lastUsedStep ?? 0)) : null
      if (step === null || !(await claimTotpStep(db, row.id, step)))
        return refuse(req, res, row, 'totp', CODE_INVALID)
      await finish(req, res, challenge, row, 'password+totp')
    }),
  )

  router.post(
    '/api/login/recovery',
    limit,
    ...bodies,
    session,
    formErrors(async (req, res) => {
      const { challenge, row } = await pending(req)
      const { code } = parseBody(recoveryCodeSchema, req, { acceptForms: true })
      if (!(await useRecoveryCode(db, row.id, code))) return refuse(req, res, row, 'recovery', CODE_INVALID)
      await audit(db, { actor: row, action: 'auth.recovery_code_used' })
      await finish(req, res, challenge, row, 'password+recovery')
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
    await finish(req, res, challenge, row, 'password+passkey')
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
