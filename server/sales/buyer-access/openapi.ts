import { apiKeyCreateSchema, buyerAccountCreateSchema } from '../../../core/schemas/buyer-access.ts'
import { arrayOf, defineApi, ref, shape } from '../../platform/index.ts'

const BASE = '/api/admin/buyers/{id}'
const noBuyer = { 404: 'No such buyer (or, for a key or account, none of this buyer’s)' }

const keyFields = {
  id: 'integer',
  name: 'string',
  prefix: { type: 'string', description: 'The key’s first 12 characters, to tell keys apart' },
  createdAt: 'date-time',
  'lastUsedAt?': 'date-time',
  'revokedAt?': 'date-time',
} as const

export const buyerAccessApi = defineApi({
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
  operations: [
    {
      method: 'get',
      path: `${BASE}/keys`,
      summary: 'A buyer’s API keys',
      description: 'Newest first, revoked ones included.',
      auth: 'permission:buyers',
      response: arrayOf(ref('BuyerApiKey')),
      responses: noBuyer,
    },
    {
      method: 'post',
      path: `${BASE}/keys`,
      summary: 'Create an API key for a buyer',
      description:
        'The answer holds the whole key: the only time it is shown. Needs a sign-in or re-authentication of the last ten minutes: otherwise 403 `{ message, reauthenticate: true }` (POST /api/admin/account/reauthenticate, then retry).',
      auth: 'permission:buyers',
      request: apiKeyCreateSchema,
      status: 201,
      response: ref('CreatedBuyerApiKey'),
      responses: {
        ...noBuyer,
        403: 'No buyers permission, a sign-in older than ten minutes (`reauthenticate: true`), or no second factor yet where one is required (`enrol: true`)',
      },
    },
    {
      method: 'delete',
      path: `${BASE}/keys/{keyId}`,
      summary: 'Revoke a buyer’s API key',
      description: 'Revoking a revoked key keeps the first time. The key stays listed, as revoked.',
      auth: 'permission:buyers',
      response: ref('BuyerApiKey'),
      responses: noBuyer,
    },
    {
      method: 'get',
      path: `${BASE}/accounts`,
      summary: 'A buyer’s sign-in accounts',
      auth: 'permission:buyers',
      response: arrayOf(ref('BuyerAccount')),
      responses: noBuyer,
    },
    {
      method: 'post',
      path: `${BASE}/accounts`,
      summary: 'Add a sign-in account for a buyer',
      description:
        'A `buyer` role tied to this buyer: it signs in where staff do and sees only /buyer. Without `password` (as the admin’s form sends it) the person is invited by email: a link, valid for 7 days and once, to choose their own password.',
      auth: 'permission:buyers',
      request: buyerAccountCreateSchema,
      status: 201,
      response: ref('BuyerAccount'),
      responses: {
        ...noBuyer,
        400: 'The request breaks a rule (the password policy included): the message names the first',
        409: 'An account with this email already exists',
      },
    },
    {
      method: 'post',
      path: `${BASE}/accounts/{userId}/invite`,
      summary: 'Mail a buyer’s account a new invitation',
      description:
        'For an account that has not chosen a password yet. The link of the last invitation stops working.',
      auth: 'permission:buyers',
      response: shape({ message: 'string', expiresAt: 'date-time' }),
      responses: { ...noBuyer, 409: 'The account has already chosen its password' },
    },
    {
      method: 'delete',
      path: `${BASE}/accounts/{userId}`,
      summary: 'Delete a buyer’s sign-in account',
      description: 'Its sessions end with it.',
      auth: 'permission:buyers',
      status: 204,
      responses: noBuyer,
    },
  ],
})
