import { Router } from 'express'
import { webhookCreateSchema, webhookUpdateSchema } from '../../../core/schemas/webhooks.ts'
import type { AppServices, Config } from '../../platform/index.ts'
import { apiModule, HttpError, mountRoutes, ref, resourceRoutes, route, shape } from '../../platform/index.ts'
import { isLoopbackOnly, refusedAddress } from './address.server.ts'
import { webhookHealth } from './deliveries.server.ts'
import { toWebhookView, webhookStore } from './queries.server.ts'

/** Leads are personal data: in production they travel over TLS only. */
export function requiresHttps(config: Pick<Config, 'nodeEnv'>) {
  return config.nodeEnv === 'production'
}

/**
 * A webhook URL must be https in production and, unless WEBHOOK_ALLOW_PRIVATE, must not lead to
 * this machine or a private network, by its literal address or by what its name resolves to now.
 * With private addresses allowed, plain http may go to this machine (loopback), where nothing
 * crosses a network. The worker checks again at every delivery.
 */
export async function checkWebhookUrl(config: Pick<Config, 'nodeEnv' | 'webhooks'>, value: string) {
  const url = new URL(value)
  if (
    requiresHttps(config) &&
    url.protocol !== 'https:' &&
    !(config.webhooks.allowPrivate && (await isLoopbackOnly(url)))
  ) {
    throw new HttpError(400, 'The webhook URL must start with https:// (leads are sent encrypted)')
  }
  if (config.webhooks.allowPrivate) return
  const refused = await refusedAddress(url)
  if (refused) throw new HttpError(400, `This webhook URL cannot be used: ${refused}`)
}

const BASE = '/api/admin/webhooks'
const refusedUrl = { 400: 'The URL is not https (in production) or leads to a private network' }

/** Under /api/admin/webhooks, behind the webhooks permission (admins). The secret never goes back out. */
export const webhooksRoutes = resourceRoutes({
  base: BASE,
  auth: 'permission:webhooks',
  schema: ref('Webhook'),
  store: ({ db }) => webhookStore(db),
  entity: 'webhook',
  label: 'Webhook',
  audit: { create: 'webhook.create', update: 'webhook.update', delete: 'webhook.delete' },
  createSchema: webhookCreateSchema,
  updateSchema: webhookUpdateSchema,
  operations: {
    list: { summary: 'List webhooks' },
    create: { summary: 'Add a webhook', responses: refusedUrl },
    read: { summary: 'A webhook' },
    update: {
      summary: 'Update a webhook',
      description: 'A secret left out or blank keeps the one saved.',
      responses: refusedUrl,
    },
    delete: { summary: 'Delete a webhook' },
  },
  view: toWebhookView,
  beforeCreate: (input, { services }) => checkWebhookUrl(services.config, input.url),
  beforeUpdate: async (input, _current, { services }) => {
    if (input.url !== undefined) await checkWebhookUrl(services.config, input.url)
  },
  describe: (row, operation) =>
    operation === 'delete' ? { name: row.name } : { name: row.name, isActive: row.isActive },
  routes: [
    route({
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
      handle: ({ services }) => webhookHealth(services.db),
    }),
  ],
})

export const webhooksApi = apiModule(
  {
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
  },
  webhooksRoutes,
)

export function webhooksAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, webhooksRoutes)
}
