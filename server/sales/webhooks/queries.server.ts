import type { Kysely } from 'kysely'
import type { WebhookView } from '../../../core/schemas/webhooks.ts'
import type { DB, ResourceStore } from '../../platform/index.ts'
import { iso } from './db-time.server.ts'

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

/** The operator's own webhooks; a contract's endpoint row (kind 'contract') belongs to its contract. */
function webhookRows(db: Kysely<DB>, id?: number) {
  let query = db
    .selectFrom('webhook')
    .select(['id', 'name', 'url', 'secret', 'isActive', 'createdAt', 'updatedAt'])
    // A contract's endpoint belongs to the contract (server/sales/buyers).
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

/** A webhook with its open delivery counts, secret included: for the server only. */
export type WebhookRecord = Awaited<ReturnType<typeof webhookRows>>[number] & {
  pending: number
  failed: number
}

/** What the admin API sends for a webhook: the secret only as its last characters. */
export function toWebhookView(row: WebhookRecord): WebhookView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    isActive: row.isActive,
    secretHint: secretHint(row.secret),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
    pending: row.pending,
    failed: row.failed,
  }
}

async function withCounts(db: Kysely<DB>, id?: number): Promise<WebhookRecord[]> {
  const [rows, counts] = await Promise.all([webhookRows(db, id), openCounts(db, id)])
  return rows.map((row) => ({ ...row, pending: 0, failed: 0, ...counts.get(row.id) }))
}

export type WebhookValues = { name: string; url: string; secret: string; isActive: boolean }

/** The admin resource's store; deleting a webhook deletes its deliveries and their attempts. */
export function webhookStore(
  db: Kysely<DB>,
): ResourceStore<WebhookRecord, WebhookValues, Partial<WebhookValues>> {
  const find = async (id: number) => (await withCounts(db, id))[0]
  return {
    list: () => withCounts(db),
    find,
    create: async (values) => {
      const { id } = await db.insertInto('webhook').values(values).returning('id').executeTakeFirstOrThrow()
      return (await find(id)) as WebhookRecord
    },
    update: async (id, values) => {
      const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined))
      const result = await db
        .updateTable('webhook')
        .set({ ...changes, updatedAt: new Date() })
        .where('id', '=', id)
        .where('kind', '=', 'webhook')
        .executeTakeFirst()
      return result.numUpdatedRows > 0n ? find(id) : undefined
    },
    remove: async (id) => {
      await db.deleteFrom('webhook').where('id', '=', id).where('kind', '=', 'webhook').execute()
    },
  }
}
