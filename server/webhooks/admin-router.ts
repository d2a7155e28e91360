import { Router } from 'express'
import { webhookCreateSchema, webhookUpdateSchema } from '../../core/schemas/webhooks.ts'
import { audit } from '../audit/audit.server.ts'
import type { Config } from '../config.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { changedFields, parseBody, parseId, requireChanges } from '../http/validate.ts'
import { isLoopbackOnly, refusedAddress } from '../outbox/address.server.ts'
import { webhookHealth } from '../outbox/deliveries.server.ts'
import { createWebhook, deleteWebhook, findWebhook, listWebhooks, updateWebhook } from './queries.server.ts'

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
export function webhooksAdminRouter({ db, config }: AppServices): Router {
  const router = Router()
  const find = async (id: number) => {
    const webhook = await findWebhook(db, id)
    if (!webhook) throw new HttpError(404, 'Webhook not found')
    return webhook
  }

  router.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await listWebhooks(db))
  })

  router.get('/health', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await webhookHealth(db))
  })

  router.get('/:id', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await find(parseId(req.params.id, 'Webhook')))
  })

  router.post('/', async (req, res) => {
    const input = parseBody(webhookCreateSchema, req)
    await checkWebhookUrl(config, input.url)
    const webhook = await createWebhook(db, input)
    await audit(db, {
      actor: req.admin,
      action: 'webhook.create',
      entity: 'webhook',
      entityId: webhook.id,
      detail: { name: webhook.name, isActive: webhook.isActive },
    })
    res.status(201).json(webhook)
  })

  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Webhook')
    const input = parseBody(webhookUpdateSchema, req)
    requireChanges(input)
    await find(id)
    if (input.url !== undefined) await checkWebhookUrl(config, input.url)
    const webhook = await updateWebhook(db, id, input)
    if (!webhook) throw new HttpError(404, 'Webhook not found')
    await audit(db, {
      actor: req.admin,
      action: 'webhook.update',
      entity: 'webhook',
      entityId: id,
      detail: { name: webhook.name, isActive: webhook.isActive, fields: changedFields(input) },
    })
    res.json(webhook)
  })

  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Webhook')
    const webhook = await find(id)
    await deleteWebhook(db, id)
    await audit(db, {
      actor: req.admin,
      action: 'webhook.delete',
      entity: 'webhook',
      entityId: id,
      detail: { name: webhook.name },
    })
    res.json({ message: 'Webhook deleted', id })
  })

  return router
}
