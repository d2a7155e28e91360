import { classifyAnswer } from '../../../core/routing/buyer-answer.ts'
import { readPingAnswer } from '../../../core/routing/ping-answer.ts'
import {
  type DeliveredLead,
  leadPingSchema,
  leadPostSchema,
  leadReturnDecidedSchema,
  type PingedLead,
  type ReturnNotice,
} from '../../../core/schemas/delivered-lead.ts'
import type { ClaimedDelivery, OfferEnd, Settlement, Target } from './claims.server.ts'
import { webhookBody } from './webhook-body.ts'

/** The body posted for a delivery: a ping (no personal data), a return's notice, or the lead. */
export function deliveryBody(
  delivery: ClaimedDelivery,
  target: Target,
  lead: DeliveredLead | PingedLead | ReturnNotice,
  nodeEnv: string,
): string {
  if (delivery.kind === 'ping')
    return webhookBody(
      leadPingSchema,
      {
        event: 'lead.ping',
        pingId: delivery.idempotencyKey,
        // A ping goes only to a contract, which has a price.
        contractId: delivery.contractId as number,
        pricePence: target.pricePence as number,
        lead: lead as PingedLead,
      },
      nodeEnv,
    )
  if (delivery.kind === 'return')
    return webhookBody(
      leadReturnDecidedSchema,
      { event: 'lead.return_decided', deliveryId: delivery.id, return: lead as ReturnNotice },
      nodeEnv,
    )
  return webhookBody(
    leadPostSchema,
    {
      event: 'lead.created',
      deliveryId: delivery.id,
      // To a buyer's contract: the ping it accepted (null: not pinged). The operator's own webhooks are not offered leads.
      ...(delivery.contractId !== null ? { pingId: delivery.pingId } : {}),
      lead: lead as DeliveredLead,
    },
    nodeEnv,
  )
}

/** What a post came to, as the worker saw it. */
export type PostOutcome = {
  ok: boolean
  /** Cut short by our own shutdown. */
  interrupted: boolean
  statusCode: number | null
  responseExcerpt: string | null
  error: string | null
}

/**
 * What becomes of a delivery after a post: delivered, tried again after the next delay, or failed;
 * and for an offer to a contract or a ping, how it ended (the buyer's answer read by the contract's
 * rules, or the ping's bid).
 */
export function answerSettlement(
  delivery: Pick<ClaimedDelivery, 'kind' | 'contractId' | 'attempts'>,
  target: Pick<Target, 'reading' | 'pricePence'>,
  outcome: PostOutcome,
  /** The waits between attempts: offers to contracts, and everything else. */
  delays: { offers: number[]; webhooks: number[] },
): { settlement: Settlement; end?: Pick<OfferEnd, 'outcome' | 'reason' | 'bidPence'> } {
  const ping = delivery.kind === 'ping'
  const notice = delivery.kind === 'return'
  // A return's notice is no offer: a buyer is told on the webhooks' schedule, not the offers' minutes.
  const waits = delivery.contractId !== null && !notice ? delays.offers : delays.webhooks
  const retryOrFail: Settlement =
    delivery.attempts <= waits.length
      ? { kind: 'retry', afterMs: waits[delivery.attempts - 1] ?? 0 }
      : { kind: 'failed' }
  if (outcome.interrupted) return { settlement: { kind: 'released' } }
  if (ping) {
    // A ping: accepted with a bid, refused, or tried again like an offer.
    const answer = readPingAnswer(outcome.statusCode, outcome.responseExcerpt, target.pricePence ?? 0)
    if (answer.kind === 'accepted')
      return {
        settlement: { kind: 'delivered' },
        end: { outcome: 'accepted', reason: null, bidPence: answer.bidPence },
      }
    if (answer.kind === 'rejected')
      return { settlement: { kind: 'failed' }, end: { outcome: 'rejected', reason: answer.reason } }
    return retryOrFail.kind === 'failed'
      ? { settlement: retryOrFail, end: { outcome: 'failed', reason: outcome.error ?? answer.reason } }
      : { settlement: retryOrFail }
  }
  if (target.reading && !notice) {
    // A contract: the buyer's answer, read by the contract's rules, decides.
    const answer = classifyAnswer(target.reading, outcome.statusCode, outcome.responseExcerpt)
    if (answer.kind === 'accepted')
      return { settlement: { kind: 'delivered' }, end: { outcome: 'accepted', reason: null } }
    if (answer.kind !== 'retry')
      return { settlement: { kind: 'failed' }, end: { outcome: answer.kind, reason: answer.reason } }
    return retryOrFail.kind === 'failed'
      ? { settlement: retryOrFail, end: { outcome: 'failed', reason: outcome.error ?? answer.reason } }
      : { settlement: retryOrFail }
  }
  return { settlement: outcome.ok ? { kind: 'delivered' } : retryOrFail }
}
