import express, { Router } from 'express'
import QRCode from 'qrcode'
import { REAUTHENTICATION_FAILED, reauthenticateSchema } from '../../../core/fresh-sign-in.ts'
import { LAST_FACTOR_REQUIRED, policyCovers } from '../../../core/mfa-policy.ts'
import { changePasswordSchema, PASSWORD_CHANGED } from '../../../core/schemas/auth.ts'
import {
  passkeyNameSchema,
  passkeyRegistrationSchema,
  type SecurityView,
  totpCodeSchema,
} from '../../../core/schemas/mfa.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { site } from '../../../core/site.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  type ApiOperation,
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
import { findAdminById } from '../auth/admins.server.ts'
import { loadSession, requireAnyAccount } from '../auth/middleware.ts'
import { verifyPassword } from '../auth/password.server.ts'
import { changeOwnPassword } from '../auth/password-change.server.ts'
import { markSessionVerified } from '../auth/sessions.server.ts'
import { passwordRefusedForSso } from '../sso/sign-in.server.ts'
import { consumeChallenge, issueChallenge, readChallenge } from './challenges.server.ts'
import { newRecoveryCodes, RECOVERY_CODE_COUNT } from './recovery-codes.server.ts'
import { seal, unseal } from './seal.server.ts'
import {
  claimTotpStep,
  factorsOf,
  findTotp,
  listPasskeys,
  readPolicy,
  useRecoveryCode as redeemRecoveryCode,
  remainingRecoveryCodes,
  replaceRecoveryCodes,
  toPasskeyView,
} from './store.server.ts'
import { acceptTotp, newTotpSecret, totpUri } from './totp.server.ts'
import { registrationOptions, verifyRegistration } from './webauthn.server.ts'

/** Staff use either base; a buyer's account only /api/account (it never reaches /api/admin). */
const STAFF = '/api/admin/account'
const ANY = '/api/account'
type Base = typeof STAFF | typeof ANY

const PASSKEY_NOT_FOUND = 'Passkey not found'
const options = { type: 'object', description: 'WebAuthn options for the browser (JSON, base64url).' }
const FIRST_CODES =
  "With the account's first factor (no recovery codes ever issued), `recoveryCodes` holds ten codes, shown in this answer only."
const codes = { type: 'array', items: { type: 'string' } }
/** Present only with the first factor, so not in `required`. */
const firstCodes = { type: 'object', properties: { recoveryCodes: codes } }
const FRESH =
  'Needs a sign-in or re-authentication of the last ten minutes: otherwise 403 `{ message, reauthenticate: true }` (POST …/account/reauthenticate, then retry).'
const STALE = {
  403: {
    description: 'A buyer, held at enrolment, or a sign-in older than ten minutes (`reauthenticate: true`)',
    // Each flag only when it applies.
    schema: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        reauthenticate: { type: 'boolean' },
        enrol: { type: 'boolean' },
      },
      required: ['message'],
    },
  },
} satisfies ApiOperation['responses']

async function me(services: AppServices, actor: CurrentAdmin | undefined) {
  const row = actor ? await findAdminById(services.db, actor.id) : undefined
  if (!row?.isActive) throw new HttpError(401, 'Please sign in to continue')
  return row
}
type Me = Awaited<ReturnType<typeof me>>

/** Refuses a removal that leaves no factor when the policy asks this user for one. */
async function assertNotLast(services: AppServices, role: string, left: { passkeys: number; totp: boolean }) {
  if (left.passkeys > 0 || left.totp) return
  if (policyCovers(await readPolicy(services.db), role)) throw new HttpError(409, LAST_FACTOR_REQUIRED)
}

/** Ten new recovery codes replace any earlier ones; audited, and answered once to the caller. */
async function issueRecoveryCodes(
  { db }: AppServices,
  row: { id: number; email: string },
  detail: Record<string, unknown> = {},
) {
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT)
  await replaceRecoveryCodes(db, row.id, codes)
  await audit(db, {
    actor: row,
    action: 'auth.recovery_codes_generated',
    detail: { count: codes.length, ...detail },
  })
  return codes
}

/**
 * The first factor comes with ten recovery codes, shown once in its answer: an account that has
 * never had codes gets them without a separate step. Codes used up or regenerated are left alone.
 */
async function firstRecoveryCodes(services: AppServices, row: { id: number; email: string }) {
  if ((await remainingRecoveryCodes(services.db, row.id)).total > 0) return undefined
  return issueRecoveryCodes(services, row, { withFirstFactor: true })
}

