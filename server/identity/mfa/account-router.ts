import express, { Router } from 'express'
import { REAUTHENTICATION_FAILED, reauthenticateSchema } from '../../../core/fresh-sign-in.ts'
import { policyCovers } from '../../../core/mfa-policy.ts'
import { changePasswordSchema, PASSWORD_CHANGED } from '../../../core/schemas/auth.ts'
import type { SecurityView } from '../../../core/schemas/mfa.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  arrayOf,
  audit,
  HttpError,
  messageSchema,
  mountRoutes,
  type RouteDefinition,
  rateLimit,
  ref,
  route,
  shape,
} from '../../platform/index.ts'
import { kickAccountNotices } from '../account/notices.server.ts'
import { loadSession, requireAnyAccount } from '../auth/middleware.ts'
import { changeOwnPassword } from '../auth/password-change.server.ts'
import { markSessionVerified } from '../auth/sessions.server.ts'
import { ANY, accountRouteKit, type Base, STAFF } from './account-route-kit.ts'
import { me, proves } from './own-account.server.ts'
import { passkeyAccountRoutes } from './passkey-account-routes.ts'
import { findTotp, listPasskeys, readPolicy, remainingRecoveryCodes, toPasskeyView } from './store.server.ts'
import { totpAccountRoutes } from './totp-account-routes.ts'

/**
 * One's own second factors and password, the same routes under each base (docs/decisions/0053):
 * any staff role (no permission is needed to look after one's own account) and, under
 * /api/account, a buyer's account too.
 */
function ownFactorRoutes(base: Base): RouteDefinition[] {
  const { account, words } = accountRouteKit(base)
  return [
    route({
      method: 'get',
      path: `${base}/security`,
      summary: 'Your second factors',
      description: words(),
      ...account,
      response: shape({
        passkeys: arrayOf(ref('Passkey')),
        totp: shape({ enabled: 'boolean', 'confirmedAt?': 'date-time' }),
        recoveryCodes: shape({ remaining: 'integer', total: 'integer' }),
        required: 'boolean',
        mustEnrol: 'boolean',
      }),
      handle: async ({ services, actor, res }) => {
        const { db } = services
        const row = await me(services, actor)
        const [passkeys, totp, codes, policy] = await Promise.all([
          listPasskeys(db, row.id),
          findTotp(db, row.id),
          remainingRecoveryCodes(db, row.id),
          readPolicy(db),
        ])
        const required = policyCovers(policy, row.role)
        const hasFactor = passkeys.length > 0 || Boolean(totp?.confirmedAt)
        res.setHeader('Cache-Control', 'no-store')
        return {
          passkeys: passkeys.map(toPasskeyView),
          totp: {
            enabled: Boolean(totp?.confirmedAt),
            confirmedAt: totp?.confirmedAt ? new Date(totp.confirmedAt).toISOString() : null,
          },
          recoveryCodes: codes,
          required,
          mustEnrol: required && !hasFactor,
        } satisfies SecurityView
      },
    }),
    /**
     * A fresh sign-in for the changes below (docs/decisions/0053): the password, an authenticator
     * code or a recovery code marks this session as proved now. Counted with sign-in attempts.
     */
    route({
      method: 'post',
      path: `${base}/reauthenticate`,
      summary: 'Confirm it is you again',
      description: words(
        'Your password, an authenticator code or a recovery code: the session counts as a fresh sign-in for ten minutes. Counted with sign-in attempts.',
      ),
      ...account,
      body: reauthenticateSchema,
      response: messageSchema,
      responses: { 400: 'Wrong password or code', 429: 'Too many attempts' },
      handle: async ({ services, actor, body, req }) => {
        const row = await me(services, actor)
        if (!req.session || !(await proves(services, row, body)))
          throw new HttpError(400, REAUTHENTICATION_FAILED)
        await markSessionVerified(services.db, req.session.sid)
        await audit(services.db, {
          actor: row,
          action: 'auth.reauthenticated',
          detail: { method: 'password' in body ? 'password' : 'code' },
        })
        return { message: 'Thank you: you can go on' }
      },
    }),
    // The current password proves who asks: no separate fresh sign-in (docs/decisions/0067).
    route({
      method: 'post',
      path: `${base}/password`,
      summary: 'Change your password',
      description: words(
        'Your current password and a new one (12 to 200 characters, not a common or breached password). The current password is the proof of who asks: no fresh sign-in is needed, and this session counts as one afterwards. Every other session of the account is signed out. Counted with sign-in attempts.',
      ),
      ...account,
      body: changePasswordSchema,
      response: shape({ message: 'string', endedSessions: 'integer' }),
      responses: {
        400: 'Wrong current password, or the new one is refused',
        409: 'The account signs in with single sign-on only',
        429: 'Too many attempts',
      },
      handle: async ({ services, actor, body, req, res }) => {
        const row = await me(services, actor)
        if (!req.session) throw new HttpError(401, 'Please sign in to continue')
        const { endedSessions } = await changeOwnPassword(services, row, req.session.sid, body)
        res.setHeader('Cache-Control', 'no-store')
        return { message: PASSWORD_CHANGED, endedSessions }
      },
    }),
    ...passkeyAccountRoutes(base),
    ...totpAccountRoutes(base),
  ]
}

const staffFactorRoutes = ownFactorRoutes(STAFF)
const anyFactorRoutes = ownFactorRoutes(ANY)

/** Both bases' routes, staff first, as the second factors' document lists them. */
export const accountFactorsRoutes = [...staffFactorRoutes, ...anyFactorRoutes]

function ownFactorRouter(services: AppServices, base: Base, routes: RouteDefinition[]): Router {
  const router = Router()
  // A factor added or removed is mailed to its owner now, not at the notices job's next round.
  router.use((req, res, next) => {
    if (req.method !== 'GET') res.on('finish', () => res.statusCode < 300 && kickAccountNotices(services))
    next()
  })
  // Counted with sign-in attempts, before anything else is read.
  router.post(
    ['/reauthenticate', '/password'],
    rateLimit(services, 'login', services.config.rateLimits.login),
  )
  return mountRoutes(router, services, base, routes)
}

/**
 * /api/account/*: the same routes for any signed-in account, a buyer's included (a buyer's account
 * never reaches /api/admin). Staff use either path; the enrolment guard holds neither.
 */
export function accountFactorsRouter(services: AppServices): Router {
  const router = Router()
  router.use(
    ANY,
    loadSession(services),
    requireAnyAccount,
    express.json({ limit: '64kb' }),
    ownFactorRouter(services, ANY, anyFactorRoutes),
  )
  return router
}

/**
 * /api/admin/account: the signed-in user's own second factors (any staff role). Mounted before the
 * enrolment guard, so a user held at enrolment can still add a factor here.
 */
export function accountAdminRouter(services: AppServices): Router {
  return ownFactorRouter(services, STAFF, staffFactorRoutes)
}
