import type { Router } from 'express'
import type { QuestionChoice } from '../../../core/schemas/buyer-views.ts'
import {
  buyerCreateSchema,
  buyerUpdateSchema,
  contractCreateSchema,
  contractUpdateSchema,
} from '../../../core/schemas/buyers.ts'
import type { AppServices } from '../../platform/index.ts'
import { adminResource, HttpError, parseId, type ResourceOperation } from '../../platform/index.ts'
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

const BUYER_HAS_SALES =
  'This buyer has sales, which the ledger and returns keep: deactivate it instead of deleting it'
const CONTRACT_HAS_SALES =
  'This contract has sales, which the ledger and returns keep: deactivate it instead of deleting it'

/** A contract's resource: nested under its buyer for list and create, on its own for the rest. */
function contractsResource(services: AppServices, operations: readonly ResourceOperation[], nested: boolean) {
  const { db, config } = services
  return adminResource(services, {
    store: contractStore(db),
    entity: 'contract',
    label: 'Contract',
    operations,
    audit: { create: 'contract.create', update: 'contract.update', delete: 'contract.delete' },
    createSchema: contractCreateSchema,
    updateSchema: contractUpdateSchema,
    // The secret never goes back out: its last characters only.
    view: toContractView,
    inUse: CONTRACT_HAS_SALES,
    scope: nested ? { param: 'id', label: 'Buyer', exists: (id) => buyerExists(db, id) } : undefined,
    // Posted to like a webhook, so held to the same rules (https, no private addresses).
    beforeCreate: async (input) => {
      await checkWebhookUrl(config, input.webhookUrl)
      if (input.pingUrl) await checkWebhookUrl(config, input.pingUrl)
    },
    beforeUpdate: async (input) => {
      if (input.webhookUrl !== undefined) await checkWebhookUrl(config, input.webhookUrl)
      if (input.pingUrl) await checkWebhookUrl(config, input.pingUrl)
    },
    beforeDelete: async (row) => {
      if (await hasSales(db, { contractId: row.id })) throw new HttpError(409, CONTRACT_HAS_SALES)
    },
    describe: (row) => ({ name: row.name, buyerId: row.buyerId, isActive: row.isActive }),
  })
}

/**
 * Under /api/admin/buyers, behind the buyers permission: the buyers, and each buyer's contracts at
 * /buyers/:id/contracts. Buyers named in consent are part of the site snapshot (the consent
 * wording names them), so their changes refresh it.
 */
export function buyersAdminRouter(services: AppServices): Router {
  const { db } = services
  return adminResource(services, {
    store: buyerStore(db),
    entity: 'buyer',
    label: 'Buyer',
    audit: { create: 'buyer.create', update: 'buyer.update', delete: 'buyer.delete' },
    createSchema: buyerCreateSchema,
    updateSchema: buyerUpdateSchema,
    view: toBuyerView,
    affectsSite: true,
    inUse: BUYER_HAS_SALES,
    beforeDelete: async (row) => {
      if (await hasSales(db, { buyerId: row.id })) throw new HttpError(409, BUYER_HAS_SALES)
    },
    describe: (row) => ({ name: row.name, isActive: row.isActive, namedInConsent: row.namedInConsent }),
    routes: (router) => {
      // For the contract form's answer filters: the live questionnaire's questions and options.
      router.get('/questions', async (_req, res) => {
        const { questionnaire } = await services.site.get()
        const questions: QuestionChoice[] = (questionnaire?.definition.questions ?? []).map((q) => ({
          id: q.id,
          title: q.title,
          options: q.options.map((o) => ({ value: o.value, label: o.label })),
        }))
        res.json(questions)
      })
      // The identities it has had: leads keep the one their visitor consented to.
      router.get('/:id/identities', async (req, res) => {
        const id = parseId(req.params.id, 'Buyer')
        if (!(await buyerExists(db, id))) throw new HttpError(404, 'Buyer not found')
        res.json(await buyerIdentities(db, id))
      })
      router.use('/:id/contracts', contractsResource(services, ['list', 'create'], true))
    },
  })
}

/** Under /api/admin/contracts, behind the buyers permission: one contract, read, changed or deleted. */
export function contractsAdminRouter(services: AppServices): Router {
  return contractsResource(services, ['read', 'update', 'delete'], false)
}
