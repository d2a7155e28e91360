import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB, DeliveryKind } from '../../platform/index.ts'

// The one way into the outbox: leads (for webhooks) and routing (for contracts) write their
// deliveries here, inside their own transaction.

/** The operator's own webhooks a lead taken now goes to (contracts are offered by routing). */
export async function activeWebhookIds(trx: Kysely<DB>): Promise<number[]> {
  const rows = await trx
    .selectFrom('webhook')
    .select('id')
    .where('kind', '=', 'webhook')
    .where('isActive', '=', true)
    .orderBy('id')
    .execute()
  return rows.map((w) => w.id)
}

/**
 * One outbox row: a lead, or a later submission of it, for one endpoint; with `contractId`, the
 * lead offered to that contract (at most once: a unique index).
 */
export type Enqueued = {
  leadId: number
  submissionId?: number | null
  webhookId: number
  contractId?: number | null
  /**
   * 'ping': the lead without personal data to the contract's ping URL; 'return': the decision on
   * the buyer's return of the lead's sale to the contract (default 'post').
   */
  kind?: DeliveryKind
}

/** Writes the outbox rows, each with its own Idempotency-Key. */
export async function enqueue(trx: Kysely<DB>, rows: Enqueued[]): Promise<void> {
  if (rows.length === 0) return
  await trx
    .insertInto('webhookDelivery')
    .values(
      rows.map(({ leadId, submissionId, webhookId, contractId, kind }) => ({
        leadId,
        submissionId: submissionId ?? null,
        webhookId,
        contractId: contractId ?? null,
        kind: kind ?? 'post',
        idempotencyKey: randomUUID(),
      })),
    )
    .execute()
}

/**
 * Of these leads, those a buyer has, or is about to have: a delivery of the lead or of one of its
 * submissions that succeeded, or is still to be posted to an active webhook (including one being
 * posted right now).
 */
export async function leadsWithABuyer(trx: Kysely<DB>, leadIds: number[]): Promise<Set<number>> {
  if (leadIds.length === 0) return new Set()
  const rows = await trx
    .selectFrom('webhookDelivery')
    .select('leadId')
    .distinct()
    .where('leadId', 'in', [...new Set(leadIds)])
    // A ping hands over no personal data.
    .where('kind', '=', 'post')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'delivered'),
        eb.and([
          eb('status', '=', 'pending'),
          eb('webhookId', 'in', eb.selectFrom('webhook').select('id').where('isActive', '=', true)),
        ]),
      ]),
    )
    .execute()
  return new Set(rows.map((r) => r.leadId))
}
