import type { Kysely } from 'kysely'
import type { WebhookView } from '../../core/schemas/webhooks.ts'
import type { DB } from '../db/schema.ts'
import { iso } from '../outbox/db-time.server.ts'

/**
 * The webhooks module's tables: `webhook` (the buyer's endpoints, here), `webhook_delivery` (the
 * outbox: one row per lead, or later submission of a lead, and webhook, written in the lead's
 * transaction by enqueue.server.ts) and `webhook_attempt` (every post), read and written by
 * outbox.server.ts (the worker) and deliveries.server.ts (the admin's views).
 */

/** The last characters of a secret, enough to tell two apart; short secrets show nothing. */
export function secretHint(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : '…'
}

type WebhookRow = Awaited<ReturnType<typeof webhookRows>>[number]

function webhookRows(db: Kysely<DB>, id?: number) {
  let query = db
    .selectFrom('webhook')
    .select(['id', 'name', 'url', 'secret', 'isActive', 'createdAt', 'updatedAt'])
    // A contract's endpoint belongs to the contract (server/buyers).
    .where('kind', '=', 'webhook')
    .orderBy('id')
  if (id !== undefined) query = query.where('id', '=', id)
  return query.execute()
}

/** Pending and failed counts per webhook, through the (status, next_attempt_at) index. */
async function openCounts(db: Kysely<DB>, id?: number) {
  let query = db
    .selectFrom('webhookDelivery')
    .select(['webhookId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy(['webhookId', 'status'])
  if (id !== undefined) query = query.where('webhookId', '=', id)
  const counts = new Map<number, { pending: number; failed: number }>()
  for (const row of await query.execute()) {
    const entry = counts.get(row.webhookId) ?? { pending: 0, failed: 0 }
    entry[row.status as 'pending' | 'failed'] = Number(row.n)
    counts.set(row.webhookId, entry)
  }
  return counts
}

function toView(row: WebhookRow, counts?: { pending: number; failed: number }): WebhookView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    isActive: row.isActive,
    secretHint: secretHint(row.secret),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
  }
}

export async function listWebhooks(db: Kysely<DB>): Promise<WebhookView[]> {
  const [rows, counts] = await Promise.all([webhookRows(db), openCounts(db)])
  return rows.map((row) => toView(row, counts.get(row.id)))
}

export async function findWebhook(db: Kysely<DB>, id: number): Promise<WebhookView | undefined> {
  const [row] = await webhookRows(db, id)
  return row ? toView(row, (await openCounts(db, id)).get(id)) : undefined
}

export type WebhookValues = { name: string; url: string; secret: string; isActive: boolean }

export async function createWebhook(db: Kysely<DB>, values: WebhookValues): Promise<WebhookView> {
  const { id } = await db.insertInto('webhook').values(values).returning('id').executeTakeFirstOrThrow()
  return (await findWebhook(db, id)) as WebhookView
}

export async function updateWebhook(
  db: Kysely<DB>,
  id: number,
  values: Partial<WebhookValues>,
): Promise<WebhookView | undefined> {
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined))
  const result = await db
    .updateTable('webhook')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n ? findWebhook(db, id) : undefined
}

/** Deletes the webhook with its deliveries and their attempts. */
export async function deleteWebhook(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhook').where('id', '=', id).executeTakeFirst()
  return result.numDeletedRows > 0n
}
