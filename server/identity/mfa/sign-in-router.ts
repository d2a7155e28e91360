import express, { type RequestHandler, Router } from 'express'
import type { z } from 'zod'
import { authErrorCode } from '../../../core/schemas/auth.ts'
import {
  passkeyAssertionSchema,
  recoveryCodeSchema,
  SECOND_STEP_EXPIRED,
  totpCodeSchema,
} from '../../../core/schemas/mfa.ts'
import type { AppServices } from '../../platform/index.ts'
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
import { findAdminById } from '../auth/admins.server.ts'
import { loadSession } from '../auth/middleware.ts'
import { completeSignIn } from '../auth/sign-in.server.ts'
import { consumeChallenge, issueChallenge, readChallenge, updateChallenge } from './challenges.server.ts'
import { unseal } from './seal.server.ts'
import {
  checkCode,
  finish,
  isForm,
  markPasskeyUsed,
  methodOf,
  type Pending,
  pending,
  refuse,
  signedIn,
} from './second-step.server.ts'
import {
  claimTotpStep,
  findPasskeyByCredentialId,
  findTotp,
  listPasskeys,
  useRecoveryCode,
} from './store.server.ts'
import { acceptTotp } from './totp.server.ts'
import { authenticationOptions, PASSKEY_FAILED, verifyAuthentication } from './webauthn.server.ts'

const bodies = [express.json({ limit: '16kb' }), express.urlencoded({ extended: false, limit: '8kb' })]

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
