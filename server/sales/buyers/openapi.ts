import {
  buyerCreateSchema,
  buyerUpdateSchema,
  contractCreateSchema,
  contractUpdateSchema,
} from '../../../core/schemas/buyers.ts'
import { arrayOf, defineApi, ref, shape } from '../../platform/index.ts'
import { buyerWebhooks } from './webhooks-openapi.ts'

const BUYERS = '/api/admin/buyers'
const CONTRACTS = '/api/admin/contracts'
const auth = 'permission:buyers' as const
const hasSales = { 409: 'It has sales, which the ledger and returns keep: deactivate it instead' }
const refusedUrl = {
  400: 'A field breaks its rule, or the URL is not https (in production) or leads to a private network',
}

export const buyersApi = defineApi({
  tag: {
    name: 'Buyers',
    description:
      'The firms leads are sold to and their contracts. A contract’s secret never goes back out; a buyer or contract with sales cannot be deleted.',
  },
  webhooks: buyerWebhooks.webhooks,
  schemas: {
    ...buyerWebhooks.schemas,
    Buyer: shape({
      id: 'integer',
      name: 'string',
      'tradingName?': 'string',
      fcaNumber: 'string',
      email: 'string',
      namedInConsent: 'boolean',
      consentOrder: 'integer',
      isActive: 'boolean',
      contracts: 'integer',
      activeContracts: 'integer',
      createdAt: 'date-time',
      updatedAt: 'date-time',
    }),
    Contract: shape({
      id: 'integer',
      buyerId: 'integer',
      name: 'string',
      pricePence: 'integer',
      exclusive: 'boolean',
      maxBuyers: 'integer',
      filters: {
        type: 'object',
        description:
          'answers ({questionId: [values]}), eligibleOnly, phoneTypes, utmSources, utmCampaigns, landingPaths',
      },
      'schedule?': {
        type: 'object',
        description:
          'days (1–7, Monday first), from and to (HH:MM Europe/London), bankHolidays; null: any time',
      },
      caps: { type: 'object', description: 'hour, day, week, month (null: none), revenuePence' },
      priority: 'integer',
      weight: 'integer',
      webhookUrl: 'string',
      'pingUrl?': {
        type: 'string',
        description:
          'Where the lead is pinged first, without personal data (webhook leadPing); null: the whole lead is posted straight away',
      },
      secretHint: { type: 'string', description: 'The secret’s last characters, never the secret' },
      'acceptPath?': 'string',
      'acceptValues?': { type: 'array', items: { type: 'string' } },
      'reasonPath?': 'string',
      returnWindowDays: 'integer',
      autoApproveReturns: 'boolean',
      isActive: 'boolean',
      createdAt: 'date-time',
      updatedAt: 'date-time',
    }),
  },
  operations: [
    { method: 'get', path: BUYERS, summary: 'List buyers', auth, response: arrayOf(ref('Buyer')) },
    {
      method: 'post',
      path: BUYERS,
      summary: 'Add a buyer',
      auth,
      request: buyerCreateSchema,
      status: 201,
      response: ref('Buyer'),
    },
    {
      method: 'get',
      path: `${BUYERS}/questions`,
      summary: 'The live questionnaire’s questions and options, for answer filters',
      auth,
      response: arrayOf(
        shape({
          id: 'string',
          title: 'string',
          options: arrayOf(shape({ value: 'string', label: 'string' })),
        }),
      ),
    },
    { method: 'get', path: `${BUYERS}/{id}`, summary: 'A buyer', auth, response: ref('Buyer') },
    {
      method: 'put',
      path: `${BUYERS}/{id}`,
      summary: 'Update a buyer',
      description:
        'Changes to who is named on the consent form, and in which order, apply at once. A changed name, trading name or FCA number is a new identity: leads whose visitors consented to the earlier one are not sold to this buyer after the change.',
      auth,
      request: buyerUpdateSchema,
      response: ref('Buyer'),
    },
    {
      method: 'delete',
      path: `${BUYERS}/{id}`,
      summary: 'Delete a buyer and its contracts',
      auth,
      response: ref('Message'),
      responses: hasSales,
    },
    {
      method: 'get',
      path: `${BUYERS}/{id}/identities`,
      summary: 'The identities a buyer has had, newest first',
      auth,
      response: arrayOf(
        shape({
          name: 'string',
          'tradingName?': 'string',
          fcaNumber: 'string',
          validFrom: 'date-time',
          'validTo?': 'date-time',
        }),
      ),
    },
    {
      method: 'get',
      path: `${BUYERS}/{id}/contracts`,
      summary: 'A buyer’s contracts, by priority',
      auth,
      response: arrayOf(ref('Contract')),
    },
    {
      method: 'post',
      path: `${BUYERS}/{id}/contracts`,
      summary: 'Add a contract to a buyer',
      auth,
      request: contractCreateSchema,
      status: 201,
      response: ref('Contract'),
      responses: refusedUrl,
    },
    { method: 'get', path: `${CONTRACTS}/{id}`, summary: 'A contract', auth, response: ref('Contract') },
    {
      method: 'put',
      path: `${CONTRACTS}/{id}`,
      summary: 'Update a contract',
      description: 'A secret left out or blank keeps the one saved.',
      auth,
      request: contractUpdateSchema,
      response: ref('Contract'),
      responses: refusedUrl,
    },
    {
      method: 'delete',
      path: `${CONTRACTS}/{id}`,
      summary: 'Delete a contract',
      auth,
      response: ref('Message'),
      responses: hasSales,
    },
  ],
})
