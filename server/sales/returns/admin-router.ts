import { Router } from 'express'
import { returnListQuerySchema, returnStatuses } from '../../../core/schemas/buyer-access.ts'
import { returnDecisionSchema, returnReasons } from '../../../core/schemas/buyers.ts'
import type { AppServices } from '../../platform/index.ts'
import { apiModule, arrayOf, audit, type JsonSchema, mountRoutes, ref, route } from '../../platform/index.ts'
import { decideReturn, findReturn, listReturns } from './returns.server.ts'

const BASE = '/api/admin/returns'

/** The fields of a return every view has (`BuyerReturnView`); the buyer API refers to it too. */
const returnView: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: [...returnStatuses] },
    reason: {
      type: 'string',
      enum: Object.keys(returnReasons),
      description: Object.entries(returnReasons)
        .map(([value, label]) => `\`${value}\`: ${label}`)
        .join('; '),
    },
    note: { type: ['string', 'null'], description: 'The buyer’s words (needed with `other`)' },
    createdAt: { type: 'string', format: 'date-time' },
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
    decisionNote: { type: ['string', 'null'], description: 'The operator’s words, or the auto-approval' },
    instruction: {
      type: ['string', 'null'],
      description:
        'Once approved: the buyer must delete the person’s personal data from its systems (the lead is no longer shown with it). Null otherwise',
    },
  },
  required: ['id', 'status', 'reason', 'note', 'createdAt', 'decidedAt', 'decisionNote', 'instruction'],
}

/** Under /api/admin/returns, behind the buyers permission: the operator's side of returns. */
export const returnsRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'Returns to decide, then decided ones',
    description: 'Pending first (oldest first), then the decided, newest first; at most 500.',
    auth: 'permission:buyers',
    query: returnListQuerySchema,
    response: arrayOf(ref('AdminReturn')),
    handle: async ({ services, query, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return listReturns(services.db, query)
    },
  }),
  route({
    method: 'put',
    path: `${BASE}/{id}`,
    summary: 'Approve or reject a return',
    description:
      'Once only: approving writes the ledger’s return entry, taking the lead’s price off the buyer’s revenue.',
    auth: 'permission:buyers',
    label: 'Return',
    body: returnDecisionSchema,
    response: ref('AdminReturn'),
    responses: { 409: 'The return was already approved or rejected' },
    handle: async ({ services: { db, webhooks }, params: { id }, body: decision, actor }) => {
      const row = await decideReturn(db, id, decision, actor?.id ?? null)
      // Its notice to the buyer is committed: post it now rather than at the next poll.
      webhooks.wake()
      await audit(db, {
        actor,
        action: decision.status === 'approved' ? 'return.approve' : 'return.reject',
        entity: 'lead_return',
        entityId: id,
        detail: { buyerId: row.buyerId, saleId: row.saleId },
      })
      return findReturn(db, id)
    },
  }),
]

export const returnsApi = apiModule(
  {
    tag: {
      name: 'Returns',
      description:
        'Leads buyers hand back: the operator approves (a return entry in the ledger) or rejects each, once.',
    },
    schemas: {
      Return: returnView,
      AdminReturn: {
        allOf: [ref('Return')],
        type: 'object',
        properties: {
          buyerId: { type: 'integer' },
          buyerName: { type: 'string' },
          contractName: { type: 'string' },
          leadId: { type: ['integer', 'null'], description: 'Null once the lead is erased' },
          reference: { type: ['string', 'null'], description: 'Null once the lead is erased' },
          pricePence: { type: 'integer' },
          decidedByEmail: { type: ['string', 'null'] },
        },
        required: [
          'buyerId',
          'buyerName',
          'contractName',
          'leadId',
          'reference',
          'pricePence',
          'decidedByEmail',
        ],
      },
    },
  },
  returnsRoutes,
)

export function returnsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, returnsRoutes)
}
