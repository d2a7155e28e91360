import type { Kysely } from 'kysely'
import type { AnswerReading } from '../../../core/routing/buyer-answer.ts'
import type { DB, DeliveryKind, Dialect } from '../../platform/index.ts'
import { nowPlus } from './db-time.server.ts'

// The outbox as the delivery worker sees it: claiming due deliveries and settling their posts.

/** A delivery a worker has claimed: its row and where and how to post it. */
export type ClaimedDelivery = {
  id: number
  leadId: number
  /** Set when the row delivers a later submission of the lead. */
  submissionId: number | null
  webhookId: number
  /** Set when the delivery offers the lead to a buyer's contract. */
  contractId: number | null
  /**
   * 'ping': the lead without personal data to the contract's ping URL; its key is the `pingId`.
   * 'return': a return's decision to the contract's webhook; not an offer (nothing is reserved or settled).
   */
  kind: DeliveryKind
  idempotencyKey: string
  /** For a post to a contract that was pinged: the accepted ping's id (the buyer's bid was for it). */
  pingId: string | null
  /** Including the attempt about to be made. */
  attempts: number
  /** For an offer to a contract that may not be posted now: why (it ends unposted). */
  refusal?: OfferRefusal
}

/** Why an offer to a contract is not posted: over a cap, or the contract cannot take it now. */
export type OfferRefusal = { outcome: 'capped' | 'withdrawn'; reason: string }

/** How an offer to a contract ended, or (kind 'ping') how the buyer answered its ping. */
export type OfferEnd = {
  leadId: number
  contractId: number
  kind?: DeliveryKind
  outcome: 'accepted' | 'rejected' | 'duplicate' | 'failed' | 'capped' | 'withdrawn'
  reason: string | null
  /** An accepted ping's bid. */
  bidPence?: number
}

/**
 * What routing does around contract deliveries (server/sales/routing/offers.server.ts), handed to the
 * worker so the outbox imports no domain module: reserve a sale before posting (the caps), and
 * record the end of each offer in the settling transaction, enqueueing the next.
 */
export type ContractOffers = {
  /** Runs inside the claiming transaction, so a claim and its reservations commit together. */
  reserve: (
    trx: Kysely<DB>,
    dialect: Dialect,
    offers: { deliveryId: number; leadId: number; contractId: number }[],
  ) => Promise<Map<number, OfferRefusal>>
  /** Returns how many deliveries it enqueued. */
  settled: (trx: Kysely<DB>, dialect: Dialect, ends: OfferEnd[]) => Promise<number>
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
  offers?: ContractOffers,
): Promise<ClaimedDelivery[]> {
  if (!offers) return claim(db, dialect, limit, leaseMs)
  // Offers to contracts are reserved (the caps) in the same transaction: one commit, not two.
  const inside = async (trx: Kysely<DB>) => {
    const claimed = await claim(trx, dialect, limit, leaseMs)
    // A ping reserves nothing (the sale is reserved when the lead is posted), nor does a return's notice.
    const toContracts = claimed.flatMap((d) =>
      d.contractId === null || d.kind !== 'post'
        ? []
        : [{ deliveryId: d.id, leadId: d.leadId, contractId: d.contractId }],
    )
    if (toContracts.length === 0) return claimed
    const refused = await offers.reserve(trx, dialect, toContracts)
    return claimed.map((d) => (refused.has(d.id) ? { ...d, refusal: refused.get(d.id) } : d))
  }
  return db.isTransaction ? inside(db) : db.transaction().execute(inside)
}

async function claim(
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
  const claimed = await db
    .updateTable('webhookDelivery')
    .set((eb) => ({
      lockedUntil: nowPlus(dialect, leaseMs),
      attempts: eb('attempts', '+', 1),
      updatedAt: nowPlus(dialect),
    }))
    .where('id', 'in', due)
    .returning([
      'id',
      'leadId',
      'submissionId',
      'webhookId',
      'contractId',
      'kind',
      'idempotencyKey',
      'attempts',
    ])
    .execute()
  return withPingIds(db, claimed)
}

