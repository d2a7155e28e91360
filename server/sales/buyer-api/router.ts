import express, { Router } from 'express'
import { z } from 'zod'
import { CSV_BOM, csvRow, formatCsvDate } from '../../../core/csv.ts'
import type { BuyerLeadView } from '../../../core/schemas/buyer-access.ts'
import { buyerCsvQuerySchema, buyerLeadsQuerySchema } from '../../../core/schemas/buyer-access.ts'
import { returnReasons, returnRequestSchema } from '../../../core/schemas/buyers.ts'
import { answerViewSchema, questionnaireRefSchema } from '../../../core/schemas/delivered-lead.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  audit,
  HttpError,
  mountRoutes,
  rateLimit,
  ref,
  route,
  shape,
  toJsonSchema,
  write,
} from '../../platform/index.ts'
import { buyerReturns, requestReturn } from '../returns/returns.server.ts'
import { buyerCaller } from './auth.ts'
import { allBuyerLeads, buyerLead, buyerLeads, countBuyerLeads } from './leads.server.ts'

export const BUYER_CSV_COLUMNS = [
  'Reference',
  'Accepted',
  'Contract',
  'Price (£)',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Phone type',
  'Outcome',
  'UTM source',
  'UTM campaign',
  'Consented at',
  'Consent wording',
  'Return',
  'Return reason',
  'Returnable until',
] as const

function csvLine(lead: BuyerLeadView): string {
  return csvRow([
    lead.erased ? '(erased)' : lead.reference,
    formatCsvDate(lead.acceptedAt),
    lead.contractName,
    (lead.pricePence / 100).toFixed(2),
    lead.person?.firstName,
    lead.person?.lastName,
    lead.person?.email,
    lead.person?.phone,
    lead.person?.phoneType,
    lead.outcome,
    lead.utmSource,
    lead.utmCampaign,
    lead.consent ? formatCsvDate(lead.consent.consentedAt) : '',
    lead.consent?.text,
    lead.return?.status ?? '',
    lead.return ? returnReasons[lead.return.reason] : '',
    formatCsvDate(lead.returnableUntil),
  ])
}

const BASE = '/api/buyer'
const auth = 'buyer-key' as const
const tooMany = { 429: 'Too many calls from this address: wait for `Retry-After` seconds' }
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] })
const ref100 = {
  ref: {
    type: 'string',
    maxLength: 100,
    description: 'The lead’s `reference`, as GET /api/buyer/leads gives it',
  },
} as const

/**
 * /api/buyer: a buyer's own leads and returns, with an API key or a buyer's session
 * (docs/decisions/0034-buyer-access-and-returns.md). Nothing here reaches another buyer's sales.
 * The `buyer-key` check is requireBuyer (./auth.ts), supplied to mountRoutes as services.guards.
 */
export const buyerApiRoutes = [
  route({
    method: 'get',
    path: `${BASE}/leads`,
    summary: 'The buyer’s accepted leads, a page at a time',
    description:
      'Newest first; `since` keeps those accepted at or after an ISO date or time. A lead whose return was approved is listed without the person (`returned`).',
    auth,
    query: buyerLeadsQuerySchema,
    response: shape({
      items: arrayOf(ref('BuyerLead')),
      page: 'integer',
      pageSize: 'integer',
      total: 'integer',
    }),
    responses: tooMany,
    handle: async ({ services: { db }, query: { since, page, pageSize }, res }) => {
      const filter = { buyerId: buyerCaller(res).buyerId, since }
      const [items, total] = await Promise.all([
        buyerLeads(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
        countBuyerLeads(db, filter),
      ])
      return { items, page, pageSize, total }
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/leads.csv`,
    summary: 'The buyer’s accepted leads as CSV',
    description:
      'Every accepted lead (or those since a date), streamed: UTF-8 with a BOM, RFC 4180 quoting, formula cells neutralised. A lead whose return was approved has blank personal-data cells.',
    auth,
    query: buyerCsvQuerySchema,
    response: { type: 'string' },
    responseType: 'text/csv',
    responses: tooMany,
    handle: async ({ services: { db }, query: { since }, res }) => {
      const { buyerId } = buyerCaller(res)
      const day = new Date().toISOString().slice(0, 10)
      res.setHeader('Content-Type', 'text/csv; charset=utf-8')
      res.setHeader('Content-Disposition', `attachment; filename="leads-${day}.csv"`)
      res.setHeader('X-Accel-Buffering', 'no')
      await write(res, CSV_BOM + csvRow(BUYER_CSV_COLUMNS))
      for await (const batch of allBuyerLeads(db, { buyerId, since })) {
        await write(res, batch.map(csvLine).join(''))
      }
      res.end()
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/leads/{ref}`,
    summary: 'One of the buyer’s accepted leads',
    description:
      'With the answers, estimate, consent wording, the firms it named and the consent certificate. Only a lead this buyer accepted: another buyer’s reference is 404, as an unknown one is.',
    auth,
    params: ref100,
    response: ref('BuyerLeadDetail'),
    responses: { 404: 'The buyer accepted no lead with this reference', ...tooMany },
    handle: async ({ services: { db }, params, res }) => {
      const found = await buyerLead(db, buyerCaller(res).buyerId, params.ref.slice(0, 100))
      if (!found) throw new HttpError(404, 'Lead not found')
      return found
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/leads/{ref}/return`,
    summary: 'Return a lead',
    description:
      'Within the contract’s return window. The return waits for the operator, unless the contract approves returns at once (`status` is then `approved`).',
    auth,
    params: ref100,
    body: returnRequestSchema,
    status: 201,
    response: ref('Return'),
    responses: {
      400: 'The request breaks a rule, or the return window closed: the message says which',
      404: 'The buyer accepted no lead with this reference',
      409: 'This lead has already been returned',
      ...tooMany,
    },
    handle: async ({ services, params, body: input, actor, res }) => {
      const { db } = services
      const caller = buyerCaller(res)
      const reference = params.ref.slice(0, 100)
      const created = await requestReturn(db, caller.buyerId, reference, input)
      // Approved at once: its notice is committed with it.
      if (created.status !== 'pending') services.webhooks.wake()
      await audit(db, {
        actor: caller.via === 'session' ? actor : null,
        action: 'return.request',
        entity: 'lead_return',
        entityId: created.id,
        detail: {
          buyerId: caller.buyerId,
          saleId: created.saleId,
          reason: created.reason,
          status: created.status,
          via: caller.via,
          ...(caller.via === 'key' ? { keyId: caller.keyId } : {}),
        },
      })
      const { saleId: _sale, leadId: _lead, ...view } = created
      return view
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/returns`,
    summary: 'The buyer’s returns and their outcome',
    description: 'Newest first, at most 500.',
    auth,
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
    handle: async ({ services: { db }, res }) => buyerReturns(db, buyerCaller(res).buyerId),
  }),
]

export const buyerApi = apiModule(
  {
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
  },
  buyerApiRoutes,
)

export function buyerApiRouter(services: AppServices): Router {
  const router = Router()
  // Before the key check, so that calls without a valid key are limited too.
  router.use(rateLimit(services, 'buyer-api', services.config.rateLimits.buyerApi))
  router.use(express.json({ limit: '16kb' }))
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  })
  return mountRoutes(router, services, BASE, buyerApiRoutes)
}
