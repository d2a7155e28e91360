import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type {
  DeliveryStatus,
  FailingDelivery,
  LeadDeliveryView,
  WebhookHealth,
} from '../../../core/schemas/webhooks.ts'
import type { DB, Dialect } from '../../platform/index.ts'
import { iso, nowPlus } from './db-time.server.ts'

// Deliveries as the admin sees them: per lead, resent, and the failing ones on the Overview.

/** A lead's own deliveries with every attempt, oldest first, for the admin's lead detail. */
export async function leadDeliveries(db: Kysely<DB>, leadId: number): Promise<LeadDeliveryView[]> {
  return (await deliveryViews(db, leadId, 'lead')).get(null) ?? []
}

/** A lead's offers to contracts (their deliveries, with every attempt), by contract. */
export async function offerDeliveries(
  db: Kysely<DB>,
  leadId: number,
): Promise<Map<number | null, LeadDeliveryView[]>> {
  return deliveryViews(db, leadId, 'offers')
}

/** The deliveries of a lead's later submissions, by submission. */
export async function submissionDeliveries(
  db: Kysely<DB>,
  leadId: number,
): Promise<Map<number | null, LeadDeliveryView[]>> {
  return deliveryViews(db, leadId, 'submissions')
}

async function deliveryViews(
  db: Kysely<DB>,
  leadId: number,
  which: 'lead' | 'submissions' | 'offers',
): Promise<Map<number | null, LeadDeliveryView[]>> {
  const deliveries = await db
    .selectFrom('webhookDelivery as d')
    .innerJoin('webhook as w', 'w.id', 'd.webhookId')
    .select([
      'd.id',
      'd.submissionId',
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
      'd.contractId',
      'd.outcome',
      'd.outcomeReason',
    ])
    .where('d.leadId', '=', leadId)
    .where('d.submissionId', which === 'submissions' ? 'is not' : 'is', null)
    .where('d.contractId', which === 'offers' ? 'is not' : 'is', null)
    // A return's notice to the buyer is no offer of the lead.
    .where('d.kind', '!=', 'return')
    .orderBy('d.id')
    .execute()
  const out = new Map<number | null, LeadDeliveryView[]>()
  if (deliveries.length === 0) return out
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
  for (const d of deliveries) {
    const view: LeadDeliveryView = {
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
      ...(d.contractId === null ? {} : { outcome: d.outcome, outcomeReason: d.outcomeReason }),
      attemptsLog: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          attemptedAt: iso(a.attemptedAt) as string,
          statusCode: a.statusCode,
          error: a.error,
          durationMs: a.durationMs,
          responseExcerpt: a.responseExcerpt,
        })),
    }
    const key = which === 'offers' ? d.contractId : d.submissionId
    out.set(key, [...(out.get(key) ?? []), view])
  }
  return out
}

/**
 * "Resend" on a lead (its own deliveries, not those of its later submissions): for each active webhook, a failed or waiting delivery goes back to pending,
 * due now, with its retries restored and its key kept (the buyer can still tell it is the same
 * lead); a webhook that has none gets one. When everything was already delivered, each active
 * webhook gets a new delivery with a new key: an explicit second sending. A delivery being posted
 * right now is left to finish. Undefined when there is no such lead.
 */
export async function resendLead(db: Kysely<DB>, dialect: Dialect, leadId: number) {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('lead').select('id').where('id', '=', leadId).executeTakeFirst()
    if (!lead) return undefined
    const webhooks = await trx
      .selectFrom('webhook')
      .select('id')
      .where('kind', '=', 'webhook')
      .where('isActive', '=', true)
      .execute()
    const deliveries = await trx
      .selectFrom('webhookDelivery')
      .select(['id', 'webhookId', 'status'])
      .where('leadId', '=', leadId)
      .where('submissionId', 'is', null)
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
    // A buyer that said no, or an offer a cap stopped, is routing at work, not a failing endpoint.
    .where((eb) => eb.or([eb('d.outcome', 'is', null), eb('d.outcome', '=', 'failed')]))

/** Failed deliveries and those retrying after a failure, for the Overview. */
export async function webhookHealth(db: Kysely<DB>, limit = 10): Promise<WebhookHealth> {
  const [active, counts, recent] = await Promise.all([
    db
      .selectFrom('webhook')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'webhook')
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
        'd.submissionId',
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
        submissionId: d.submissionId,
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
