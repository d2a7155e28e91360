import express, { type Request, type RequestHandler, type Response, Router } from 'express'
import type { z } from 'zod'
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
import {
  audit,
  HttpError,
  mountRoutes,
  parseBody,
  type RouteContext,
  type RouteDefinition,
  rateLimit,
  ref,
  route,
  shape,
} from '../../platform/index.ts'
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

type Pending = { challenge: Challenge; row: AdminUser }

/** The pending sign-in and its account, or a 401 telling the user to start again. */
async function pending(services: AppServices, req: Request): Promise<Pending> {
  const challenge = await readChallenge(services, req.get('cookie'), 'second-step')
  const row = challenge?.adminId ? await findAdminById(services.db, challenge.adminId) : undefined
  if (!challenge || !row?.isActive) throw new HttpError(401, SECOND_STEP_EXPIRED)
  return { challenge, row }
}

async function refuse(
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

async function finish(
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
async function checkCode(
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

async function markPasskeyUsed(services: AppServices, id: number, counter: number) {
  await services.db
    .updateTable('passkey')
    .set({ counter, lastUsedAt: new Date() })
    .where('id', '=', id)
    .execute()
}

const backToStep = (message: string) => `/api/login?step=second&error=${authErrorCode(message)}`

/** A code route's context: its body is the code, its path has no parameters. */
type CodeContext = RouteContext<'', undefined, { code: string }>

/** Form posts that fail go back to the second step with a code, not a JSON page. */
function formErrors(handler: (context: CodeContext) => Promise<void>) {
  return async (context: CodeContext) => {
    try {
      await handler(context)
    } catch (error) {
      if (!(error instanceof HttpError) || !isForm(context.req)) throw error
      context.res.redirect(303, backToStep(error.message))
    }
  }
}

/** Before the definition parses the body (a 400 for JSON): a form post that breaks it goes back too. */
function formInput(schema: z.ZodType): RequestHandler {
  return (req, res, next) => {
    if (!isForm(req)) return next()
    try {
      parseBody(schema, req, { acceptForms: true })
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      return res.redirect(303, backToStep(error.message))
    }
    next()
  }
}

const SIGNED_IN = shape({ user: ref('CurrentAdmin'), redirect: 'string' })
const STEP = 'Needs the pending sign-in cookie set by POST /api/login (five minutes, used once).'
const FORM =
  'A form post (no JavaScript) is answered with a 303 to the dashboard, or back to the second step.'
const passkeyOptions = { type: 'object', description: 'WebAuthn options for the browser (JSON, base64url).' }

/** The second step of signing in, and signing in with a passkey alone (all public: no session yet). */
export const factorSignInRoutes: RouteDefinition[] = [
  route({
    method: 'post',
    path: '/api/login/totp',
    summary: 'Finish signing in with an authenticator code',
    description: `${STEP} 30-second codes, one step of drift, each code once. ${FORM}`,
    auth: 'public',
    body: totpCodeSchema,
    requestType: 'json-or-form',
    response: SIGNED_IN,
    responses: {
      401: 'Wrong, reused or stale code, no pending sign-in, or the fifth wrong code ended it',
      429: "Too many attempts, or the account's codes are paused after ten wrong ones (Retry-After)",
    },
    handle: formErrors(({ services, body: { code }, req, res }) =>
      checkCode(services, req, res, 'totp', async (row) => {
        const totp = await findTotp(services.db, row.id)
        const secret = totp?.confirmedAt ? unseal(services.config.sessionSecret, totp.secret) : null
        const step = secret ? acceptTotp(secret, code, Number(totp?.lastUsedStep ?? 0)) : null
        return step !== null && (await claimTotpStep(services.db, row.id, step))
      }),
    ),
  }),
  route({
    method: 'post',
    path: '/api/login/recovery',
    summary: 'Finish signing in with a recovery code',
    description: `${STEP} Each code works once. ${FORM}`,
    auth: 'public',
    body: recoveryCodeSchema,
    requestType: 'json-or-form',
    response: SIGNED_IN,
    responses: {
      401: 'Unknown or used code, no pending sign-in, or the fifth wrong code ended it',
      429: "Too many attempts, or the account's codes are paused after ten wrong ones (Retry-After)",
    },
    handle: formErrors(({ services, body: { code }, req, res }) =>
      checkCode(
        services,
        req,
        res,
        'recovery',
        (row) => useRecoveryCode(services.db, row.id, code),
        (row) => audit(services.db, { actor: row, action: 'auth.recovery_code_used' }),
      ),
    ),
  }),
  route({
    method: 'post',
    path: '/api/login/passkey/options',
    summary: 'Passkey options for the second step',
    description: STEP,
    auth: 'public',
    response: passkeyOptions,
    responses: { 401: 'No pending sign-in', 429: 'Too many attempts' },
    handle: async ({ services, req }) => {
      const { challenge, row } = await pending(services, req)
      const passkeys = await listPasskeys(services.db, row.id)
      if (passkeys.length === 0) throw new HttpError(409, 'This account has no passkey')
      const options = await authenticationOptions(services, req, passkeys)
      await updateChallenge(services, challenge.tokenHash, options.challenge)
      return options
    },
  }),
  route({
    method: 'post',
    path: '/api/login/passkey/verify',
    summary: 'Finish signing in with a passkey',
    description: STEP,
    auth: 'public',
    body: passkeyAssertionSchema,
    response: SIGNED_IN,
    responses: { 401: 'The passkey could not be verified', 429: 'Too many attempts' },
    handle: async ({ services, body: { response }, req, res }) => {
      // Read before the body (see factorSignInRouter).
      const { challenge, row } = res.locals.pending as Pending
      const passkey = await findPasskeyByCredentialId(services.db, response.id)
      if (!challenge.challenge || !passkey || passkey.adminId !== row.id)
        return refuse(services, req, res, row, 'passkey', PASSKEY_FAILED)
      try {
        const counter = await verifyAuthentication(
          services,
          req,
          response,
          challenge.challenge,
          passkey,
          false,
        )
        await markPasskeyUsed(services, passkey.id, counter)
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        return refuse(services, req, res, row, 'passkey', PASSKEY_FAILED)
      }
      await finish(services, req, res, challenge, row, methodOf(challenge, 'passkey'))
    },
  }),
  // A passkey alone: discoverable credentials, so no email is asked for first.
  route({
    method: 'post',
    path: '/api/login/passkey-alone/options',
    summary: 'Passkey options to sign in without a password',
    description: 'Any discoverable passkey of this site; sets a challenge cookie.',
    auth: 'public',
    response: passkeyOptions,
    responses: { 429: 'Too many attempts' },
    handle: async ({ services, req, res }) => {
      const options = await authenticationOptions(services, req, [])
      await issueChallenge(services, req, res, 'passkey-sign-in', {
        adminId: null,
        challenge: options.challenge,
      })
      return options
    },
  }),
  route({
    method: 'post',
    path: '/api/login/passkey-alone/verify',
    summary: 'Sign in with a passkey alone',
    description: 'The authenticator must have verified its user.',
    auth: 'public',
    body: passkeyAssertionSchema,
    response: SIGNED_IN,
    responses: { 401: 'The passkey could not be verified', 429: 'Too many attempts' },
    handle: async ({ services, body: { response }, req, res }) => {
      const challenge = await readChallenge(services, req.get('cookie'), 'passkey-sign-in')
      if (!challenge?.challenge) throw new HttpError(401, SECOND_STEP_EXPIRED)
      // The challenge goes whatever the outcome: an assertion is checked against it once.
      await consumeChallenge(services, res, 'passkey-sign-in', challenge.tokenHash)
      const passkey = await findPasskeyByCredentialId(services.db, response.id)
      const row = passkey ? await findAdminById(services.db, passkey.adminId) : undefined
      if (!passkey || !row?.isActive)
        return refuse(services, req, res, row ?? null, 'passkey', PASSKEY_FAILED)
      try {
        const counter = await verifyAuthentication(
          services,
          req,
          response,
          challenge.challenge,
          passkey,
          true,
        )
        await markPasskeyUsed(services, passkey.id, counter)
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        return refuse(services, req, res, row, 'passkey', PASSKEY_FAILED)
      }
      await completeSignIn(services, req, res, row, 'passkey')
      signedIn(req, res, row)
    },
  }),
]

/**
 * The second step's routes: each has the sign-in rate limit, its body parsers (16 kB of JSON for a
 * passkey's assertion) and the session before its definition.
 */
export function factorSignInRouter(services: AppServices): Router {
  const router = Router()
  const before = [
    rateLimit(services, 'login', services.config.rateLimits.login),
    ...bodies,
    loadSession(services),
  ]
  // A passkey's answer is for a pending sign-in: without one, a 401 comes before any 400 for its body.
  const pendingFirst: RequestHandler = async (req, res, next) => {
    res.locals.pending = await pending(services, req)
    next()
  }
  router.post('/api/login/totp', ...before, formInput(totpCodeSchema))
  router.post('/api/login/recovery', ...before, formInput(recoveryCodeSchema))
  router.post('/api/login/passkey/options', ...before)
  router.post('/api/login/passkey/verify', ...before, pendingFirst)
  router.post('/api/login/passkey-alone/options', ...before)
  router.post('/api/login/passkey-alone/verify', ...before)
  return mountRoutes(router, services, '', factorSignInRoutes)
}
