import type { EventEmitter } from 'node:events'
import http from 'node:http'
import https from 'node:https'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { DeliveredLead, PingedLead, ReturnNotice } from '../../../core/schemas/delivered-lead.ts'
import type { AppEvents, DB, Dialect, WebhookConfig } from '../../platform/index.ts'
import { runInBackground } from '../../platform/index.ts'
import {
  type ClaimedDelivery,
  type ContractOffers,
  claimDeliveries,
  type OfferRefusal,
  type SettleItem,
  settleDeliveries,
  type Target,
  webhookTargets,
} from './claims.server.ts'
import { answerSettlement, deliveryBody } from './delivery-post.server.ts'
import { postJson, signature } from './post.server.ts'

/** How long stopping waits for posts in flight before cutting them short. */
const STOP_GRACE_MS = 5000

type WorkerDeps = {
  db: Kysely<DB>
  dialect: Dialect
  config: { webhooks: WebhookConfig; nodeEnv: string }
  logger: Logger
  events: EventEmitter<AppEvents>
  /** Routing's part in contract deliveries (reserving caps, moving on); without it, none are posted. */
  offers?: ContractOffers
  /** What is posted: the leads and submissions by id (the leads module's payload; injected). */
  payloads: Payloads
}

/** The body's `lead` for each delivery; missing ids are leads or submissions erased meanwhile. */
export type Payloads = {
  leads: (db: Kysely<DB>, ids: number[]) => Promise<Map<number, DeliveredLead>>
  submissions: (db: Kysely<DB>, ids: number[]) => Promise<Map<number, DeliveredLead>>
  /** A ping's `lead`: what a buyer may know before it accepts (no personal data). */
  pings?: (db: Kysely<DB>, ids: number[]) => Promise<Map<number, PingedLead>>
  /** A return notice's `return`, by delivery id (the returns module's; no personal data). */
  returns?: (db: Kysely<DB>, deliveries: ReturnNoticeKey[]) => Promise<Map<number, ReturnNotice>>
}

/** A return notice is the delivery of kind 'return' for a lead and the contract it was sold to. */
export type ReturnNoticeKey = { deliveryId: number; leadId: number; contractId: number }

/**
 * The outbox worker in each app process. Woken at once by every committed lead and otherwise
 * every `pollMs`, it claims due deliveries (any instance may claim any row, never the same row
 * twice), posts each signed with its webhook's secret and the delivery's Idempotency-Key, then
 * records the attempt and settles the row: delivered on 2xx, else retried after the next delay of
 * WEBHOOK_RETRY_DELAYS, and failed after the last. A process killed mid-post leaves its rows
 * leased; when the lease ends any instance posts them again with the same key.
 */
export class DeliveryWorker {
  readonly #deps: WorkerDeps
  readonly #inFlight = new Set<Promise<void>>()
  readonly #stop = new AbortController()
  readonly #concurrency: number
  readonly #agents: { http: http.Agent; https: https.Agent }
  #timer: ReturnType<typeof setInterval> | undefined
  #started = false
  #stopped = false
  #filling: Promise<void> | undefined
  #again = false
  /** Attempts waiting to be recorded: written together, like leads (group commit). */
  #settling: { item: SettleItem; done: (recorded: boolean) => void }[] = []
  #flushing = false

  constructor(deps: WorkerDeps) {
    this.#deps = deps
    // Several posts at once: one slow buyer cannot hold up the other leads.
    this.#concurrency = deps.config.webhooks.concurrency
    // No socket cap: the worker caps posts, and a post queued inside an agent would spend its
    // timeout waiting for a socket instead of on the buyer.
    this.#agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) }
  }

