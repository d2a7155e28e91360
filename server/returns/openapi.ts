import { returnListQuerySchema, returnStatuses } from '../../core/schemas/buyer-access.ts'
import { returnDecisionSchema, returnReasons } from '../../core/schemas/buyers.ts'
import { arrayOf, defineApi, type JsonSchema, ref } from '../openapi/operation.ts'

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

export const returnsApi = defineApi({
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
  operations: [
    {
      method: 'get',
      path: '/api/admin/returns',
      summary: 'Returns to decide, then decided ones',
      description: 'Pending first (oldest first), then the decided, newest first; at most 500.',
      auth: 'permission:buyers',
      query: returnListQuerySchema,
      response: arrayOf(ref('AdminReturn')),
    },
    {
      method: 'put',
      path: '/api/admin/returns/{id}',
      summary: 'Approve or reject a return',
      description:
        'Once only: approving writes the ledger’s return entry, taking the lead’s price off the buyer’s revenue.',
      auth: 'permission:buyers',
      request: returnDecisionSchema,
      response: ref('AdminReturn'),
      responses: { 409: 'The return was already approved or rejected' },
    },
  ],
})
