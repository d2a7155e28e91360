import { type Insertable, type Kysely, sql } from 'kysely'
import { consentRefusal } from '../../core/consent-version.ts'
import { capVerdict, scheduleOpen } from '../../core/routing/contract-rules.ts'
import { capWindows } from '../../core/routing/contract-terms.ts'
import type { ConsentBuyer, SaleStatus } from '../../core/schemas/buyers.ts'
import { type Dialect, json } from '../db/database.ts'
import type { DB } from '../db/schema.ts'
import type { QueuedContract, RouteDecision, SaleTable } from '../db/schema-buyers.ts'
import { recordSales } from '../ledger/entries.server.ts'
import type { ContractOffers, OfferEnd, OfferRefusal } from '../outbox/claims.server.ts'
import { enqueue } from '../outbox/enqueue.server.ts'
import {
  type CapUsage,
  capUsage,
  contractBuyer,
  hasCaps,
  loadContracts,
  noUsage,
  type RoutableContract,
} from './contracts.server.ts'

type Offer = { deliveryId: number; leadId: number; contractId: number }

/**
 * Reserves a sale for each offer about to be posted, or says why it must not be, inside the
 * transaction that claims them: the contracts' rows are locked (in id order, so instances cannot
 * deadlock) while their live sales are counted against the caps, so two instances can never both
 * take the last place. A reservation made by an earlier claim of the same delivery (an instance
 * that died mid-post) is found and kept.
 */
export async function reserveOffers(
  trx: Kysely<DB>,
  dialect: Dialect,
  offers: Offer[],
  at = new Date(),
): Promise<Map<number, OfferRefusal>> {
  const refused = new Map<number, OfferRefusal>()
  if (offers.length === 0) return refused
  const ids = [...new Set(offers.map((o) => o.contractId))].sort((a, b) => a - b)
  if (dialect === 'postgres') {
    await sql`select id from contract where id = any(${ids}::int[]) order by id for no key update`.execute(
      trx,
    )
  }
  const contracts = new Map((await loadContracts(trx, ids)).map((c) => [c.id, c]))
  const leadIds = [...new Set(offers.map((o) => o.leadId))]
  // The lead's sales with the terms they were sold on, never their contracts' settings of today.
  const sales = await trx
    .selectFrom('sale')
    .select(['leadId', 'contractId', 'exclusive', 'maxBuyers'])
    .where('leadId', 'in', leadIds)
    .execute()
  const leads = await trx
    .selectFrom('lead')
    .select(['id', 'utmSource', 'utmCampaign', 'consentBuyers'])
    .where('id', 'in', leadIds)
    .execute()
  const usage = await capUsage(
    trx,
    [...contracts.values()].filter((c) => hasCaps(c.caps)).map((c) => c.id),
    at,
  )

  const attribution = new Map(leads.map((l) => [l.id, l]))
  const reserved: Insertable<SaleTable>[] = []
  for (const offer of offers) {
    const contract = contracts.get(offer.contractId)
    const own = sales.filter((s) => s.leadId === offer.leadId)
    const lead = attribution.get(offer.leadId)
    // Already reserved by an earlier claim of this delivery (an instance died mid-post): kept.
    if (contract && own.some((s) => s.contractId === contract.id)) continue
    const refusal = !contract
      ? { outcome: 'withdrawn' as const, reason: 'The contract was deleted' }
      : !lead
        ? { outcome: 'withdrawn' as const, reason: 'The lead was erased' }
        : refuse(contract, own, usage.get(contract.id) ?? noUsage, at, lead.consentBuyers ?? [])
    if (refusal) {
      refused.set(offer.deliveryId, refusal)
      continue
    }
    const taken = contract as RoutableContract
    reserved.push({
      leadId: offer.leadId,
      contractId: taken.id,
      buyerId: taken.buyerId,
      deliveryId: offer.deliveryId,
      status: 'reserved',
      exclusiveLeadId: taken.exclusive ? offer.leadId : null,
      pricePence: taken.pricePence,
      ...saleTerms(taken),
      utmSource: lead?.utmSource ?? null,
      utmCampaign: lead?.utmCampaign ?? null,
      createdAt: at,
    })
    // The next offer to this contract in the batch counts this one.
    if (hasCaps(taken.caps)) usage.set(taken.id, counted(usage.get(taken.id) ?? noUsage, taken.pricePence))
  }
  if (reserved.length > 0) await trx.insertInto('sale').values(reserved).execute()
  return refused
}