  readonly #onLead = ({ deliveries }: { deliveries: number }) => {
    if (deliveries > 0) this.wake()
  }

  start() {
    if (this.#started || this.#stopped) return
    this.#started = true
    this.#deps.events.on('lead.created', this.#onLead)
    this.#deps.events.on('lead.submitted', this.#onLead)
    this.#timer = setInterval(() => this.wake(), this.#deps.config.webhooks.pollMs)
    this.#timer.unref()
    this.wake()
  }

  /** Look for due deliveries now (a new lead, a resend). */
  wake() {
    if (!this.#started || this.#stopped) return
    if (this.#filling) {
      this.#again = true
      return
    }
    // On the next turn of the event loop: deliveries settled together free their slots together,
    // and one claim then fills them all. Later when the loop is saturated: visitors first.
    this.#filling = new Promise<void>((resolve) => runInBackground(resolve))
      .then(() => this.#fill())
      .finally(() => {
        this.#filling = undefined
      })
  }

  /**
   * Stops claiming, then waits for the posts in flight to be answered and recorded; after `graceMs`
   * the rest are cut short and handed back (due at once, for any instance, with the same key).
   */
  async stop(graceMs = STOP_GRACE_MS) {
    if (this.#stopped) return
    this.#stopped = true
    clearInterval(this.#timer)
    this.#deps.events.off('lead.created', this.#onLead)
    this.#deps.events.off('lead.submitted', this.#onLead)
    await this.#filling
    const grace = setTimeout(() => this.#stop.abort(), graceMs)
    // A commit under way may still hand over a few claimed rows: wait for those too.
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight])
    clearTimeout(grace)
    this.#agents.http.destroy()
    this.#agents.https.destroy()
  }

  async #fill() {
    const { db, dialect, config, logger } = this.#deps
    try {
      do {
        this.#again = false
        while (!this.#stopped && this.#inFlight.size < this.#concurrency) {
          const room = this.#concurrency - this.#inFlight.size
          const claimed = await claimDeliveries(db, dialect, room, config.webhooks.leaseMs, this.#deps.offers)
          if (claimed.length > 0) this.#post(claimed)
          if (claimed.length < room) break
        }
      } while (this.#again && !this.#stopped)
    } catch (err) {
      logger.error({ err }, 'webhook deliveries could not be claimed')
    }
  }

  #post(batch: ClaimedDelivery[]) {
    const track = (work: Promise<void>) => {
      const done = work
        .catch((err: unknown) => this.#deps.logger.error({ err }, 'webhook delivery failed'))
        .finally(() => {
          this.#inFlight.delete(done)
          // A slot is free: more may be due.
          this.wake()
        })
      this.#inFlight.add(done)
    }
    // The batch is fetched once (its offers were reserved as it was claimed); each delivery then holds its own slot.
    const ready = Promise.all([
      webhookTargets(
        this.#deps.db,
        batch.map((d) => d.webhookId),
      ),
      this.#deps.payloads.leads(
        this.#deps.db,
        batch.flatMap((d) => (d.submissionId === null && d.kind === 'post' ? [d.leadId] : [])),
      ),
      this.#deps.payloads.pings?.(
        this.#deps.db,
        batch.flatMap((d) => (d.kind === 'ping' ? [d.leadId] : [])),
      ) ?? new Map<number, PingedLead>(),
      this.#deps.payloads.submissions(
        this.#deps.db,
        batch.flatMap((d) => (d.submissionId === null ? [] : [d.submissionId])),
      ),
      this.#deps.payloads.returns?.(
        this.#deps.db,
        batch.flatMap((d) =>
          d.kind === 'return' && d.contractId !== null
            ? [{ deliveryId: d.id, leadId: d.leadId, contractId: d.contractId }]
            : [],
        ),
      ) ?? new Map<number, ReturnNotice>(),
    ])
    for (const delivery of batch) {
      track(
        ready.then(
          ([targets, leads, pings, submissions, returns]) => {
            if (delivery.kind === 'return') {
              // Not an offer: no routing needed. Without the returns' payload, left for an instance that has it.
              if (!this.#deps.payloads.returns) return
              return this.#deliver(delivery, targets.get(delivery.webhookId), returns.get(delivery.id))
            }
            // Without routing, an offer to a contract is left for an instance that has it.
            if (delivery.contractId !== null && !this.#deps.offers) return
            if (delivery.refusal) return this.#refuse(delivery, delivery.refusal)
            return this.#deliver(
              delivery,
              targets.get(delivery.webhookId),
              delivery.kind === 'ping'
                ? pings.get(delivery.leadId)
                : delivery.submissionId === null
                  ? leads.get(delivery.leadId)
                  : submissions.get(delivery.submissionId),
            )
          },
          (err: unknown) =>
            this.#deps.logger.error({ err, deliveryId: delivery.id }, 'webhook delivery failed'),
        ),
      )
    }
  }

  /** An offer that may not be posted (a cap reached, the contract paused): it ends, unposted. */
  async #refuse(delivery: ClaimedDelivery, refusal: OfferRefusal) {
    const recorded = await this.#record({
      claimed: delivery,
      attempt: null,
      settlement: { kind: 'failed' },
      end: refusal,
    })
    if (!recorded) return
    this.#deps.logger.info(
      {
        deliveryId: delivery.id,
        leadId: delivery.leadId,
        contractId: delivery.contractId,
        outcome: refusal.outcome,
      },
      'offer to a contract not posted',
    )
  }

  /** `lead` is the body's lead, or for a return notice its `return`. */
  async #deliver(
    delivery: ClaimedDelivery,
    target: Target | undefined,
    lead: DeliveredLead | PingedLead | ReturnNotice | undefined,
  ) {
    const { config, logger } = this.#deps
    const ids = {
      deliveryId: delivery.id,
      leadId: delivery.leadId,
      submissionId: delivery.submissionId ?? undefined,
      webhookId: delivery.webhookId,
    }
    // Erased lead or submission, or deleted webhook: the delivery went with it.
    if (!target || !lead) return
    const ping = delivery.kind === 'ping'
    const notice = delivery.kind === 'return'
    // A contract no longer pinged (its ping URL removed since): nothing is sent, the ping ends.
    if (ping && !target.pingUrl)
      return this.#refuse(delivery, { outcome: 'withdrawn', reason: 'The contract is no longer pinged' })
    const body = deliveryBody(delivery, target, lead, config.nodeEnv)
    const attemptedAt = new Date()
    const outcome = await postJson(
      (ping ? target.pingUrl : target.url) as string,
      body,
      {
        'content-type': 'application/json',
        'idempotency-key': delivery.idempotencyKey,
        'x-webhook-signature': signature(target.secret, body, attemptedAt),
        'user-agent': 'ClaimCheck-Webhooks/1',
      },
      {
        timeoutMs: config.webhooks.timeoutMs,
        allowPrivate: config.webhooks.allowPrivate,
        requireHttps: config.nodeEnv === 'production',
        stop: this.#stop.signal,
        agents: this.#agents,
      },
    ).catch((err: unknown) => ({
      // A URL that cannot be posted to at all (stored behind the API's back): a failed attempt.
      ok: false,
      statusCode: null,
      error: `Could not post: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500),
      durationMs: 0,
      responseExcerpt: null,
      interrupted: false,
    }))
    const { settlement, end } = answerSettlement(delivery, target, outcome, {
      offers: config.webhooks.offerRetryDelaysMs ?? config.webhooks.retryDelaysMs,
      webhooks: config.webhooks.retryDelaysMs,
    })
    const recorded = await this.#record({
      end,
      claimed: delivery,
      attempt: {
        attemptedAt,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.responseExcerpt,
      },
      settlement,
    })
    if (!recorded) return
    this.#deps.events.emit('webhook.attempt', { outcome: settlement.kind })
    // Ids and statuses only: the lead and the buyer's answer may hold personal data.
    const facts = {
      ...ids,
      kind: delivery.kind,
      attempts: delivery.attempts,
      status: outcome.statusCode,
      ms: outcome.durationMs,
    }
    if (settlement.kind === 'delivered')
      logger.info(
        facts,
        ping ? 'lead pinged to a contract' : notice ? 'return notice delivered' : 'lead delivered to webhook',
      )
    else
      logger.warn(
        { ...facts, error: outcome.error, next: settlement.kind },
        'webhook delivery attempt failed',
      )
  }

  /** Resolves once the attempt is committed (true), or could not be (false: the lease ends and it is tried again). */
  #record(item: SettleItem): Promise<boolean> {
    return new Promise((done) => {
      this.#settling.push({ item, done })
      // One settling transaction at a time: answers that arrive meanwhile go in the next, bigger
      // batch. Several at once were measured to cost more CPU per offer than the waiting they saved.
      if (!this.#flushing) {
        this.#flushing = true
        runInBackground(() => void this.#flush())
      }
    })
  }

  async #flush() {
    const { db, dialect, logger } = this.#deps
    while (this.#settling.length > 0) {
      const batch = this.#settling.splice(0, 200)
      try {
        // The batch's own posts are over: their slots can be filled as they are recorded.
        const room = this.#stopped ? 0 : this.#concurrency - this.#inFlight.size + batch.length
        const { next, enqueued } = await settleDeliveries(
          db,
          dialect,
          batch.map((b) => b.item),
          { limit: room, leaseMs: this.#deps.config.webhooks.leaseMs },
          this.#deps.offers,
        )
        for (const b of batch) b.done(true)
        if (next.length > 0) this.#post(next)
        if (enqueued > 0) this.wake()
      } catch {
        // One at a time, so one bad row cannot lose the others' records.
        for (const b of batch) {
          try {
            const { enqueued } = await settleDeliveries(db, dialect, [b.item], undefined, this.#deps.offers)
            b.done(true)
            if (enqueued > 0) this.wake()
          } catch (err) {
            logger.error({ err, deliveryId: b.item.claimed.id }, 'webhook attempt could not be recorded')
            b.done(false)
          }
        }
      }
    }
    this.#flushing = false
  }
}
