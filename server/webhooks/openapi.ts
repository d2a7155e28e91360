import { webhookCreateSchema, webhookUpdateSchema } from '../../core/schemas/webhooks.ts'
import { arrayOf, defineApi, ref, shape } from '../openapi/operation.ts'

const BASE = '/api/admin/webhooks'
const refusedUrl = { 400: 'The URL is not https (in production) or leads to a private network' }

export const webhooksApi = defineApi({
  tag: {
    name: 'Webhooks',
    description: 'Where leads are delivered, signed; the secret never goes back out.',
  },
  schemas: {
    Webhook: shape({
      id: 'integer',
      name: 'string',
      url: 'string',
      isActive: 'boolean',
      secretHint: { type: 'string', description: 'The secret’s last characters, never the secret' },
      createdAt: 'date-time',
      updatedAt: 'date-time',
      pending: 'integer',
      failed: 'integer',
    }),
  },
  operations: [
    {
      method: 'get',
      path: BASE,
      summary: 'List webhooks',
      auth: 'permission:webhooks',
      response: arrayOf(ref('Webhook')),
    },
    {
      method: 'post',
      path: BASE,
      summary: 'Add a webhook',
      auth: 'permission:webhooks',
      request: webhookCreateSchema,
      status: 201,
      response: ref('Webhook'),
      responses: refusedUrl,
    },
    {
      method: 'get',
      path: `${BASE}/health`,
      summary: 'Deliveries that need attention',
      auth: 'permission:webhooks',
      response: shape({
        activeWebhooks: 'integer',
        failed: 'integer',
        retrying: 'integer',
        recent: { type: 'array', items: { type: 'object' } },
      }),
    },
    {
      method: 'get',
      path: `${BASE}/{id}`,
      summary: 'A webhook',
      auth: 'permission:webhooks',
      response: ref('Webhook'),
    },
    {
      method: 'put',
      path: `${BASE}/{id}`,
      summary: 'Update a webhook',
      description: 'A secret left out or blank keeps the one saved.',
      auth: 'permission:webhooks',
      request: webhookUpdateSchema,
      response: ref('Webhook'),
      responses: refusedUrl,
    },
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      summary: 'Delete a webhook',
      auth: 'permission:webhooks',
      response: ref('Message'),
    },
  ],
})