/** The terms a sale to this contract is made on, stored on the sale and never re-read. */
function saleTerms(contract: RoutableContract) {
  return {
    exclusive: contract.exclusive,
    maxBuyers: contract.exclusive ? 1 : contract.maxBuyers,
    returnWindowDays: contract.returnWindowDays,
    autoApproveReturns: contract.autoApproveReturns,
  }
}

/** A lead's sales as the terms they were made on. */
type SoldOn = { exclusive: boolean; maxBuyers: number }

/**
 * Why a contract may not join the lead's sales: an exclusive sale stands alone, and a shared one
 * promised its buyer at most `maxBuyers` (the smallest promise made holds for every later sale).
 */
function soldOut(contract: RoutableContract, sales: SoldOn[]): string | undefined {
  if (sales.length === 0) return undefined
  if (sales.some((s) => s.exclusive)) return 'The lead was sold exclusively'
  if (contract.exclusive) return 'Exclusive, and the lead is sold shared'
  const most = Math.min(contract.maxBuyers, ...sales.map((s) => s.maxBuyers))
  return sales.length >= most ? `Shared with at most ${most}, and sold to ${sales.length}` : undefined
}

/** Why this contract may not take the lead now, or undefined when it may. */
function refuse(
  contract: RoutableContract,
  sales: SoldOn[],
  usage: CapUsage,
  at: Date,
  consentFirms: readonly ConsentBuyer[],
): OfferRefusal | undefined {
  if (!contract.buyerActive)
    return { outcome: 'withdrawn', reason: `${contract.buyerName} is no longer active` }
  // The last gate before the person's details leave: the firm must still be the one the visitor saw.
  const unnamed = consentRefusal(consentFirms, contractBuyer(contract))
  if (unnamed) return { outcome: 'withdrawn', reason: unnamed }
  if (!contract.isActive) return { outcome: 'withdrawn', reason: 'The contract was paused' }
  const open = scheduleOpen(contract.schedule, at)
  if (!open.ok) return { outcome: 'withdrawn', reason: open.reason }
  const sold = soldOut(contract, sales)
  if (sold) return { outcome: 'withdrawn', reason: sold }
  const caps = capVerdict(contract.caps, usage, contract.pricePence)
  return caps.ok ? undefined : { outcome: 'capped', reason: caps.reason }
}

/** Usage with one more lead at this price in every window. */
function counted(usage: CapUsage, pence: number): CapUsage {
  return Object.fromEntries(
    capWindows.map((w) => [w, { count: usage[w].count + 1, pence: usage[w].pence + pence }]),
  ) as CapUsage
}

const decisionOf: Record<OfferEnd['outcome'], RouteDecision> = {
  accepted: 'accepted',
  rejected: 'rejected',
  duplicate: 'duplicate',
  failed: 'failed',
  capped: 'capped',
  withdrawn: 'passed',
}

/**
 * In the transaction that settles the offers: an accepted offer becomes a sale with its ledger
 * entry; any other end gives its reservation back. Each lead then moves to its next queued
 * contract. Returns how many new offers were enqueued.
 */
export async function settleOffers(trx: Kysely<DB>, ends: OfferEnd[], at = new Date()): Promise<number> {
  let enqueued = 0
  const accepted = ends.filter((e) => e.outcome === 'accepted')
  if (accepted.length > 0) {
    // The common end, batched: the sales accepted, their ledger entries, their lines of the log.
    const sales = await trx
      .updateTable('sale')
      .set({ status: 'accepted', acceptedAt: at })
      .where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('leadId', 'contractId'),
          'in',
          accepted.map((e) => tuple(e.leadId, e.contractId)),
        ),
      )
      .where('status', '=', 'reserved')
      .returningAll()
      .execute()
    await recordSales(trx, sales)
    await trx
      .updateTable('leadRoute')
      .set({ decision: 'accepted', reason: null, updatedAt: at })
      .where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('leadId', 'contractId'),
          'in',
          accepted.map((e) => tuple(e.leadId, e.contractId)),
        ),
      )
      .where('decision', '=', 'sending')
      .execute()
    // Sold exclusively: nothing more to offer. A shared sale may go on to the next contract.
    const exclusive = sales.flatMap((s) => (s.exclusive && s.leadId !== null ? [s.leadId] : []))
    if (exclusive.length > 0) {
      await trx.updateTable('lead').set({ saleStatus: 'sold' }).where('id', 'in', exclusive).execute()
    }
    for (const end of accepted)
      if (!exclusive.includes(end.leadId)) enqueued += await advance(trx, end.leadId, at)
  }
  for (const end of ends) {
    if (end.outcome === 'accepted') continue
    await trx
      .deleteFrom('sale')
      .where('leadId', '=', end.leadId)
      .where('contractId', '=', end.contractId)
      .where('status', '=', 'reserved')
      .execute()
    await markRoute(trx, end.leadId, end.contractId, decisionOf[end.outcome], end.reason)
    enqueued += await advance(trx, end.leadId, at)
  }
  return enqueued
}

