import { z } from 'zod'
import { saleStatuses } from '../../core/schemas/buyers.ts'
import {
  answerViewSchema,
  eligibilitySchema,
  questionnaireRefSchema,
} from '../../core/schemas/delivered-lead.ts'
import {
  leadExportQuerySchema,
  leadListQuerySchema,
  leadSchema,
  leadStatsQuerySchema,
} from '../../core/schemas/leads.ts'
import { arrayOf, defineApi, type JsonSchema, ref, shape, toJsonSchema } from '../platform/index.ts'

const ADMIN = '/api/admin/leads'
const deliveries = arrayOf(ref('LeadDelivery'))
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] })
const deliveryOutcome: JsonSchema = {
  type: 'string',
  enum: ['accepted', 'rejected', 'duplicate', 'failed', 'capped', 'withdrawn'],
  description: 'An offer to a contract: what the buyer answered, or why it was not posted',
}

/** `schema` with further properties that may be absent. */
function withOptional(schema: JsonSchema, fields: Record<string, JsonSchema>): JsonSchema {
  return { ...schema, properties: { ...(schema.properties as object), ...fields } }
}

export const leadsApi = defineApi({
  tag: { name: 'Leads', description: 'Lead capture (public) and the leads admins read and export.' },
  schemas: {
    LeadListItem: shape({
      id: 'integer',
      firstName: 'string',
      lastName: 'string',
      email: 'string',
      phone: 'string',
      'carDetails?': 'string',
      hasConsent: 'boolean',
      createdAt: 'date-time',
      duplicateCount: 'integer',
      'saleStatus?': { type: 'string', enum: [...saleStatuses] },
      'utmSource?': {
        type: 'string',
        description: 'The source recorded on the lead: its sales are credited to it',
      },
      'utmCampaign?': { type: 'string', description: 'The campaign recorded on the lead' },
      buyers: { type: 'array', items: { type: 'string' }, description: 'The buyers it was sold to' },
      'pricePence?': { type: 'integer', description: 'What they paid (null when never sold)' },
      'netPence?': { type: 'integer', description: 'What they paid less approved returns' },
    }),
    LeadDelivery: withOptional(
      shape({
        id: 'integer',
        webhookId: 'integer',
        webhookName: 'string',
        idempotencyKey: 'string',
        status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
        attempts: 'integer',
        'lastStatus?': 'integer',
        'lastError?': 'string',
        'deliveredAt?': 'date-time',
        'nextAttemptAt?': 'date-time',
        createdAt: 'date-time',
        attemptsLog: { type: 'array', items: { type: 'object' } },
      }),
      // Only a delivery that offers the lead to a contract has these (not a plain webhook's).
      { outcome: nullable(deliveryOutcome), outcomeReason: nullable({ type: 'string' }) },
    ),
    ConsentEvidence: shape(
      {
        given: 'boolean',
        'text?': { type: 'string', description: 'The exact wording shown' },
        'version?': {
          type: 'string',
          description:
            'The consent version shown: the SHA-256 of its wording and named firms (an earlier label on older leads)',
        },
        'sha256?': 'string',
        'privacyVersion?': 'string',
        'partnerName?': 'string',
        buyers: {
          ...arrayOf(
            shape({
              id: 'integer',
              name: {
                type: 'string',
                description: 'As the wording named it (trading name, else legal name)',
              },
              'legalName?': 'string',
              'tradingName?': 'string',
              'fcaNumber?': 'string',
            }),
          ),
          description:
            'The firms the wording named, in its order, with their identity then: the only firms that may have the lead',
        },
        'pageUrl?': 'string',
        'pageRevision?': { type: 'string', description: 'The hash of the page revision the form was on' },
        'userAgent?': 'string',
        'ipAddress?': 'string',
        at: 'date-time',
        'certificate?': {
          type: 'string',
          description:
            'The signed consent certificate: a compact JWS (EdDSA), verifiable against /.well-known/jwks.json or at POST /api/consent-certificates/verify',
        },
      },
      'What the visitor agreed to, kept as proof of consent',
    ),
    LeadRouting: shape(
      {
        'saleStatus?': { type: 'string', enum: [...saleStatuses] },
        rounds: arrayOf(
          shape({
            round: 'integer',
            at: 'date-time',
            considered: { type: 'integer', description: 'How many contracts were judged' },
            skipped: arrayOf(
              shape({ contractId: 'integer', contractName: 'string', buyerName: 'string', reason: 'string' }),
            ),
            offers: arrayOf(
              shape({
                position: { type: 'integer', description: 'The order the contracts are offered the lead' },
                'contractId?': 'integer',
                contractName: 'string',
                buyerName: 'string',
                decision: {
                  type: 'string',
                  enum: [
                    'queued',
                    'pinging',
                    'bid',
                    'sending',
                    'accepted',
                    'rejected',
                    'duplicate',
                    'failed',
                    'capped',
                    'passed',
                  ],
                },
                'reason?': 'string',
                'bidPence?': {
                  type: 'integer',
                  description: 'The bid of a pinged contract (an unpinged one in its group: its price)',
                },
                'delivery?': ref('LeadDelivery'),
              }),
            ),
          }),
        ),
        sales: arrayOf(
          shape({
            id: 'integer',
            buyerName: 'string',
            contractName: 'string',
            pricePence: 'integer',
            status: { type: 'string', enum: ['reserved', 'accepted'] },
            'acceptedAt?': 'date-time',
          }),
        ),
      },
      'How the lead was offered to buyers’ contracts, round by round: each contract skipped (and why) or offered, and what came of it',
    ),
  },
  operations: [
    {
      method: 'post',
      path: '/api/leads',
      summary: 'Submit a lead',
      description:
        'The same answer for a new lead, a repeat and a refused bot: nothing tells whether the person wrote before. `answers` are checked against the questionnaire version shown. `consentVersion` is the consent version the form showed (every page carries it in the form): the lead is offered only to the firms that version named. Absent, the version pages show now is taken. The answer also sets the `enquiry_ref` cookie (path `/thank-you`, one hour) holding the reference, so the thank-you page can show it with the firms the consent named.',
      auth: 'public',
      request: leadSchema,
      status: 201,
      response: shape({ reference: 'string' }),
      responses: {
        409: {
          description:
            'The consent version sent was never shown by this site, or was replaced longer ago than the `consent_version_max_age_hours` setting (default 24): nothing is stored; show the current wording and ask again',
          schema: shape({
            message: 'string',
            consent: shape({
              version: 'string',
              text: 'string',
              recipients: { type: 'array', items: { type: 'string' } },
            }),
          }),
        },
        429: 'Too many leads from this address',
      },
    },
    {
      method: 'get',
      path: '/api/leads',
      summary: 'List or search leads',
      description: 'Without `page` or `pageSize`, every matching lead as one array; with them, one page.',
      auth: 'permission:leads',
      query: leadListQuerySchema,
      response: {
        oneOf: [
          arrayOf(ref('LeadListItem')),
          shape({
            items: arrayOf(ref('LeadListItem')),
            total: 'integer',
            page: 'integer',
            pageSize: 'integer',
          }),
        ],
      },
    },
    {
      method: 'get',
      path: `${ADMIN}/stats`,
      summary: 'The leads panel’s figures',
      description:
        '`total` and `thisMonth` (since the first instant of last month, UK time) count every lead. The rest are for UK days `from`..`to` (both included; the last 30 days by default, at most 366): `leads` captured in them; `conversionRate` = `leadVisitors` (visitors who sent a lead) / `visitors`, a whole percentage never above 100; `averagePerDay` = `leads` / `days`, to one decimal.',
      auth: 'permission:leads',
      query: leadStatsQuerySchema,
      response: shape({
        total: 'integer',
        thisMonth: 'integer',
        from: { type: 'string', format: 'date' },
        to: { type: 'string', format: 'date' },
        days: 'integer',
        leads: 'integer',
        visitors: 'integer',
        leadVisitors: 'integer',
        conversionRate: 'integer',
        averagePerDay: 'number',
      }),
    },
    {
      method: 'get',
      path: `${ADMIN}/daily`,
      summary: 'Leads per UK day',
      auth: 'permission:leads',
      response: arrayOf(shape({ date: { type: 'string', format: 'date' }, count: 'integer' })),
    },
    {
      method: 'get',
      path: `${ADMIN}/questionnaires`,
      summary: 'Questionnaire versions to filter leads by',
      auth: 'permission:leads',
      response: arrayOf(
        shape({
          id: 'integer',
          version: 'integer',
          name: 'string',
          status: { type: 'string', enum: ['live', 'retired'] },
          questions: { type: 'array', items: { type: 'object' } },
        }),
      ),
    },
    {
      method: 'get',
      path: `${ADMIN}/export.csv`,
      summary: 'Export leads as CSV',
      description: 'UTF-8 with a BOM, RFC 4180 quoting, formula cells neutralised; streamed.',
      auth: 'permission:leads',
      query: leadExportQuerySchema,
      response: { type: 'string' },
      responseType: 'text/csv',
    },
    {
      method: 'get',
      path: `${ADMIN}/{id}`,
      summary: 'A lead with everything stored about it',
      description:
        'Consent evidence (with the buyers its wording named), attribution, answers, eligibility, deliveries, later submissions and the routing decision.',
      auth: 'permission:leads',
      response: {
        allOf: [ref('LeadListItem')],
        properties: {
          reference: { type: 'string' },
          consentText: nullable({ type: 'string' }),
          sourceUrl: nullable({ type: 'string', description: 'The page the form was on' }),
          userAgent: nullable({ type: 'string' }),
          phoneE164: nullable({ type: 'string' }),
          phoneType: nullable({ type: 'string', enum: ['mobile', 'landline', 'other'] }),
          lastSeenAt: nullable({
            type: 'string',
            format: 'date-time',
            description: 'When the latest later submission arrived',
          }),
          constantsVersion: nullable({ type: 'string' }),
          eligibility: nullable(
            withOptional(toJsonSchema(eligibilitySchema, 'output'), {
              createdAt: { type: 'string', format: 'date-time' },
            }),
          ),
          questionnaire: toJsonSchema(questionnaireRefSchema.nullable(), 'output'),
          answers: toJsonSchema(z.array(answerViewSchema), 'output'),
          outcome: { type: ['string', 'null'], enum: ['eligible', 'not_eligible', 'guidance', null] },
          estimatedClaim: nullable({ type: 'number' }),
          variant: nullable({
            type: 'string',
            description: 'The experiment variant the lead converted on ("experimentId:variantName")',
          }),
          consent: ref('ConsentEvidence'),
          attribution: { type: 'object' },
          deliveries,
          submissions: { type: 'array', items: { type: 'object' } },
          routing: ref('LeadRouting'),
        },
        required: ['reference', 'consent', 'deliveries', 'submissions', 'routing'],
      },
    },
    {
      method: 'post',
      path: `${ADMIN}/{id}/resend`,
      summary: 'Send a lead to the webhooks again',
      auth: 'permission:leads',
      response: shape({ retried: 'integer', created: 'integer', deliveries }),
    },
    {
      method: 'post',
      path: `${ADMIN}/{id}/route`,
      summary: 'Route a lead again',
      description:
        'Offers the lead to the contracts that match now (an unsold lead once a window opens, or a shared one with room left), leaving out those already offered it; a new round of `routing`.',
      auth: 'permission:leads',
      response: shape({
        offers: { type: 'integer', description: 'Contracts queued in this round (0 when none matched)' },
        round: 'integer',
        routing: ref('LeadRouting'),
      }),
      responses: { 409: 'An offer is still out (wait for the answer), or the lead is sold exclusively' },
    },
  ],
})
