import express, { type Request, type RequestHandler, type Response, Router } from 'express'
import type { z } from 'zod'
import { roles } from '../../../core/permissions.ts'
import {
  authErrorCode,
  forgotPasswordSchema,
  INVALID_CREDENTIALS,
  INVITE_ACCEPTED,
  loginSchema,
  RESET_INVALID,
  RESET_SENT,
  resetPasswordSchema,
  SSO_REQUIRED,
  setupSchema,
} from '../../../core/schemas/auth.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  type ApiOperation,
  apiModule,
  audit,
  HttpError,
  type JsonSchema,
  messageSchema,
  mountRoutes,
  parseBody,
  type RouteDefinition,
  rateLimit,
  ref,
  route,
  shape,
} from '../../platform/index.ts'
import { beginSecondStep } from '../mfa/second-step.server.ts'
import { passwordRefusedForSso } from '../sso/sign-in.server.ts'
import {
  awaitsPassword,
  countAdmins,
  createAdmin,
  findAdminByEmail,
  findAdminByResetToken,
  setPassword,
  toCurrentAdmin,
} from './admins.server.ts'
import { clearSessionCookie, loadSession } from './middleware.ts'
import { verifyAgainstDummy, verifyPassword } from './password.server.ts'
import { assertAcceptablePassword } from './password-policy.server.ts'
import { sendPasswordResetLink } from './password-reset.server.ts'
import { destroyAdminSessions, destroySession } from './sessions.server.ts'
import { completeSignIn, startSession } from './sign-in.server.ts'
import { safeEqual, tokenDigest } from './tokens.server.ts'

const bodies = [express.json({ limit: '8kb' }), express.urlencoded({ extended: false, limit: '8kb' })]

function isForm(req: Request) {
  return req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded'
}

/** Form posts (no JavaScript) go back to a page with the outcome in the query; JSON gets JSON. */
function answer(
  req: Request,
  res: Response,
  status: number,
  body: Record<string, unknown>,
  formRedirect: string,
) {
  if (isForm(req)) res.redirect(303, formRedirect)
  else res.status(status).json(body)
}

/** The buyer portal's sign-in form says so, and its answers keep saying it. */
function portalOf(req: Request): 'buyer' | undefined {
  return req.body?.portal === 'buyer' ? 'buyer' : undefined
}

/** The token a reset or setup form carried, to keep on the page it goes back to. */
function tokenOf(req: Request): string | undefined {
  return typeof req.body?.token === 'string' ? req.body.token : undefined
}

function withQuery(pathname: string, params: Record<string, string | undefined>) {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v)
  const query = search.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** Where a refused form post goes back to, with the refusal's code. */
type Retry = (req: Request, code: string) => string

const retryLogin: Retry = (req, code) =>
  withQuery('/api/login', { error: code, email: String(req.body?.email ?? ''), portal: portalOf(req) })
const retryForgot: Retry = (_req, code) => withQuery('/forgot-password', { error: code })
const retryReset: Retry = (req, code) => withQuery('/reset-password', { token: tokenOf(req), error: code })
const retrySetup: Retry = (req, code) => withQuery('/setup', { token: tokenOf(req), error: code })

/** A refusal (HttpError) of a form post goes back to its page; anything else, or JSON, is thrown on. */
function refuseForm(req: Request, res: Response, error: unknown, retry: Retry) {
  if (!(error instanceof HttpError) || !isForm(req)) throw error
  res.redirect(303, retry(req, authErrorCode(error.message)))
}

/**
 * Before the definition parses the body (a 400 for JSON): a form post that breaks the schema goes
 * back to its page instead.
 */
function formInput(schema: z.ZodType, retry: Retry): RequestHandler {
  return (req, res, next) => {
    if (!isForm(req)) return next()
    try {
      parseBody(schema, req, { acceptForms: true })
    } catch (error) {
      return refuseForm(req, res, error, retry)
    }
    next()
  }
}

/** A buyer's sign-in account also names its buyer (`buyerId`), which staff answers leave out. */
function withBuyer(schema: JsonSchema): JsonSchema {
  return {
    ...schema,
    properties: { ...(schema.properties as object), buyerId: { type: ['integer', 'null'] } },
  }
}

const FORM_REDIRECT = 'A form post (no JavaScript) is answered with a 303 to the page that shows the outcome.'

