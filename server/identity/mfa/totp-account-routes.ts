import QRCode from 'qrcode'
import { totpCodeSchema } from '../../../core/schemas/mfa.ts'
import { site } from '../../../core/site.ts'
import { audit, HttpError, messageSchema, type RouteDefinition, route, shape } from '../../platform/index.ts'
import { accountRouteKit, type Base, codes, FIRST_CODES, firstCodes, STALE } from './account-route-kit.ts'
import { assertNotLast, firstRecoveryCodes, issueRecoveryCodes, me } from './own-account.server.ts'
import { seal, unseal } from './seal.server.ts'
import { claimTotpStep, factorsOf, findTotp } from './store.server.ts'
import { acceptTotp, newTotpSecret, totpUri } from './totp.server.ts'

/** One's own authenticator app and recovery codes (docs/decisions/0053). */
export function totpAccountRoutes(base: Base): RouteDefinition[] {
  const { sensitive, account } = accountRouteKit(base)
  return [
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
