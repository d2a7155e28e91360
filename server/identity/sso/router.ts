import { type Request, type Response, Router } from 'express'
import type { SsoErrorCode } from '../../../core/schemas/auth.ts'
import { ssoSettingsViewSchema } from '../../../core/schemas/sso.ts'
import type { AdminUser, AppServices } from '../../platform/index.ts'
import {
  apiModule,
  audit,
  clientKey,
  hitRateLimit,
  mountRoutes,
  providerUsedSecondFactor,
  readCookie,
  route,
  serializeCookie,
  toJsonSchema,
} from '../../platform/index.ts'
import { loadSession } from '../auth/middleware.ts'
import { completeSignIn } from '../auth/sign-in.server.ts'
import { beginSecondStep } from '../mfa/second-step.server.ts'
import { ssoAdminRoutes } from './admin-router.ts'
import { ATTEMPT_TTL_MS, newBrowserToken, saveAttempt, takeAttempt } from './identities.server.ts'
import { finishSignIn, SSO_CALLBACK_PATH, startSignIn } from './oidc.server.ts'
import { resolveSsoUser } from './sign-in.server.ts'

const ATTEMPT_COOKIE = 'sso_attempt'
const REFUSED =
  'Every refusal (state, provider, e-mail, domain, account) redirects to `/api/login?error=sso-…` and records `auth.sign_in_failed`.'

const secure = ({ config }: AppServices) => config.publicUrl?.startsWith('https://') ?? false
const redirectUri = ({ config }: AppServices) => `${config.linkOrigin}${SSO_CALLBACK_PATH}`

async function refuse(services: AppServices, res: Response, reason: SsoErrorCode, admin?: AdminUser) {
  await audit(services.db, {
    actor: admin ?? null,
    action: 'auth.sign_in_failed',
    detail: { method: 'sso', reason },
  })
  res.setHeader('Cache-Control', 'no-store')
  res.redirect(303, `/api/login?error=${reason}`)
}

/** The login limits, counted apart from password attempts, answered with the sign-in page. */
async function limited({ db, config }: AppServices, req: Request, res: Response) {
  if (!config.rateLimits.enabled) return false
  const decision = await hitRateLimit(db, `sso:${clientKey(req.ip)}`, config.rateLimits.login)
  if (decision.allowed) return false
  res.setHeader('Retry-After', String(decision.retryAfterSeconds))
  res.redirect(303, '/api/login?error=too-many')
  return true
}

/**
 * Single sign-on with OpenID Connect (docs/decisions/0044-single-sign-on.md). Both ends are
 * top-level browser navigations, so every refusal is a redirect to the sign-in page with a code
 * it turns into words, never a JSON body: the handlers answer through `res`.
 */
export const ssoSignInRoutes = [
  route({
    method: 'get',
    path: '/api/auth/sso/start',
    summary: 'Start single sign-on',
    description:
      'Redirects to the provider (authorisation code flow with PKCE S256, fresh `state` and `nonce`, kept server-side for ten minutes and bound to this browser by a cookie).',
    auth: 'public',
    status: 303,
    handle: async ({ services, req, res }) => {
      if (await limited(services, req, res)) return
      const sso = services.config.sso
      if (!sso) return refuse(services, res, 'sso-off')
      let started: Awaited<ReturnType<typeof startSignIn>>
      try {
        started = await startSignIn(sso, redirectUri(services))
      } catch (error) {
        services.logger.warn({ err: error }, 'single sign-on: provider discovery failed')
        return refuse(services, res, 'sso-failed')
      }
      const browserToken = newBrowserToken()
      await saveAttempt(services.db, { ...started, browserToken })
      res.append(
        'Set-Cookie',
        serializeCookie(ATTEMPT_COOKIE, browserToken, { maxAgeMs: ATTEMPT_TTL_MS, secure: secure(services) }),
      )
      res.setHeader('Cache-Control', 'no-store')
      res.redirect(303, started.url.href)
    },
  }),
  route({
    method: 'get',
    path: SSO_CALLBACK_PATH,
    summary: 'Single sign-on callback',
    description: `Where the provider sends the browser back. Checks the state (once only), exchanges the code, validates the ID token, requires a verified address in an allowed domain and refuses a second provider subject for an account. An account with its own second factor goes on to /api/login?step=second unless the ID token's amr shows the provider asked for a second factor (SSO_MFA_AMR); otherwise it signs in and redirects to /admin. ${REFUSED}`,
    auth: 'public',
    status: 303,
    // `state`, `code` and `error` are the provider's, read as they come: any refusal is a redirect.
    handle: async ({ services, req, res }) => {
      const { db, config } = services
      if (await limited(services, req, res)) return
      const sso = config.sso
      if (!sso) return refuse(services, res, 'sso-off')
      // The attempt cookie has done its work whatever happens next.
      res.append('Set-Cookie', serializeCookie(ATTEMPT_COOKIE, '', { maxAgeMs: 0, secure: secure(services) }))
      const state = typeof req.query.state === 'string' ? req.query.state : ''
      const attempt =
        state && state.length <= 200
          ? await takeAttempt(db, state, readCookie(req.get('cookie'), ATTEMPT_COOKIE))
          : undefined
      if (!attempt) return refuse(services, res, 'sso-state')
      if (typeof req.query.error === 'string') {
        services.logger.info(
          { error: req.query.error },
          'single sign-on: the provider answered with an error',
        )
        return refuse(services, res, 'sso-failed')
      }
      let identity: Awaited<ReturnType<typeof finishSignIn>>
      try {
        // The address the provider redirected to, as openid-client compares it with redirect_uri.
        const callbackUrl = new URL(req.originalUrl, config.linkOrigin)
        identity = await finishSignIn(sso, callbackUrl, { state, ...attempt })
      } catch (error) {
        services.logger.warn({ err: error }, 'single sign-on: code exchange or ID token refused')
        return refuse(services, res, 'sso-failed')
      }
      const outcome = await resolveSsoUser(services, sso, identity)
      if (!outcome.ok) return refuse(services, res, outcome.reason, outcome.admin)
      // The provider proved who the user is; the account's own second factor is still asked for
      // unless the provider's ID token says it asked for one itself.
      if (
        !providerUsedSecondFactor(sso, identity.amr) &&
        (await beginSecondStep(services, req, res, outcome.admin, 'sso'))
      )
        return
      await completeSignIn(services, req, res, outcome.admin, 'sso')
      res.setHeader('Cache-Control', 'no-store')
      res.redirect(303, outcome.admin.role === 'buyer' ? '/buyer' : '/admin')
    },
  }),
]

export const ssoApi = apiModule(
  {
    tag: {
      name: 'Single sign-on',
      description:
        'OpenID Connect sign-in through the organisation’s identity provider (set by environment).',
    },
    schemas: { SsoSettings: toJsonSchema(ssoSettingsViewSchema, 'output') },
  },
  [...ssoSignInRoutes, ...ssoAdminRoutes],
)

export function ssoRouter(services: AppServices): Router {
  const router = Router()
  // A session the browser already has is ended by the sign-in that replaces it (completeSignIn).
  router.get(SSO_CALLBACK_PATH, loadSession(services))
  return mountRoutes(router, services, '', ssoSignInRoutes)
}
