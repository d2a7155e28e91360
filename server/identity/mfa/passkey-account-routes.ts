import { passkeyNameSchema, passkeyRegistrationSchema } from '../../../core/schemas/mfa.ts'
import { audit, HttpError, type RouteDefinition, ref, route } from '../../platform/index.ts'
import { accountRouteKit, type Base, FIRST_CODES, firstCodes, STALE } from './account-route-kit.ts'
import { consumeChallenge, issueChallenge, readChallenge } from './challenges.server.ts'
import { assertNotLast, firstRecoveryCodes, me } from './own-account.server.ts'
import { factorsOf, listPasskeys, toPasskeyView } from './store.server.ts'
import { registrationOptions, verifyRegistration } from './webauthn.server.ts'

const PASSKEY_NOT_FOUND = 'Passkey not found'
const options = { type: 'object', description: 'WebAuthn options for the browser (JSON, base64url).' }

/** One's own passkeys: options to create one, save, rename and remove (docs/decisions/0053). */
export function passkeyAccountRoutes(base: Base): RouteDefinition[] {
  const { sensitive, account } = accountRouteKit(base)
  return [
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
  ]
}
