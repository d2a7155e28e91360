import type { Kysely } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'
import { nowPlus } from './db-time.server.ts'

// The outbox as the delivery worker sees it: claiming due deliveries and settling their posts.

/** A delivery a worker has claimed: its row and where and how to post it. */
export type ClaimedDelivery = {
  id: number
  leadId: number
  /** Set when the row delivers a later submission of the lead. */
  submissionId: number | null
  webhookId: number
  idempotencyKey: string
  /** Including the attempt about to be made. */
  attempts: number
}

/**
 * Takes up to `limit` due deliveries for this worker: they are leased for `leaseMs` and their
 * attempt is counted before anything is posted, so a worker that dies mid-post loses them only
 * until the lease ends, and its attempt still counts. On PostgreSQL the due rows are locked with
 * SKIP LOCKED, so instances claiming at the same moment each get different rows; on SQLite the
 * statement runs under the database's single write lock.
 */
export async function claimDeliveries(
  db: Kysely<DB>,
  dialect: Dialect,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  let due = db
    .selectFrom('webhookDelivery')
    .select('id')
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', nowPlus(dialect))
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', nowPlus(dialect))]))
    .where('webhookId', 'in', db.selectFrom('webhook').select('id').where('isActive', '=', true))
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
  if (dialect === 'postgres') due = due.forUpdate().skipLocked()
  return db
    .updateTable('webhookDelivery')
    .set((eb) => ({
      lockedUntil: nowPlus(dialect, leaseMs),
      attempts: eb('attempts', '+', 1),
      updatedAt: nowPlus(dialect),
    }))
    .where('id', 'in', due)
    .returning(['id', 'leadId', 'submissionId', 'webhookId', 'idempotencyKey', 'attempts'])
    .execute()
}

/** Where and with which secret to post, for the webhooks of a batch. */
export async function webhookTargets(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return new Map<number, { url: string; secret: string }>()
  const rows = await db
    .selectFrom('webhook')
    .select(['id', 'url', 'secret'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((r) => [r.id, { url: r.url, secret: r.secret }]))
}

export type AttemptRecord = {
  attemptedAt: Date
  statusCode: number | null
  error: string | null
  durationMs: number
  responseExcerpt: string | null
}

/** What becomes of a claimed delivery after its attempt. */
export type Settlement =
  | { kind: 'delivered' }
  | { kind: 'retry'; afterMs: number }
  | { kind: 'failed' }
  /** Cut short by our own shutdown: due again at once, and the attempt does not use up a retry. */
  | { kind: 'released' }

export type SettleItem = { claimed: ClaimedDelivery; attempt: AttemptRecord; settlement: Settlement }

/**
 * Records attempts and settles their deliveries, many in one transaction (one fsync for a whole
 * batch on SQLite). Only the claim that made an attempt may settle it (same attempt count, still
 * pending): a worker that outlived its lease cannot overwrite what a later claim did. A delivery
 * that is gone (its lead erased or its webhook deleted meanwhile) gets no attempt row. With
 * `next`, the slots these free are filled in the same transaction.
 */
export async function settleDeliveries(
  db: Kysely<DB>,
  dialect: Dialect,
  items: SettleItem[],
  /** Claim the next deliveries in the same transaction: one commit instead of two. */
  next?: { limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  if (items.length === 0) return []
  return db.transaction().execute(async (trx) => {
    // Deliveries that ended alike (most often: all delivered with a 200) settle in one statement.
    const groups = new Map<string, SettleItem[]>()
    for (const item of items) {
      const { attempt, settlement } = item
      const key = JSON.stringify([settlement, attempt.statusCode, attempt.error])
      groups.set(key, [...(groups.get(key) ?? []), item])
    }
    const deliveredAt = new Date()
    for (const group of groups.values()) {
      const { attempt, settlement } = group[0] as SettleItem
      const common = {
        lockedUntil: null,
        lastStatus: attempt.statusCode,
        lastError: attempt.error,
        updatedAt: nowPlus(dialect),
      }
      await trx
        .updateTable('webhookDelivery')
        .set((eb) =>
          settlement.kind === 'delivered'
            ? { ...common, status: 'delivered' as const, deliveredAt, lastError: null }
            : settlement.kind === 'failed'
              ? { ...common, status: 'failed' as const }
              : settlement.kind === 'retry'
                ? { ...common, nextAttemptAt: nowPlus(dialect, settlement.afterMs) }
                : { ...common, nextAttemptAt: nowPlus(dialect), attempts: eb('attempts', '-', 1) },
        )
        .where(({ eb, refTuple, tuple }) =>
          eb(
            refTuple('id', 'attempts'),
            'in',
            group.map((i) => tuple(i.claimed.id, i.claimed.attempts)),
          ),
        )
        .where('status', '=', 'pending')
        .execute()
    }
    const existing = new Set(
      (
        await trx
          .selectFrom('webhookDelivery')
          .select('id')
          .where(
            'id',
            'in',
            items.map((i) => i.claimed.id),
          )
          .execute()
      ).map((r) => r.id),
    )
    const attempts = items
      .filter((i) => existing.has(i.claimed.id))
      .map((i) => ({ deliveryId: i.claimed.id, ...i.attempt }))
    if (attempts.length > 0) await trx.insertInto('webhookAttempt').values(attempts).execute()
    return next && next.limit > 0 ? claimDeliveries(trx, dialect, next.limit, next.leaseMs) : []
  })
}
