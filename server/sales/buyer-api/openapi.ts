import { z } from 'zod'
import { buyerCsvQuerySchema, buyerLeadsQuerySchema } from '../../../core/schemas/buyer-access.ts'
import { returnRequestSchema } from '../../../core/schemas/buyers.ts'
import { answerViewSchema, questionnaireRefSchema } from '../../../core/schemas/delivered-lead.ts'
import { arrayOf, defineApi, ref, shape, toJsonSchema } from '../../platform/index.ts'

const tooMany = { 429: 'Too many calls from this address: wait for `Retry-After` seconds' }
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] })

export const buyerApi = defineApi({
  tag: {
    name: 'Buyer API',
    description:
      'A buyer’s own leads and returns, with one of its API keys (`Authorization: Bearer ccb_…`) or the session of one of its sign-in accounts. Nothing here reaches another buyer’s sales.',
  },
  schemas: {
    BuyerLead: shape(
      {
        saleId: 'integer',
        'reference?': { type: 'string', description: 'Null once the person was erased' },
        erased: 'boolean',
        returned: {
          type: 'boolean',
          description:
            'True once the buyer’s return of this lead was approved: only the reference, dates, contract, price and the return are shown; person, answers, outcome, attribution and consent are null, and the buyer must delete the person’s data',
        },
        acceptedAt: 'date-time',
        contractName: 'string',
        pricePence: 'integer',
        'person?': shape({
          firstName: 'string',
          lastName: 'string',
          email: 'string',
          phone: 'string',
          'phoneType?': 'string',
        }),
        'answers?': {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Question id → answer value',
        },
        'outcome?': 'string',
        'utmSource?': 'string',
        'utmCampaign?': 'string',
        'consent?': shape({ 'text?': 'string', consentedAt: 'date-time' }),
        'return?': ref('Return'),
        returnableUntil: { type: 'string', format: 'date-time', description: 'The return window’s end' },
      },
      'A lead the buyer accepted; personal data, answers and consent are null once the person was erased or the buyer’s return of it was approved',
    ),
    BuyerLeadDetail: {
      allOf: [ref('BuyerLead')],
      type: 'object',
      description:
        'One accepted lead with its consent evidence. As in the list, everything about the person (answers, estimate and consent included) is null once the person was erased or the buyer’s return was approved.',
      properties: {
        // The same questionnaire and answers as the webhook's DeliveredLead (core/schemas/delivered-lead.ts).
        questionnaire: toJsonSchema(questionnaireRefSchema.nullable(), 'output'),
        answerList: toJsonSchema(z.array(answerViewSchema).nullable(), 'output'),
        estimatedClaim: nullable({
          type: 'integer',
          description: 'The estimate shown to the person, in pounds',
        }),
        consent: nullable(
          shape({
            'text?': 'string',
            consentedAt: 'date-time',
            'version?': 'string',
            firms: arrayOf(shape({ name: 'string', 'legalName?': 'string', 'fcaNumber?': 'string' })),
            'certificate?': {
              type: 'string',
              description:
                'The signed consent certificate (compact JWS): check it with POST /api/consent-certificates/verify or any JOSE library against /.well-known/jwks.json',
            },
          }),
        ),
      },
      required: ['questionnaire', 'answerList', 'estimatedClaim', 'consent'],
    },
  },
  operations: [
    {
      method: 'get',
      path: '/api/buyer/leads',
      summary: 'The buyer’s accepted leads, a page at a time',
      description:
        'Newest first; `since` keeps those accepted at or after an ISO date or time. A lead whose return was approved is listed without the person (`returned`).',
      auth: 'buyer-key',
      query: buyerLeadsQuerySchema,
      response: shape({
        items: arrayOf(ref('BuyerLead')),
        page: 'integer',
        pageSize: 'integer',
        total: 'integer',
      }),
      responses: tooMany,
    },
    {
      method: 'get',
      path: '/api/buyer/leads.csv',
      summary: 'The buyer’s accepted leads as CSV',
      description:
        'Every accepted lead (or those since a date), streamed: UTF-8 with a BOM, RFC 4180 quoting, formula cells neutralised. A lead whose return was approved has blank personal-data cells.',
      auth: 'buyer-key',
      query: buyerCsvQuerySchema,
      response: { type: 'string' },
      responseType: 'text/csv',
      responses: tooMany,
    },
    {
      method: 'get',
      path: '/api/buyer/leads/{ref}',
      summary: 'One of the buyer’s accepted leads',
      description:
        'With the answers, estimate, consent wording, the firms it named and the consent certificate. Only a lead this buyer accepted: another buyer’s reference is 404, as an unknown one is.',
      auth: 'buyer-key',
      params: {
        ref: {
          type: 'string',
          maxLength: 100,
          description: 'The lead’s `reference`, as GET /api/buyer/leads gives it',
        },
      },
      response: ref('BuyerLeadDetail'),
      responses: { 404: 'The buyer accepted no lead with this reference', ...tooMany },
    },
    {
      method: 'post',
      path: '/api/buyer/leads/{ref}/return',
      summary: 'Return a lead',
      description:
        'Within the contract’s return window. The return waits for the operator, unless the contract approves returns at once (`status` is then `approved`).',
      auth: 'buyer-key',
      params: {
        ref: {
          type: 'string',
          maxLength: 100,
          description: 'The lead’s `reference`, as GET /api/buyer/leads gives it',
        },
      },
      request: returnRequestSchema,
      status: 201,
      response: ref('Return'),
      responses: {
        400: 'The request breaks a rule, or the return window closed: the message says which',
        404: 'The buyer accepted no lead with this reference',
        409: 'This lead has already been returned',
        ...tooMany,
      },
    },
    {
      method: 'get',
      path: '/api/buyer/returns',
      summary: 'The buyer’s returns and their outcome',
      description: 'Newest first, at most 500.',
      auth: 'buyer-key',
      response: arrayOf({
        allOf: [ref('Return')],
        type: 'object',
        properties: {
          reference: nullable({ type: 'string' }),
          contractName: { type: 'string' },
          pricePence: { type: 'integer' },
        },
        required: ['reference', 'contractName', 'pricePence'],
      }),
      responses: tooMany,
    },
  ],
})
