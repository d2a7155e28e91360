import { type Request, type Response, Router } from 'express'
import type { SsoErrorCode } from '../../../core/schemas/auth.ts'
import type { AdminUser, AppServices } from '../../platform/index.ts'
import {
  audit,
  clientKey,
  hitRateLimit,
  providerUsedSecondFactor,
  readCookie,
  serializeCookie,
} from '../../platform/index.ts'
import { loadSession } from '../auth/middleware.ts'
import { completeSignIn } from '../auth/sign-in.server.ts'
import { beginSecondStep } from '../mfa/sign-in-router.ts'
import { ATTEMPT_TTL_MS, newBrowserToken, saveAttempt, takeAttempt } from './identities.server.ts'
import { finishSignIn, SSO_CALLBACK_PATH, startSignIn } from './oidc.server.ts'
import { resolveSsoUser } from './sign-in.server.ts'

const ATTEMPT_COOKIE = 'sso_attempt'

/**
 * Single sign-on with OpenID Connect (docs/decisions/0044-single-sign-on.md). Both ends are
 * top-level browser navigations, so every refusal is a redirect to the sign-in page with a code
 * it turns into words, never a JSON body.
 */
export function ssoRouter(services: AppServices): Router {
  const { db, config } = services
  const router = Router()
  const session = loadSession(services)
  const secure = () => config.publicUrl?.startsWith('https://') ?? false
  const redirectUri = () => `${config.linkOrigin}${SSO_CALLBACK_PATH}`

  const refuse = async (res: Response, reason: SsoErrorCode, admin?: AdminUser) => {
    await audit(db, {
      actor: admin ?? null,
      action: 'auth.sign_in_failed',
      detail: { method: 'sso', reason },
    })
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(303, `/api/login?error=${reason}`)
  }

  /** The login limits, counted apart from password attempts, answered with the sign-in page. */
  const limited = async (req: Request, res: Response) => {
    if (!config.rateLimits.enabled) return false
    const decision = await hitRateLimit(db, `sso:${clientKey(req.ip)}`, config.rateLimits.login)
    if (decision.allowed) return false
    res.setHeader('Retry-After', String(decision.retryAfterSeconds))
    res.redirect(303, '/api/login?error=too-many')
    return true
  }

  router.get('/api/auth/sso/start', async (req, res) => {
    if (await limited(req, res)) return
    const sso = config.sso
    if (!sso) return refuse(res, 'sso-off')
    let started: Awaited<ReturnType<typeof startSignIn>>
    try {
      started = await startSignIn(sso, redirectUri())
    } catch (error) {
      services.logger.warn({ err: error }, 'single sign-on: provider discovery failed')
      return refuse(res, 'sso-failed')
    }
    const browserToken = newBrowserToken()
    await saveAttempt(db, { ...started, browserToken })
    res.append(
      'Set-Cookie',
      serializeCookie(ATTEMPT_COOKIE, browserToken, { maxAgeMs: ATTEMPT_TTL_MS, secure: secure() }),
    )
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(303, started.url.href)
  })

  router.get(SSO_CALLBACK_PATH, session, async (req, res) => {
    if (await limited(req, res)) return
    const sso = config.sso
    if (!sso) return refuse(res, 'sso-off')
    // The attempt cookie has done its work whatever happens next.
    res.append('Set-Cookie', serializeCookie(ATTEMPT_COOKIE, '', { maxAgeMs: 0, secure: secure() }))
    const state = typeof req.query.state === 'string' ? req.query.state : ''
    const attempt =
      state && state.length <= 200
        ? await takeAttempt(db, state, readCookie(req.get('cookie'), ATTEMPT_COOKIE))
        : undefined
    if (!attempt) return refuse(res, 'sso-state')
    if (typeof req.query.error === 'string') {
      services.logger.info({ error: req.query.error }, 'single sign-on: the provider answered with an error')
      return refuse(res, 'sso-failed')
    }
    let identity: Awaited<ReturnType<typeof finishSignIn>>
    try {
      // The address the provider redirected to, as openid-client compares it with redirect_uri.
      const callbackUrl = new URL(req.originalUrl, config.linkOrigin)
      identity = await finishSignIn(sso, callbackUrl, { state, ...attempt })
    } catch (error) {
      services.logger.warn({ err: error }, 'single sign-on: code exchange or ID token refused')
      return refuse(res, 'sso-failed')
    }
    const outcome = await resolveSsoUser(services, sso, identity)
    if (!outcome.ok) return refuse(res, outcome.reason, outcome.admin)
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
  })

  return router
}
