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
import { site } from '../../../core/site.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit, HttpError, parseBody, parseId, rateLimit } from '../../platform/index.ts'
import { kickAccountNotices } from '../account/notices.server.ts'
import { findAdminById } from '../auth/admins.server.ts'
import { loadSession, requireAnyAccount, requireFreshSignIn } from '../auth/middleware.ts'
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

const PASSKEY_NOT_FOUND = 'Passkey not found'

/**
 * /api/account/*: the same routes for any signed-in account, a buyer's included (a buyer's account
 * never reaches /api/admin). Staff use either path; the enrolment guard holds neither.
 */
export function accountFactorsRouter(services: AppServices): Router {
  const router = Router()
  router.use(
    '/api/account',
    loadSession(services),
    requireAnyAccount,
    express.json({ limit: '64kb' }),
    accountAdminRouter(services),
  )
  return router
}

/**
 * /api/admin/account: the signed-in user's own second factors (any staff role; no permission is
 * needed to look after one's own account). Mounted before the enrolment guard, so a user held at
 * enrolment can still add a factor here.
 */
export function accountAdminRouter(services: AppServices): Router {
  const { db, config } = services
  const router = Router()
  // A factor added or removed is mailed to its owner now, not at the notices job's next round.
  router.use((req, res, next) => {
    if (req.method !== 'GET') res.on('finish', () => res.statusCode < 300 && kickAccountNotices(services))
    next()
  })

  async function me(req: Parameters<Parameters<Router['get']>[1]>[0]) {
    const row = req.admin ? await findAdminById(db, req.admin.id) : undefined
    if (!row?.isActive) throw new HttpError(401, 'Please sign in to continue')
    return row
  }

  /** Refuses a removal that leaves no factor when the policy asks this user for one. */
  async function assertNotLast(role: string, left: { passkeys: number; totp: boolean }) {
    if (left.passkeys > 0 || left.totp) return
    if (policyCovers(await readPolicy(db), role)) throw new HttpError(409, LAST_FACTOR_REQUIRED)
  }

  /** Ten new recovery codes replace any earlier ones; audited, and answered once to the caller. */
  async function issueRecoveryCodes(
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
  async function firstRecoveryCodes(row: { id: number; email: string }) {
    if ((await remainingRecoveryCodes(db, row.id)).total > 0) return undefined
    return issueRecoveryCodes(row, { withFirstFactor: true })
  }

  router.get('/security', async (req, res) => {
    const row = await me(req)
    const [passkeys, totp, codes, policy] = await Promise.all([
      listPasskeys(db, row.id),
      findTotp(db, row.id),
      remainingRecoveryCodes(db, row.id),
      readPolicy(db),
    ])
    const required = policyCovers(policy, row.role)
    const hasFactor = passkeys.length > 0 || Boolean(totp?.confirmedAt)
    res.setHeader('Cache-Control', 'no-store')
    res.json({
      passkeys: passkeys.map(toPasskeyView),
      totp: {
        enabled: Boolean(totp?.confirmedAt),
        confirmedAt: totp?.confirmedAt ? new Date(totp.confirmedAt).toISOString() : null,
      },
      recoveryCodes: codes,
      required,
      mustEnrol: required && !hasFactor,
    } satisfies SecurityView)
  })

  /**
   * A fresh sign-in for the changes below (docs/decisions/0053): the password, an authenticator
   * code or a recovery code marks this session as proved now. Counted with sign-in attempts.
   */
  router.post('/reauthenticate', rateLimit(services, 'login', config.rateLimits.login), async (req, res) => {
    const row = await me(req)
    const input = parseBody(reauthenticateSchema, req)
    if (!req.session || !(await proves(row, input))) throw new HttpError(400, REAUTHENTICATION_FAILED)
    await markSessionVerified(db, req.session.sid)
    await audit(db, {
      actor: row,
      action: 'auth.reauthenticated',
      detail: { method: 'password' in input ? 'password' : 'code' },
    })
    res.json({ message: 'Thank you: you can go on' })
  })

  // Adding, renaming or removing a factor, and new recovery codes, need a fresh sign-in (below).
  async function proves(row: Awaited<ReturnType<typeof me>>, input: { password: string } | { code: string }) {
    if ('password' in input)
      return !(await passwordRefusedForSso(services, row)) && verifyPassword(row.passwordHash, input.password)
    const code = input.code.replace(/\s+/g, '')
    return /^\d{6}$/.test(code) ? provesByTotp(row.id, code) : redeemRecoveryCode(db, row.id, input.code)
  }

  async function provesByTotp(adminId: number, code: string) {
    const totp = await findTotp(db, adminId)
    const secret = totp?.confirmedAt ? unseal(config.sessionSecret, totp.secret) : null
    const step = secret ? acceptTotp(secret, code, Number(totp?.lastUsedStep ?? 0)) : null
    return step !== null && claimTotpStep(db, adminId, step)
  }

  // The current password proves who asks: no separate fresh sign-in (docs/decisions/0067).
  router.post('/password', rateLimit(services, 'login', config.rateLimits.login), async (req, res) => {
    const row = await me(req)
    const input = parseBody(changePasswordSchema, req)
    if (!req.session) throw new HttpError(401, 'Please sign in to continue')
    const { endedSessions } = await changeOwnPassword(services, row, req.session.sid, input)
    res.setHeader('Cache-Control', 'no-store')
    res.json({ message: PASSWORD_CHANGED, endedSessions })
  })

  router.post('/passkeys/options', requireFreshSignIn, async (req, res) => {
    const row = await me(req)
    const options = await registrationOptions(services, req, row, await listPasskeys(db, row.id))
    await issueChallenge(services, req, res, 'passkey-register', {
      adminId: row.id,
      challenge: options.challenge,
    })
    res.json(options)
  })

  router.post('/passkeys', requireFreshSignIn, async (req, res) => {
    const row = await me(req)
    const { name, response } = parseBody(passkeyRegistrationSchema, req)
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
    const recoveryCodes = await firstRecoveryCodes(row)
    res.setHeader('Cache-Control', 'no-store')
    res.status(201).json({ ...toPasskeyView(saved), ...(recoveryCodes ? { recoveryCodes } : {}) })
  })

  router.put('/passkeys/:id', requireFreshSignIn, async (req, res) => {
    const row = await me(req)
    const { name } = parseBody(passkeyNameSchema, req)
    const updated = await db
      .updateTable('passkey')
      .set({ name })
      .where('id', '=', parseId(req.params.id, 'Passkey'))
      .where('adminId', '=', row.id)
      .returningAll()
      .executeTakeFirst()
    if (!updated) throw new HttpError(404, PASSKEY_NOT_FOUND)
    res.json(toPasskeyView(updated))
  })

  router.delete('/passkeys/:id', requireFreshSignIn, async (req, res) => {
    const row = await me(req)
    const id = parseId(req.params.id, 'Passkey')
    const passkey = await db
      .selectFrom('passkey')
      .selectAll()
      .where('id', '=', id)
      .where('adminId', '=', row.id)
      .executeTakeFirst()
    if (!passkey) throw new HttpError(404, PASSKEY_NOT_FOUND)
    const factors = await factorsOf(db, row.id)
    await assertNotLast(row.role, { passkeys: factors.passkeys - 1, totp: factors.totp })
    await db.deleteFrom('passkey').where('id', '=', id).execute()
    await audit(db, {
      actor: row,
      action: 'auth.passkey_removed',
      entity: 'passkey',
      entityId: id,
      detail: { name: passkey.name },
    })
    res.status(204).end()
  })

  // A new secret replaces an unconfirmed one; a confirmed app must be removed first.
  router.post('/totp', requireFreshSignIn, async (req, res) => {
    const row = await me(req)
    const existing = await findTotp(db, row.id)
    if (existing?.confirmedAt)
      throw new HttpError(409, 'An authenticator app is already set up: remove it first to set up another')
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
    res.json({ secret, uri, qrSvg })
  })

  router.post('/totp/confirm', requireFreshSignIn, async (req, res) => {
    const row = await me(req)
    const { code } = parseBody(totpCodeSchema, req)
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
    const recoveryCodes = await firstRecoveryCodes(row)
    res.setHeader('Cache-Control', 'no-store')
    res.json({ message: 'Your authenticator app is set up', ...(recoveryCodes ? { recoveryCodes } : {}) })
  })

  router.delete('/totp', requireFreshSignIn, async (req, res) => {
    const row = await me(req)
    const totp = await findTotp(db, row.id)
    if (!totp) throw new HttpError(404, 'No authenticator app is set up')
    if (totp.confirmedAt) {
      const factors = await factorsOf(db, row.id)
      await assertNotLast(row.role, { passkeys: factors.passkeys, totp: false })
    }
    await db.deleteFrom('totpSecret').where('adminId', '=', row.id).execute()
    if (totp.confirmedAt) await audit(db, { actor: row, action: 'auth.totp_disabled' })
    res.status(204).end()
  })

  router.post('/recovery-codes', requireFreshSignIn, async (req, res) => {
    const codes = await issueRecoveryCodes(await me(req))
    res.setHeader('Cache-Control', 'no-store')
    res.status(201).json({ codes })
  })

  return router
}
