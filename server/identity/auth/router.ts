import express, { type Request, type Response, Router } from 'express'
import type { z } from 'zod'
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
import { audit, HttpError, parseBody, rateLimit } from '../../platform/index.ts'
import { beginSecondStep } from '../mfa/sign-in-router.ts'
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
import { clearSessionCookie, loadSession, requireAnyAccount } from './middleware.ts'
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

function parse<T extends z.ZodType>(schema: T, req: Request): z.output<T> {
  return parseBody(schema, req, { acceptForms: true })
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

function withQuery(pathname: string, params: Record<string, string | undefined>) {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v)
  const query = search.toString()
  return query ? `${pathname}?${query}` : pathname
}

export function authRouter(services: AppServices): Router {
  const { db, config } = services
  const router = Router()
  const session = loadSession(services)

  router.post(
    '/api/login',
    rateLimit(services, 'login', config.rateLimits.login),
    ...bodies,
    session,
    async (req, res) => {
      let input: z.output<typeof loginSchema>
      try {
        input = parse(loginSchema, req)
      } catch (error) {
        if (!(error instanceof HttpError) || !isForm(req)) throw error
        return res.redirect(
          303,
          withQuery('/api/login', {
            error: authErrorCode(error.message),
            email: String(req.body?.email ?? ''),
            portal: portalOf(req),
          }),
        )
      }
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
      answer(req, res, 200, { user: toCurrentAdmin(row) }, row.role === 'buyer' ? '/buyer' : '/admin')
    },
  )

  router.get('/api/logout', session, async (req, res) => {
    // A link on another site must not be able to sign an admin out.
    if (req.get('sec-fetch-site') === 'cross-site') return res.redirect(302, '/')
    if (req.session) {
      await destroySession(db, config.sessionSecret, req.session.token)
      await audit(db, { actor: req.admin, action: 'auth.sign_out' })
    }
    clearSessionCookie(res, services)
    res.redirect(302, '/')
  })

  router.get('/api/auth/user', session, requireAnyAccount, (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(req.admin)
  })

  router.post(
    '/api/auth/forgot-password',
    rateLimit(services, 'forgot-password', config.rateLimits.forgotPassword),
    ...bodies,
    async (req, res) => {
      let email: string
      try {
        email = parse(forgotPasswordSchema, req).email
      } catch (error) {
        if (!(error instanceof HttpError) || !isForm(req)) throw error
        return res.redirect(303, withQuery('/forgot-password', { error: authErrorCode(error.message) }))
      }
      // Answer first, the same way whether or not the address has an account; the lookup and the
      // mail happen after, in order, so the response time says nothing about who is registered.
      answer(req, res, 200, { message: RESET_SENT }, '/forgot-password?sent=1')
      services.background.run('password reset', async () => {
        await sendPasswordResetLink(services, email)
      })
    },
  )

  router.post('/api/auth/reset-password', ...bodies, session, async (req, res) => {
    let input: z.output<typeof resetPasswordSchema>
    try {
      input = parse(resetPasswordSchema, req)
      assertAcceptablePassword(input.newPassword)
    } catch (error) {
      if (!(error instanceof HttpError) || !isForm(req)) throw error
      const token = typeof req.body?.token === 'string' ? req.body.token : undefined
      return res.redirect(303, withQuery('/reset-password', { token, error: authErrorCode(error.message) }))
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
    await destroyAdminSessions(db, row.id, req.admin?.id === row.id ? req.session?.sid : undefined)
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
  })

  router.post('/api/setup', ...bodies, session, async (req, res) => {
    const token = typeof req.body?.token === 'string' ? req.body.token : undefined
    let input: z.output<typeof setupSchema>
    try {
      input = parse(setupSchema, req)
      if ((await countAdmins(db)) > 0 || !services.setup.token)
        throw new HttpError(409, 'Setup is already complete')
      if (!safeEqual(input.token, services.setup.token))
        throw new HttpError(403, 'This setup link is not valid')
      assertAcceptablePassword(input.password)
    } catch (error) {
      if (!(error instanceof HttpError) || !isForm(req)) throw error
      return res.redirect(303, withQuery('/setup', { token, error: authErrorCode(error.message) }))
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
    answer(req, res, 201, { user: toCurrentAdmin(row) }, '/admin')
  })

  return router
}