/** Each post to a contract with the id of the ping its buyer accepted, if it was pinged. */
async function withPingIds(
  db: Kysely<DB>,
  claimed: Omit<ClaimedDelivery, 'pingId'>[],
): Promise<ClaimedDelivery[]> {
  const posts = claimed.filter((d) => d.kind === 'post' && d.contractId !== null)
  const pings =
    posts.length === 0
      ? []
      : await db
          .selectFrom('webhookDelivery')
          .select(['leadId', 'contractId', 'idempotencyKey'])
          .where('kind', '=', 'ping')
          .where('outcome', '=', 'accepted')
          .where(({ eb, refTuple, tuple }) =>
            eb(
              refTuple('leadId', 'contractId'),
              'in',
              posts.map((d) => tuple(d.leadId, d.contractId as number)),
            ),
          )
          .execute()
  const key = (leadId: number, contractId: number | null) => `${leadId}:${contractId}`
  const ids = new Map(pings.map((p) => [key(p.leadId, p.contractId), p.idempotencyKey]))
  return claimed.map((d) => ({
    ...d,
    pingId: d.kind === 'post' ? (ids.get(key(d.leadId, d.contractId)) ?? null) : null,
  }))
}

/**
 * Where to post, with which secret, and for a contract how to read the buyer's answer, where to
 * ping it (null: it is not pinged) and its price (the lowest bid a ping may answer).
 */
export type Target = {
  url: string
  secret: string
  reading: AnswerReading | null
  pingUrl: string | null
  pricePence: number | null
}

/** The endpoints of a batch's deliveries. */
export async function webhookTargets(db: Kysely<DB>, ids: number[]): Promise<Map<number, Target>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('webhook')
    .leftJoin('contract', 'contract.webhookId', 'webhook.id')
    .select([
      'webhook.id',
      'webhook.url',
      'webhook.secret',
      'contract.id as contractId',
      'contract.acceptPath',
      'contract.acceptValues',
      'contract.reasonPath',
      'contract.pingUrl',
      'contract.pricePence',
    ])
    .where('webhook.id', 'in', [...new Set(ids)])
    .execute()
  return new Map(
    rows.map((r) => [
      r.id,
      {
        url: r.url,
        secret: r.secret,
        reading:
          r.contractId === null
            ? null
            : { acceptPath: r.acceptPath, acceptValues: r.acceptValues, reasonPath: r.reasonPath },
        pingUrl: r.pingUrl ?? null,
        pricePence: r.pricePence ?? null,
      },
    ]),
  )
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

export type SettleItem = {
  claimed: ClaimedDelivery
  /** Null when nothing was posted (an offer refused before posting). */
  attempt: AttemptRecord | null
  settlement: Settlement
  /** For a contract delivery that ended: the buyer's answer, or why it was not posted. */
  end?: Pick<OfferEnd, 'outcome' | 'reason' | 'bidPence'>
}

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
  offers?: ContractOffers,
): Promise<{ next: ClaimedDelivery[]; enqueued: number }> {
  if (items.length === 0) return { next: [], enqueued: 0 }
  return db.transaction().execute(async (trx) => {
    // Deliveries that ended alike (most often: all delivered with a 200) settle in one statement.
    const groups = new Map<string, SettleItem[]>()
    for (const item of items) {
      const { attempt, settlement } = item
      const key = JSON.stringify([settlement, attempt?.statusCode, attempt?.error, item.end])
      groups.set(key, [...(groups.get(key) ?? []), item])
    }
    const deliveredAt = new Date()
    const settled = new Set<number>()
    for (const group of groups.values()) {
      const { attempt, settlement, end } = group[0] as SettleItem
      const common = {
        lockedUntil: null,
        lastStatus: attempt?.statusCode ?? null,
        lastError: attempt ? attempt.error : (end?.reason ?? null),
        ...(end ? { outcome: end.outcome, outcomeReason: end.reason } : {}),
        updatedAt: nowPlus(dialect),
      }
      const rows = await trx
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
        .returning('id')
        .execute()
      for (const row of rows) settled.add(row.id)
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
    const attempts = items.flatMap((i) =>
      existing.has(i.claimed.id) && i.attempt ? [{ deliveryId: i.claimed.id, ...i.attempt }] : [],
    )
    if (attempts.length > 0) await trx.insertInto('webhookAttempt').values(attempts).execute()
    const ends = items.flatMap((i) =>
      settled.has(i.claimed.id) && i.end && i.claimed.contractId !== null && i.claimed.kind !== 'return'
        ? [{ leadId: i.claimed.leadId, contractId: i.claimed.contractId, kind: i.claimed.kind, ...i.end }]
        : [],
    )
    const enqueued = ends.length > 0 && offers ? await offers.settled(trx, dialect, ends) : 0
    return {
      next:
        next && next.limit > 0 ? await claimDeliveries(trx, dialect, next.limit, next.leaseMs, offers) : [],
      enqueued,
    }
  })
}
