import { randomUUID } from 'node:crypto'
import { type Expression, type Kysely, sql } from 'kysely'
import type {
  DeliveryStatus,
  FailingDelivery,
  LeadDeliveryView,
  WebhookHealth,
  WebhookView,
} from '../../core/schemas/webhooks.ts'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'

/**
 * The webhooks module's tables: `webhook` (the buyer's endpoints), `webhook_delivery` (the outbox:
 * one row per lead and webhook, written in the lead's transaction) and `webhook_attempt` (every
 * post). Only this file touches them, apart from the outbox insert in the lead's own transaction.
 */

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString()

/**
 * "Now", plus `ms`: the database's clock on PostgreSQL, so instances on several hosts agree on
 * leases and due times; on SQLite (one host) this process's.
 */
function nowPlus(dialect: Dialect, ms = 0): Expression<Date> {
  if (dialect === 'postgres') {
    return ms === 0 ? sql<Date>`now()` : sql<Date>`now() + make_interval(secs => ${ms / 1000})`
  }
  return sql<Date>`${new Date(Date.now() + ms)}`
}

/** The last characters of a secret, enough to tell two apart; short secrets show nothing. */
export function secretHint(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : '…'
}

type WebhookRow = Awaited<ReturnType<typeof webhookRows>>[number]

function webhookRows(db: Kysely<DB>, id?: number) {
  let query = db
    .selectFrom('webhook')
    .select(['id', 'name', 'url', 'secret', 'isActive', 'createdAt', 'updatedAt'])
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

/** A delivery a worker has claimed: its row and where and how to post it. */
export type ClaimedDelivery = {
  id: number
  leadId: number
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
    .returning(['id', 'leadId', 'webhookId', 'idempotencyKey', 'attempts'])
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

/** A lead's deliveries with every attempt, oldest first, for the admin's lead detail. */
export async function leadDeliveries(db: Kysely<DB>, leadId: number): Promise<LeadDeliveryView[]> {
  const deliveries = await db
    .selectFrom('webhookDelivery as d')
    .innerJoin('webhook as w', 'w.id', 'd.webhookId')
    .select([
      'd.id',
      'd.webhookId',
      'w.name as webhookName',
      'd.idempotencyKey',
      'd.status',
      'd.attempts',
      'd.lastStatus',
      'd.lastError',
      'd.deliveredAt',
      'd.nextAttemptAt',
      'd.createdAt',
    ])
    .where('d.leadId', '=', leadId)
    .orderBy('d.id')
    .execute()
  if (deliveries.length === 0) return []
  const attempts = await db
    .selectFrom('webhookAttempt')
    .select(['deliveryId', 'attemptedAt', 'statusCode', 'error', 'durationMs', 'responseExcerpt'])
    .where(
      'deliveryId',
      'in',
      deliveries.map((d) => d.id),
    )
    .orderBy('id')
    .execute()
  return deliveries.map((d) => ({
    id: d.id,
    webhookId: d.webhookId,
    webhookName: d.webhookName,
    idempotencyKey: d.idempotencyKey,
    status: d.status,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    deliveredAt: iso(d.deliveredAt),
    nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    createdAt: iso(d.createdAt) as string,
    attemptsLog: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attemptedAt: iso(a.attemptedAt) as string,
        statusCode: a.statusCode,
        error: a.error,
        durationMs: a.durationMs,
        responseExcerpt: a.responseExcerpt,
      })),
  }))
}

/**
 * "Resend" on a lead: for each active webhook, a failed or waiting delivery goes back to pending,
 * due now, with its retries restored and its key kept (the buyer can still tell it is the same
 * lead); a webhook that has none gets one. When everything was already delivered, each active
 * webhook gets a new delivery with a new key: an explicit second sending. A delivery being posted
 * right now is left to finish. Undefined when there is no such lead.
 */
export async function resendLead(db: Kysely<DB>, dialect: Dialect, leadId: number) {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('lead').select('id').where('id', '=', leadId).executeTakeFirst()
    if (!lead) return undefined
    const webhooks = await trx.selectFrom('webhook').select('id').where('isActive', '=', true).execute()
    const deliveries = await trx
      .selectFrom('webhookDelivery')
      .select(['id', 'webhookId', 'status'])
      .where('leadId', '=', leadId)
      .execute()
    const open: number[] = []
    const missing: number[] = []
    for (const { id } of webhooks) {
      const own = deliveries.filter((d) => d.webhookId === id)
      if (own.length === 0) missing.push(id)
      for (const d of own) if (d.status !== 'delivered') open.push(d.id)
    }
    let retried = 0
    if (open.length > 0) {
      const result = await trx
        .updateTable('webhookDelivery')
        .set({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: nowPlus(dialect),
          updatedAt: nowPlus(dialect),
        })
        .where('id', 'in', open)
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', nowPlus(dialect))]))
        .executeTakeFirst()
      retried = Number(result.numUpdatedRows)
    }
    const fresh = open.length === 0 && missing.length === 0 ? webhooks.map((w) => w.id) : missing
    if (fresh.length > 0) {
      await trx
        .insertInto('webhookDelivery')
        .values(fresh.map((webhookId) => ({ leadId, webhookId, idempotencyKey: randomUUID() })))
        .execute()
    }
    return { retried, created: fresh.length }
  })
}

const failing = (db: Kysely<DB>) =>
  db
    .selectFrom('webhookDelivery as d')
    .where((eb) =>
      eb.or([
        eb('d.status', '=', 'failed'),
        eb.and([eb('d.status', '=', 'pending'), eb('d.lastError', 'is not', null)]),
      ]),
    )

/** Failed deliveries and those retrying after a failure, for the Overview. */
export async function webhookHealth(db: Kysely<DB>, limit = 10): Promise<WebhookHealth> {
  const [active, counts, recent] = await Promise.all([
    db
      .selectFrom('webhook')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('isActive', '=', true)
      .executeTakeFirstOrThrow(),
    failing(db)
      .select(['d.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('d.status')
      .execute(),
    failing(db)
      .innerJoin('webhook as w', 'w.id', 'd.webhookId')
      .select([
        'd.id',
        'd.leadId',
        'd.webhookId',
        'w.name as webhookName',
        'd.status',
        'd.attempts',
        'd.lastStatus',
        'd.lastError',
        'd.nextAttemptAt',
        'd.updatedAt',
      ])
      .orderBy('d.updatedAt', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .execute(),
  ])
  const count = (status: DeliveryStatus) => Number(counts.find((c) => c.status === status)?.n ?? 0)
  return {
    activeWebhooks: Number(active.n),
    failed: count('failed'),
    retrying: count('pending'),
    recent: recent.map(
      (d): FailingDelivery => ({
        id: d.id,
        leadId: d.leadId,
        webhookId: d.webhookId,
        webhookName: d.webhookName,
        status: d.status,
        attempts: d.attempts,
        lastStatus: d.lastStatus,
        lastError: d.lastError,
        nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
        updatedAt: iso(d.updatedAt) as string,
      }),
    ),
  }
}
