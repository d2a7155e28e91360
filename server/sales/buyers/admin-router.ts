import { Router } from 'express'
import type { QuestionChoice } from '../../../core/schemas/buyer-views.ts'
import {
  buyerCreateSchema,
  buyerUpdateSchema,
  contractCreateSchema,
  contractUpdateSchema,
} from '../../../core/schemas/buyers.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  HttpError,
  mountRoutes,
  ref,
  resourceRoutes,
  route,
  shape,
} from '../../platform/index.ts'
import { checkWebhookUrl } from '../webhooks/admin-router.ts'
import {
  buyerExists,
  buyerIdentities,
  buyerStore,
  contractStore,
  hasSales,
  toBuyerView,
  toContractView,
} from './queries.server.ts'
import { buyerWebhooks } from './webhooks-openapi.ts'

const BUYERS = '/api/admin/buyers'
const CONTRACTS = '/api/admin/contracts'
const auth = 'permission:buyers' as const
const hasSalesDoc = { 409: 'It has sales, which the ledger and returns keep: deactivate it instead' }
const refusedUrl = {
  400: 'A field breaks its rule, or the URL is not https (in production) or leads to a private network',
}

const BUYER_HAS_SALES =
  'This buyer has sales, which the ledger and returns keep: deactivate it instead of deleting it'
const CONTRACT_HAS_SALES =
  'This contract has sales, which the ledger and returns keep: deactivate it instead of deleting it'

/** What both halves of the contracts resource share: nested list and create, and the rest on its own. */
const contractOptions = {
  schema: ref('Contract'),
  auth,
  store: ({ db }: AppServices) => contractStore(db),
  entity: 'contract',
  label: 'Contract',
  audit: { create: 'contract.create', update: 'contract.update', delete: 'contract.delete' },
  createSchema: contractCreateSchema,
  updateSchema: contractUpdateSchema,
  // The secret never goes back out: its last characters only.
  view: toContractView,
  inUse: CONTRACT_HAS_SALES,
  describe: (row: { name: string; buyerId: number; isActive: boolean }) => ({
    name: row.name,
    buyerId: row.buyerId,
    isActive: row.isActive,
  }),
} as const

/** A buyer's contracts at /buyers/{id}/contracts: listed by priority, and added. */
const buyerContractsRoutes = resourceRoutes({
  ...contractOptions,
  base: `${BUYERS}/{id}/contracts`,
  scope: { param: 'id', label: 'Buyer', exists: ({ db }, id) => buyerExists(db, id) },
  operations: {
    list: { summary: 'A buyer’s contracts, by priority' },
    create: { summary: 'Add a contract to a buyer', responses: refusedUrl },
  },
  // Posted to like a webhook, so held to the same rules (https, no private addresses).
  beforeCreate: async (input, { services }) => {
    await checkWebhookUrl(services.config, input.webhookUrl)
    if (input.pingUrl) await checkWebhookUrl(services.config, input.pingUrl)
  },
})

/** One contract under /api/admin/contracts, behind the buyers permission: read, changed or deleted. */
export const contractsRoutes = resourceRoutes({
  ...contractOptions,
  base: CONTRACTS,
  operations: {
    read: { summary: 'A contract' },
    update: {
      summary: 'Update a contract',
      description: 'A secret left out or blank keeps the one saved.',
      responses: refusedUrl,
    },
    delete: { summary: 'Delete a contract', responses: hasSalesDoc },
  },
  beforeUpdate: async (input, _current, { services }) => {
    if (input.webhookUrl !== undefined) await checkWebhookUrl(services.config, input.webhookUrl)
    if (input.pingUrl) await checkWebhookUrl(services.config, input.pingUrl)
  },
  beforeDelete: async (row, { services }) => {
    if (await hasSales(services.db, { contractId: row.id })) throw new HttpError(409, CONTRACT_HAS_SALES)
  },
})

/**
 * Under /api/admin/buyers, behind the buyers permission: the buyers, and each buyer's contracts at
 * /buyers/{id}/contracts. Buyers named in consent are part of the site snapshot (the consent
 * wording names them), so their changes refresh it.
 */
export const buyersRoutes = resourceRoutes({
  base: BUYERS,
  auth,
  schema: ref('Buyer'),
  store: ({ db }) => buyerStore(db),
  entity: 'buyer',
  label: 'Buyer',
  audit: { create: 'buyer.create', update: 'buyer.update', delete: 'buyer.delete' },
  createSchema: buyerCreateSchema,
  updateSchema: buyerUpdateSchema,
  operations: {
    list: { summary: 'List buyers' },
    create: { summary: 'Add a buyer' },
    read: { summary: 'A buyer' },
    update: {
      summary: 'Update a buyer',
      description:
        'Changes to who is named on the consent form, and in which order, apply at once. A changed name, trading name or FCA number is a new identity: leads whose visitors consented to the earlier one are not sold to this buyer after the change.',
    },
    delete: { summary: 'Delete a buyer and its contracts', responses: hasSalesDoc },
  },
  view: toBuyerView,
  affectsSite: true,
  inUse: BUYER_HAS_SALES,
  beforeDelete: async (row, { services }) => {
    if (await hasSales(services.db, { buyerId: row.id })) throw new HttpError(409, BUYER_HAS_SALES)
  },
  describe: (row) => ({ name: row.name, isActive: row.isActive, namedInConsent: row.namedInConsent }),
  routes: [
    // For the contract form's answer filters: the live questionnaire's questions and options.
    route({
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
      handle: async ({ services, res }) => {
        res.setHeader('Cache-Control', 'no-store')
        const { questionnaire } = await services.site.get()
        const questions: QuestionChoice[] = (questionnaire?.definition.questions ?? []).map((q) => ({
          id: q.id,
          title: q.title,
          options: q.options.map((o) => ({ value: o.value, label: o.label })),
        }))
        return questions
      },
    }),
  ],
  after: [
    // The identities it has had: leads keep the one their visitor consented to.
    route({
      method: 'get',
      path: `${BUYERS}/{id}/identities`,
      summary: 'The identities a buyer has had, newest first',
      auth,
      label: 'Buyer',
      response: arrayOf(
        shape({
          name: 'string',
          'tradingName?': 'string',
          fcaNumber: 'string',
          validFrom: 'date-time',
          'validTo?': 'date-time',
        }),
      ),
      handle: async ({ services: { db }, params, res }) => {
        res.setHeader('Cache-Control', 'no-store')
        if (!(await buyerExists(db, params.id))) throw new HttpError(404, 'Buyer not found')
        return buyerIdentities(db, params.id)
      },
    }),
    ...buyerContractsRoutes,
  ],
})

export const buyersApi = apiModule(
  {
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
  },
  [...buyersRoutes, ...contractsRoutes],
)

export function buyersAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BUYERS, buyersRoutes)
}

export function contractsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, CONTRACTS, contractsRoutes)
}