async function markRoute(
  trx: Kysely<DB>,
  leadId: number,
  contractId: number,
  decision: RouteDecision,
  reason: string | null,
) {
  await trx
    .updateTable('leadRoute')
    .set({ decision, reason: reason?.slice(0, 300) ?? null, updatedAt: new Date() })
    .where('leadId', '=', leadId)
    .where('contractId', '=', contractId)
    .where('decision', '=', 'sending')
    .execute()
}

/**
 * Offers the lead to the next contract in its latest round's queue that can still take it,
 * recording those passed over (with the reason); sets the lead's sale status. Nothing happens
 * while an offer is out: one at a time per lead.
 */
export async function advance(trx: Kysely<DB>, leadId: number, at = new Date()): Promise<number> {
  const out = await trx
    .selectFrom('leadRoute')
    .select('id')
    .where('leadId', '=', leadId)
    .where('decision', '=', 'sending')
    .executeTakeFirst()
  if (out) return 0
  const routing = await trx
    .selectFrom('leadRouting')
    .select(['id', 'round', 'queue'])
    .where('leadId', '=', leadId)
    .orderBy('round', 'desc')
    .limit(1)
    .executeTakeFirst()
  const sales = await trx
    .selectFrom('sale')
    .select(['exclusive', 'maxBuyers'])
    .where('leadId', '=', leadId)
    .where('status', '=', 'accepted')
    .execute()
  const lead = await trx
    .selectFrom('lead')
    .select('consentBuyers')
    .where('id', '=', leadId)
    .executeTakeFirst()
  const queue = [...(routing?.queue ?? [])]
  const exclusive = sales.some((s) => s.exclusive)
  const contracts = exclusive
    ? new Map<number, RoutableContract>()
    : new Map(
        (
          await loadContracts(
            trx,
            queue.map((q) => q.contractId),
          )
        ).map((c) => [c.id, c]),
      )
  let offered = 0
  while (!exclusive && queue.length > 0 && offered === 0) {
    const next = queue.shift() as QueuedContract
    const contract = contracts.get(next.contractId)
    const already =
      contract &&
      (await trx
        .selectFrom('webhookDelivery')
        .select('id')
        .where('leadId', '=', leadId)
        .where('contractId', '=', contract.id)
        .executeTakeFirst())
    const why = !contract
      ? 'The contract was deleted'
      : already
        ? 'Offered before'
        : (consentRefusal(lead?.consentBuyers ?? [], contractBuyer(contract)) ??
          stillOpen(contract, sales, at))
    await trx
      .insertInto('leadRoute')
      .values({
        leadId,
        round: routing?.round ?? 1,
        position: next.position,
        contractId: contract ? contract.id : null,
        contractName: next.contractName,
        buyerName: next.buyerName,
        decision: why ? 'passed' : 'sending',
        reason: why ?? null,
      })
      .execute()
    if (!why && contract) {
      await enqueue(trx, [{ leadId, webhookId: contract.webhookId, contractId: contract.id }])
      offered = 1
    }
  }
  if (routing && queue.length !== routing.queue.length) {
    await trx
      .updateTable('leadRouting')
      .set({ queue: json(queue) })
      .where('id', '=', routing.id)
      .execute()
  }
  await setSaleStatus(trx, leadId, offered ? 'routing' : sales.length > 0 ? 'sold' : 'unsold')
  return offered
}

function stillOpen(contract: RoutableContract, sales: SoldOn[], at: Date): string | undefined {
  if (!contract.buyerActive) return `${contract.buyerName} is no longer active`
  if (!contract.isActive) return 'The contract was paused'
  const sold = soldOut(contract, sales)
  if (sold) return sold
  const open = scheduleOpen(contract.schedule, at)
  return open.ok ? undefined : open.reason
}

async function setSaleStatus(trx: Kysely<DB>, leadId: number, saleStatus: SaleStatus) {
  await trx.updateTable('lead').set({ saleStatus }).where('id', '=', leadId).execute()
}

/** What the outbox worker calls for contract deliveries (injected: the outbox knows no routing). */
export function contractOffers(): ContractOffers {
  return {
    reserve: (trx, dialect, offers) => reserveOffers(trx, dialect, offers),
    settled: (trx, ends) => settleOffers(trx, ends),
  }
}