export const authRoutes: RouteDefinition[] = [
  route({
    method: 'post',
    path: '/api/login',
    summary: 'Sign in',
    description: `Sets the session cookie. An account with a second factor is not signed in yet: the answer is \`{ secondFactor: { methods } }\` with a pending sign-in cookie, finished under /api/login/totp, /recovery or /passkey. ${FORM_REDIRECT}`,
    auth: 'public',
    body: loginSchema,
    requestType: 'json-or-form',
    response: {
      oneOf: [
        shape({ user: ref('CurrentAdmin') }),
        shape({
          secondFactor: shape({
            methods: { type: 'array', items: { type: 'string', enum: ['totp', 'passkey', 'recovery'] } },
          }),
        }),
      ],
    },
    responses: { 401: 'Invalid email or password', 429: 'Too many attempts' },
    handle: async ({ services, body: input, req, res }) => {
      const { db } = services
      const row = await findAdminByEmail(db, input.email)
      // An invited account without a password yet is refused like an unknown address, in the same time.
      const ok =
        row && !awaitsPassword(row)
          ? await verifyPassword(row.passwordHash, input.password)
          : await verifyAgainstDummy(input.password)
      if (!row || !ok || !row.isActive) {
        // An address with no account is counted, not recorded: it may be a mistyped real one.
        await audit(db, {
          actor: row ?? null,
          action: 'auth.sign_in_failed',
          ...(row ? {} : { detail: { unknownEmail: true } }),
        })
        return answer(
          req,
          res,
          401,
          { message: INVALID_CREDENTIALS },
          withQuery('/api/login', { error: 'credentials', email: input.email, portal: portalOf(req) }),
        )
      }
      if (await passwordRefusedForSso(services, row)) {
        await audit(db, {
          actor: row,
          action: 'auth.sign_in_failed',
          detail: { method: 'password', reason: 'sso-required' },
        })
        return answer(
          req,
          res,
          403,
          { message: SSO_REQUIRED },
          withQuery('/api/login', { error: 'sso-required', portal: portalOf(req) }),
        )
      }
      // An account with a second factor is not signed in yet: it gets a pending sign-in instead.
      if (await beginSecondStep(services, req, res, row)) return
      await completeSignIn(services, req, res, row, 'password')
      // A buyer's account has its own page and nothing else.
      if (isForm(req)) return res.redirect(303, row.role === 'buyer' ? '/buyer' : '/admin')
      return { user: toCurrentAdmin(row) }
    },
  }),
  route({
    method: 'get',
    path: '/api/logout',
    summary: 'Sign out',
    description: 'Ends the session and redirects to the home page.',
    auth: 'public',
    status: 302,
    handle: async ({ services, actor, req, res }) => {
      const { db, config } = services
      // A link on another site must not be able to sign an admin out.
      if (req.get('sec-fetch-site') === 'cross-site') return res.redirect(302, '/')
      if (req.session) {
        await destroySession(db, config.sessionSecret, req.session.token)
        await audit(db, { actor, action: 'auth.sign_out' })
      }
      clearSessionCookie(res, services)
      res.redirect(302, '/')
    },
  }),
  route({
    method: 'get',
    path: '/api/auth/user',
    summary: 'The signed-in admin',
    auth: 'session',
    anyAccount: true,
    response: ref('CurrentAdmin'),
    handle: ({ actor, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return actor
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/forgot-password',
    summary: 'Ask for a password reset link',
    description: `Answers alike whether or not the address has an account. ${FORM_REDIRECT}`,
    auth: 'public',
    body: forgotPasswordSchema,
    requestType: 'json-or-form',
    response: messageSchema,
    responses: { 429: 'Too many attempts' },
    handle: ({ services, body: { email }, req, res }) => {
      // Answer first, the same way whether or not the address has an account; the lookup and the
      // mail happen after, in order, so the response time says nothing about who is registered.
      answer(req, res, 200, { message: RESET_SENT }, '/forgot-password?sent=1')
      services.background.run('password reset', async () => {
        await sendPasswordResetLink(services, email)
      })
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset token',
    description: `Ends the admin's other sessions. ${FORM_REDIRECT}`,
    auth: 'public',
    body: resetPasswordSchema,
    requestType: 'json-or-form',
    response: messageSchema,
    handle: async ({ services: { db }, body: input, actor, req, res }) => {
      try {
        assertAcceptablePassword(input.newPassword)
      } catch (error) {
        return refuseForm(req, res, error, retryReset)
      }
      const row = await findAdminByResetToken(db, tokenDigest(input.token))
      if (!row?.isActive) {
        return answer(
          req,
          res,
          400,
          { message: RESET_INVALID },
          withQuery('/reset-password', { error: 'reset-invalid' }),
        )
      }
      const invited = awaitsPassword(row)
      await setPassword(db, row.id, input.newPassword)
      await destroyAdminSessions(db, row.id, actor?.id === row.id ? req.session?.sid : undefined)
      await audit(db, {
        actor: row,
        action: invited ? 'auth.invite_accepted' : 'auth.password_reset',
        ...(invited ? { entity: 'admin_user', entityId: row.id } : {}),
      })
      answer(
        req,
        res,
        200,
        { message: invited ? INVITE_ACCEPTED : 'Your password has been changed. Please sign in.' },
        withQuery('/api/login', {
          [invited ? 'invited' : 'reset']: '1',
          portal: row.role === 'buyer' ? 'buyer' : undefined,
        }),
      )
    },
  }),
  route({
    method: 'post',
    path: '/api/setup',
    summary: 'Create the first admin',
    description: `With the one-time token \`npm start\` prints; signs the new admin in. ${FORM_REDIRECT}`,
    auth: 'public',
    body: setupSchema,
    requestType: 'json-or-form',
    status: 201,
    response: shape({ user: ref('CurrentAdmin') }),
    responses: { 403: 'The setup token is not valid', 409: 'Setup is already complete' },
    handle: async ({ services, body: input, req, res }) => {
      const { db } = services
      try {
        if ((await countAdmins(db)) > 0 || !services.setup.token)
          throw new HttpError(409, 'Setup is already complete')
        if (!safeEqual(input.token, services.setup.token))
          throw new HttpError(403, 'This setup link is not valid')
        assertAcceptablePassword(input.password)
      } catch (error) {
        return refuseForm(req, res, error, retrySetup)
      }
      const row = await createAdmin(db, { ...input, role: 'admin' })
      services.setup.token = null
      await startSession(services, req, res, row.id)
      await audit(db, {
        actor: row,
        action: 'auth.first_admin_created',
        entity: 'admin_user',
        entityId: row.id,
      })
      if (isForm(req)) return res.redirect(303, '/admin')
      return { user: toCurrentAdmin(row) }
    },
  }),
]

/** The sign-in page is a page (the address the specification gives it), served by compose. */
const loginPage: Omit<ApiOperation, 'tag'> = {
  method: 'get',
  path: '/api/login',
  summary: 'The sign-in page',
  description: 'An HTML page (the address the specification gives it), not JSON.',
  auth: 'public',
  response: { type: 'string' },
  responseType: 'text/html',
}

const authModule = apiModule(
  {
    tag: { name: 'Auth', description: 'Signing in and out, and recovering a password.' },
    schemas: {
      CurrentAdmin: withBuyer(
        shape({
          id: 'integer',
          email: 'string',
          'firstName?': 'string',
          'lastName?': 'string',
          role: {
            type: 'string',
            description: `${roles.join(', ')} (a buyer’s sign-in account); a stored role this version does not know is answered as it is, and grants nothing`,
          },
          permissions: { type: 'array', items: { type: 'string' } },
          'profileImageUrl?': 'string',
        }),
      ),
    },
  },
  authRoutes,
)

export const authApi = {
  ...authModule,
  operations: [{ ...loginPage, tag: authModule.tag.name }, ...authModule.operations],
}

/**
 * Sign-in, sign-out, password recovery and setup. Each route's rate limit, body parsers (8 kB,
 * JSON or a form) and session come before its definition, which parses the body and runs it.
 */
export function authRouter(services: AppServices): Router {
  const { config } = services
  const router = Router()
  const session = loadSession(services)

  router.post(
    '/api/login',
    rateLimit(services, 'login', config.rateLimits.login),
    ...bodies,
    session,
    formInput(loginSchema, retryLogin),
  )
  router.get('/api/logout', session)
  router.post(
    '/api/auth/forgot-password',
    rateLimit(services, 'forgot-password', config.rateLimits.forgotPassword),
    ...bodies,
    formInput(forgotPasswordSchema, retryForgot),
  )
  router.post('/api/auth/reset-password', ...bodies, session, formInput(resetPasswordSchema, retryReset))
  router.post('/api/setup', ...bodies, session, formInput(setupSchema, retrySetup))
  return mountRoutes(router, services, '', authRoutes)
}
