import { Router } from 'express'
import { apiKeyCreateSchema, buyerAccountCreateSchema } from '../../../core/schemas/buyer-access.ts'
import {
  assertAcceptablePassword,
  awaitsPassword,
  createBuyerAccount,
  deleteBuyerAccount,
  findAdminByEmail,
  findBuyerAccount,
  listBuyerAccounts,
  sendInvite,
  toBuyerAccountView,
} from '../../identity/index.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  audit,
  HttpError,
  isUniqueViolation,
  mountRoutes,
  parseId,
  ref,
  route,
  shape,
} from '../../platform/index.ts'
import { createKey, listKeys, revokeKey } from './keys.server.ts'

const BUYERS = '/api/admin/buyers'
const BASE = `${BUYERS}/{id}`
const auth = 'permission:buyers' as const
const noBuyer = { 404: 'No such buyer (or, for a key or account, none of this buyer’s)' }
const DUPLICATE_EMAIL = 'An account with this email already exists'

/**
 * The key's or account's id, parsed after the buyer is found, so that an unknown buyer is "Buyer
 * not found" whatever follows it. Described as the integer id it is.
 */
const laterId = { type: 'integer', minimum: 1 } as const

async function buyerIdOf({ db }: AppServices, id: number) {
  const buyer = await db.selectFrom('buyer').select('id').where('id', '=', id).executeTakeFirst()
  if (!buyer) throw new HttpError(404, 'Buyer not found')
  return id
}

const keyFields = {
  id: 'integer',
  name: 'string',
  prefix: { type: 'string', description: 'The key’s first 12 characters, to tell keys apart' },
  createdAt: 'date-time',
  'lastUsedAt?': 'date-time',
  'revokedAt?': 'date-time',
} as const

/**
 * Under /api/admin/buyers, behind the buyers permission: a buyer's API keys and sign-in accounts.
 * Only these paths are routed here; the rest of /buyers falls through to the buyers module.
 */
