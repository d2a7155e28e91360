import type { Router } from 'express'
import { webhookCreateSchema, webhookUpdateSchema } from '../../core/schemas/webhooks.ts'
import { adminResource } from '../admin/admin-resource.ts'
import type { Config } from '../config.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { isLoopbackOnly, refusedAddress } from '../outbox/address.server.ts'
import { webhookHealth } from '../outbox/deliveries.server.ts'
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

/** Under /api/admin/webhooks, behind the webhooks permission (admins). The secret never goes back out. */
export function webhooksAdminRouter(services: AppServices): Router {
  const { db, config } = services
  return adminResource(services, {
    store: webhookStore(db),
    entity: 'webhook',
    label: 'Webhook',
    audit: { create: 'webhook.create', update: 'webhook.update', delete: 'webhook.delete' },
    createSchema: webhookCreateSchema,
    updateSchema: webhookUpdateSchema,
    view: toWebhookView,
    beforeCreate: (input) => checkWebhookUrl(config, input.url),
    beforeUpdate: async (input) => {
      if (input.url !== undefined) await checkWebhookUrl(config, input.url)
    },
    describe: (row, operation) =>
      operation === 'delete' ? { name: row.name } : { name: row.name, isActive: row.isActive },
    routes: (router) => {
      router.get('/health', async (_req, res) => {
        res.json(await webhookHealth(db))
      })
    },
  })
}