// Adding, renaming or removing a factor, and new recovery codes, need a fresh sign-in (below).
async function proves(services: AppServices, row: Me, input: { password: string } | { code: string }) {
  if ('password' in input)
    return !(await passwordRefusedForSso(services, row)) && verifyPassword(row.passwordHash, input.password)
  const code = input.code.replace(/\s+/g, '')
  return /^\d{6}$/.test(code)
    ? provesByTotp(services, row.id, code)
    : redeemRecoveryCode(services.db, row.id, input.code)
}

async function provesByTotp({ db, config }: AppServices, adminId: number, code: string) {
  const totp = await findTotp(db, adminId)
  const secret = totp?.confirmedAt ? unseal(config.sessionSecret, totp.secret) : null
  const step = secret ? acceptTotp(secret, code, Number(totp?.lastUsedStep ?? 0)) : null
  return step !== null && claimTotpStep(db, adminId, step)
}

/**
 * One's own second factors and password, the same routes under each base (docs/decisions/0053):
 * any staff role (no permission is needed to look after one's own account) and, under
 * /api/account, a buyer's account too.
 */
function ownFactorRoutes(base: Base): RouteDefinition[] {
  const note = base === ANY ? ' Any signed-in account, a buyer’s included.' : ''
  const words = (description?: string) => `${description ?? ''}${note}`.trim() || undefined
  /** A change that needs a fresh sign-in (docs/decisions/0053). */
  const sensitive = (description?: string) => ({
    fresh: true,
    description: words([description, FRESH].filter(Boolean).join(' ')),
  })
  const account = { auth: 'session', anyAccount: base === ANY } as const
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
    route({
      method: 'post',
      path: `${base}/passkeys/options`,
      summary: 'Options to create a passkey',
      ...sensitive(),
      ...account,
      response: options,
      responses: STALE,
      handle: async ({ services, actor, req, res }) => {
        const row = await me(services, actor)
        const options = await registrationOptions(services, req, row, await listPasskeys(services.db, row.id))
        await issueChallenge(services, req, res, 'passkey-register', {
          adminId: row.id,
          challenge: options.challenge,
        })
        return options
      },
    }),
    route({
      method: 'post',
      path: `${base}/passkeys`,
      summary: 'Save a new passkey',
      ...sensitive(FIRST_CODES),
      ...account,
      body: passkeyRegistrationSchema,
      status: 201,
      response: { allOf: [ref('Passkey'), firstCodes] },
      responses: { ...STALE, 409: 'This passkey is already registered' },
      handle: async ({ services, actor, body: { name, response }, req, res }) => {
        const { db } = services
        const row = await me(services, actor)
        const challenge = await readChallenge(services, req.get('cookie'), 'passkey-register')
        if (!challenge?.challenge || challenge.adminId !== row.id)
          throw new HttpError(400, 'The passkey set-up expired. Please try again.')
        await consumeChallenge(services, res, 'passkey-register', challenge.tokenHash)
        const credential = await verifyRegistration(services, req, response, challenge.challenge)
        const saved = await db
          .insertInto('passkey')
          .values({ adminId: row.id, name, ...credential, transports: JSON.stringify(credential.transports) })
          .onConflict((oc) => oc.column('credentialId').doNothing())
          .returningAll()
          .executeTakeFirst()
        if (!saved) throw new HttpError(409, 'This passkey is already registered')
        await audit(db, {
          actor: row,
          action: 'auth.passkey_added',
          entity: 'passkey',
          entityId: saved.id,
          detail: { name },
        })
        const recoveryCodes = await firstRecoveryCodes(services, row)
        res.setHeader('Cache-Control', 'no-store')
        return { ...toPasskeyView(saved), ...(recoveryCodes ? { recoveryCodes } : {}) }
      },
    }),
    route({
      method: 'put',
      path: `${base}/passkeys/{id}`,
      summary: 'Rename a passkey',
      ...sensitive(),
      ...account,
      label: 'Passkey',
      body: passkeyNameSchema,
      response: ref('Passkey'),
      responses: STALE,
      handle: async ({ services, actor, params, body: { name } }) => {
        const row = await me(services, actor)
        const updated = await services.db
          .updateTable('passkey')
          .set({ name })
          .where('id', '=', params.id)
          .where('adminId', '=', row.id)
          .returningAll()
          .executeTakeFirst()
        if (!updated) throw new HttpError(404, PASSKEY_NOT_FOUND)
        return toPasskeyView(updated)
      },
    }),
    route({
      method: 'delete',
      path: `${base}/passkeys/{id}`,
      summary: 'Remove a passkey',
      ...sensitive(),
      ...account,
      label: 'Passkey',
      status: 204,
      responses: { ...STALE, 409: 'The last factor of an account the policy covers' },
      handle: async ({ services, actor, params: { id }, res }) => {
        const { db } = services
        const row = await me(services, actor)
        const passkey = await db
          .selectFrom('passkey')
          .selectAll()
          .where('id', '=', id)
          .where('adminId', '=', row.id)
          .executeTakeFirst()
        if (!passkey) throw new HttpError(404, PASSKEY_NOT_FOUND)
        const factors = await factorsOf(db, row.id)
        await assertNotLast(services, row.role, { passkeys: factors.passkeys - 1, totp: factors.totp })
        await db.deleteFrom('passkey').where('id', '=', id).execute()
        await audit(db, {
          actor: row,
          action: 'auth.passkey_removed',
          entity: 'passkey',
          entityId: id,
          detail: { name: passkey.name },
        })
        res.status(204).end()
      },
    }),
    // A new secret replaces an unconfirmed one; a confirmed app must be removed first.
    route({
      method: 'post',
      path: `${base}/totp`,
      summary: 'Start setting up an authenticator app',
      ...sensitive('A new secret, its otpauth:// address and a QR code (SVG). It counts once confirmed.'),
      ...account,
      response: shape({ secret: 'string', uri: 'string', qrSvg: 'string' }),
      responses: { ...STALE, 409: 'An authenticator app is already set up' },
      handle: async ({ services, actor }) => {
        const { db, config } = services
        const row = await me(services, actor)
        const existing = await findTotp(db, row.id)
        if (existing?.confirmedAt)
          throw new HttpError(
            409,
            'An authenticator app is already set up: remove it first to set up another',
          )
        const secret = newTotpSecret()
        const sealed = seal(config.sessionSecret, secret)
        await db
          .insertInto('totpSecret')
          .values({ adminId: row.id, secret: sealed, confirmedAt: null, lastUsedStep: 0 })
          .onConflict((oc) =>
            oc.column('adminId').doUpdateSet({ secret: sealed, confirmedAt: null, lastUsedStep: 0 }),
          )
          .execute()
        const uri = totpUri(secret, row.email, site.name)
        const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
        return { secret, uri, qrSvg }
      },
    }),
    route({
      method: 'post',
      path: `${base}/totp/confirm`,
      summary: 'Confirm the authenticator app with a code',
      ...sensitive(FIRST_CODES),
      ...account,
      body: totpCodeSchema,
      response: { allOf: [messageSchema, firstCodes] },
      responses: { ...STALE, 409: 'Nothing to confirm' },
      handle: async ({ services, actor, body: { code }, res }) => {
        const { db, config } = services
        const row = await me(services, actor)
        const totp = await findTotp(db, row.id)
        if (!totp) throw new HttpError(409, 'Set up the authenticator app first')
        if (totp.confirmedAt) throw new HttpError(409, 'The authenticator app is already set up')
        const secret = unseal(config.sessionSecret, totp.secret)
        const step = secret ? acceptTotp(secret, code, Number(totp.lastUsedStep)) : null
        if (step === null || !(await claimTotpStep(db, row.id, step)))
          throw new HttpError(400, 'That code is not valid. Check the time on your phone and try again.')
        await db
          .updateTable('totpSecret')
          .set({ confirmedAt: new Date() })
          .where('adminId', '=', row.id)
          .execute()
        await audit(db, { actor: row, action: 'auth.totp_enabled' })
        const recoveryCodes = await firstRecoveryCodes(services, row)
        res.setHeader('Cache-Control', 'no-store')
        return { message: 'Your authenticator app is set up', ...(recoveryCodes ? { recoveryCodes } : {}) }
      },
    }),
    route({
      method: 'delete',
      path: `${base}/totp`,
      summary: 'Remove the authenticator app',
      ...sensitive(),
      ...account,
      status: 204,
      responses: { ...STALE, 409: 'The last factor of an account the policy covers' },
      handle: async ({ services, actor, res }) => {
        const { db } = services
        const row = await me(services, actor)
        const totp = await findTotp(db, row.id)
        if (!totp) throw new HttpError(404, 'No authenticator app is set up')
        if (totp.confirmedAt) {
          const factors = await factorsOf(db, row.id)
          await assertNotLast(services, row.role, { passkeys: factors.passkeys, totp: false })
        }
        await db.deleteFrom('totpSecret').where('adminId', '=', row.id).execute()
        if (totp.confirmedAt) await audit(db, { actor: row, action: 'auth.totp_disabled' })
        res.status(204).end()
      },
    }),
    route({
      method: 'post',
      path: `${base}/recovery-codes`,
      summary: 'Generate ten recovery codes',
      ...sensitive('Replaces any earlier codes; the codes are shown in this answer only.'),
      ...account,
      status: 201,
      response: shape({ codes }),
      responses: STALE,
      handle: async ({ services, actor, res }) => {
        const codes = await issueRecoveryCodes(services, await me(services, actor))
        res.setHeader('Cache-Control', 'no-store')
        return { codes }
      },
    }),
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