export const buyerAccessRoutes = [
  route({
    method: 'get',
    path: `${BASE}/keys`,
    summary: 'A buyer’s API keys',
    description: 'Newest first, revoked ones included.',
    auth,
    label: 'Buyer',
    response: arrayOf(ref('BuyerApiKey')),
    responses: noBuyer,
    handle: async ({ services, params, res }) => {
      const buyerId = await buyerIdOf(services, params.id)
      res.setHeader('Cache-Control', 'no-store')
      return listKeys(services.db, buyerId)
    },
  }),
  // A new key is a new credential to the buyer's leads: it needs a fresh sign-in (docs/decisions/0053).
  route({
    method: 'post',
    path: `${BASE}/keys`,
    summary: 'Create an API key for a buyer',
    description:
      'The answer holds the whole key: the only time it is shown. Needs a sign-in or re-authentication of the last ten minutes: otherwise 403 `{ message, reauthenticate: true }` (POST /api/admin/account/reauthenticate, then retry).',
    auth,
    label: 'Buyer',
    fresh: true,
    body: apiKeyCreateSchema,
    status: 201,
    response: ref('CreatedBuyerApiKey'),
    responses: {
      ...noBuyer,
      403: 'No buyers permission, a sign-in older than ten minutes (`reauthenticate: true`), or no second factor yet where one is required (`enrol: true`)',
    },
    handle: async ({ services, params, body: { name }, actor, res }) => {
      const { db } = services
      const buyerId = await buyerIdOf(services, params.id)
      const created = await createKey(db, buyerId, name)
      await audit(db, {
        actor,
        action: 'buyer_key.create',
        entity: 'buyer',
        entityId: buyerId,
        detail: { keyId: created.id, name, prefix: created.prefix },
      })
      res.setHeader('Cache-Control', 'no-store')
      return created
    },
  }),
  route({
    method: 'delete',
    path: `${BASE}/keys/{keyId}`,
    summary: 'Revoke a buyer’s API key',
    description: 'Revoking a revoked key keeps the first time. The key stays listed, as revoked.',
    auth,
    label: 'Buyer',
    params: { keyId: laterId },
    response: ref('BuyerApiKey'),
    responses: noBuyer,
    handle: async ({ services, params, actor }) => {
      const buyerId = await buyerIdOf(services, params.id)
      const keyId = parseId(params.keyId, 'API key')
      const revoked = await revokeKey(services.db, buyerId, keyId)
      if (!revoked) throw new HttpError(404, 'API key not found')
      await audit(services.db, {
        actor,
        action: 'buyer_key.revoke',
        entity: 'buyer',
        entityId: buyerId,
        detail: { keyId, prefix: revoked.prefix },
      })
      return revoked
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/accounts`,
    summary: 'A buyer’s sign-in accounts',
    auth,
    label: 'Buyer',
    response: arrayOf(ref('BuyerAccount')),
    responses: noBuyer,
    handle: async ({ services, params, res }) => {
      const buyerId = await buyerIdOf(services, params.id)
      res.setHeader('Cache-Control', 'no-store')
      return listBuyerAccounts(services.db, buyerId)
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/accounts`,
    summary: 'Add a sign-in account for a buyer',
    description:
      'A `buyer` role tied to this buyer: it signs in where staff do and sees only /buyer. Without `password` (as the admin’s form sends it) the person is invited by email: a link, valid for 7 days and once, to choose their own password.',
    auth,
    label: 'Buyer',
    body: buyerAccountCreateSchema,
    status: 201,
    response: ref('BuyerAccount'),
    responses: {
      ...noBuyer,
      400: 'The request breaks a rule (the password policy included): the message names the first',
      409: 'An account with this email already exists',
    },
    handle: async ({ services, params, body: input, actor }) => {
      const { db } = services
      const buyerId = await buyerIdOf(services, params.id)
      if (input.password !== undefined) assertAcceptablePassword(input.password)
      if (await findAdminByEmail(db, input.email)) throw new HttpError(409, DUPLICATE_EMAIL)
      let row: Awaited<ReturnType<typeof createBuyerAccount>>
      try {
        row = await createBuyerAccount(db, buyerId, input)
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_EMAIL)
        throw error
      }
      const invited = input.password === undefined
      await audit(db, {
        actor,
        action: 'buyer_account.create',
        entity: 'admin_user',
        entityId: row.id,
        detail: { buyerId, invited },
      })
      if (invited) await sendInvite(services, row, actor, { buyerId })
      return toBuyerAccountView(row)
    },
  }),
  // Another link for an account that has not chosen its password yet; the last link stops working.
  route({
    method: 'post',
    path: `${BASE}/accounts/{userId}/invite`,
    summary: 'Mail a buyer’s account a new invitation',
    description:
      'For an account that has not chosen a password yet. The link of the last invitation stops working.',
    auth,
    label: 'Buyer',
    params: { userId: laterId },
    response: shape({ message: 'string', expiresAt: 'date-time' }),
    responses: { ...noBuyer, 409: 'The account has already chosen its password' },
    handle: async ({ services, params, actor }) => {
      const buyerId = await buyerIdOf(services, params.id)
      const row = await findBuyerAccount(services.db, buyerId, parseId(params.userId, 'Account'))
      if (!row) throw new HttpError(404, 'Account not found')
      if (!awaitsPassword(row))
        throw new HttpError(409, 'This account has chosen its password: it can use “Forgot password?”')
      const expires = await sendInvite(services, row, actor, { buyerId, resent: true })
      return { message: `A new invitation was sent to ${row.email}`, expiresAt: expires.toISOString() }
    },
  }),
  route({
    method: 'delete',
    path: `${BASE}/accounts/{userId}`,
    summary: 'Delete a buyer’s sign-in account',
    description: 'Its sessions end with it.',
    auth,
    label: 'Buyer',
    params: { userId: laterId },
    status: 204,
    responses: noBuyer,
    handle: async ({ services, params, actor, res }) => {
      const { db } = services
      const buyerId = await buyerIdOf(services, params.id)
      const userId = parseId(params.userId, 'Account')
      if (!(await deleteBuyerAccount(db, buyerId, userId))) throw new HttpError(404, 'Account not found')
      await audit(db, {
        actor,
        action: 'buyer_account.delete',
        entity: 'admin_user',
        entityId: userId,
        detail: { buyerId },
      })
      res.status(204).end()
    },
  }),
]

export const buyerAccessApi = apiModule(
  {
    tag: {
      name: 'Buyer access',
      description:
        'A buyer’s API keys (stored hashed, shown once) and its sign-in accounts, which see only the /buyer page.',
    },
    schemas: {
      BuyerApiKey: shape(keyFields, 'An API key as the admin lists it: never the key itself'),
      CreatedBuyerApiKey: shape(
        {
          ...keyFields,
          key: { type: 'string', description: 'The whole key (`ccb_…`): shown this once, never again' },
        },
        'A key just created',
      ),
      BuyerAccount: shape({
        id: 'integer',
        email: 'string',
        'firstName?': 'string',
        'lastName?': 'string',
        isActive: 'boolean',
        invited: { type: 'boolean', description: 'Invited by email; no password chosen yet' },
        'lastLogin?': 'date-time',
        createdAt: 'date-time',
      }),
    },
  },
  buyerAccessRoutes,
)

export function buyerAccessAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BUYERS, buyerAccessRoutes)
}
