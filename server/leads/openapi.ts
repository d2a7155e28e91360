import { leadExportQuerySchema, leadListQuerySchema, leadSchema } from '../../core/schemas/leads.ts'
import { arrayOf, defineApi, ref, shape } from '../openapi/operation.ts'

const ADMIN = '/api/admin/leads'
const deliveries = arrayOf(ref('LeadDelivery'))

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
    }),
    LeadDelivery: shape({
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
  },
  operations: [
    {
      method: 'post',
      path: '/api/leads',
      summary: 'Submit a lead',
      description:
        'The same answer for a new lead, a repeat and a refused bot: nothing tells whether the person wrote before. `answers` are checked against the questionnaire version shown.',
      auth: 'public',
      request: leadSchema,
      status: 201,
      response: shape({ reference: 'string' }),
      responses: { 429: 'Too many leads from this address' },
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
      summary: 'Lead counts for the overview',
      auth: 'permission:leads',
      response: { type: 'object' },
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
      description: 'Consent evidence, attribution, answers, eligibility, deliveries and later submissions.',
      auth: 'permission:leads',
      response: {
        allOf: [ref('LeadListItem')],
        properties: {
          reference: { type: 'string' },
          consent: { type: 'object' },
          attribution: { type: 'object' },
          answers: { type: 'array' },
          deliveries,
          submissions: { type: 'array', items: { type: 'object' } },
        },
        required: ['reference', 'consent', 'deliveries', 'submissions'],
      },
    },
    {
      method: 'post',
      path: `${ADMIN}/{id}/resend`,
      summary: 'Send a lead to the webhooks again',
      auth: 'permission:leads',
      response: shape({ retried: 'integer', created: 'integer', deliveries }),
    },
  ],
})
