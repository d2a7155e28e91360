import { type Insertable, type Kysely, sql } from 'kysely'
import { consentRefusal } from '../../../core/consent-version.ts'
import { capVerdict, scheduleOpen } from '../../../core/routing/contract-rules.ts'
import { capWindows } from '../../../core/routing/contract-terms.ts'
import type { ConsentBuyer } from '../../../core/schemas/buyers.ts'
import { lockLead, setSaleStatus } from '../../leads/index.ts'
import type { DB, RouteDecision, SaleTable } from '../../platform/index.ts'
import { type Dialect, json } from '../../platform/index.ts'
import { recordSales } from '../revenue/entries.server.ts'
import type { ContractOffers, OfferEnd, OfferRefusal } from '../webhooks/claims.server.ts'
import { enqueue } from '../webhooks/enqueue.server.ts'
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
  let contracts = new Map((await loadContracts(trx, ids)).map((c) => [c.id, c]))
  if (dialect === 'postgres') {
    // A capped contract's row is locked alone (its count must be exact across instances); one
    // without caps only shared, so claims for it no longer queue on each other (issue 36) while a
    // change to its terms still waits for them. Exclusive and shared sales are held by the sale
    // table's unique indexes, not by the contract's row.
    const capped = [...contracts.values()].filter((c) => hasCaps(c.caps)).map((c) => c.id)
    const open = ids.filter((id) => !capped.includes(id))
    if (capped.length > 0)
      await sql`select id from contract where id = any(${capped}::int[]) order by id for no key update`.execute(
        trx,
      )
    if (open.length > 0)
      await sql`select id from contract where id = any(${open}::int[]) order by id for share`.execute(trx)
    // Read again under the locks: the terms that count are the ones no change can overtake now.
    contracts = new Map((await loadContracts(trx, ids)).map((c) => [c.id, c]))
    if (open.some((id) => hasCaps(contracts.get(id)?.caps ?? {})))
      throw new Error('A contract was given caps while its offers were claimed: claimed again next time')
  }
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
  // A pinged contract buys at its bid.
  const bids = await trx
    .selectFrom('leadRoute')
    .select(['leadId', 'contractId', 'bidPence'])
    .where('leadId', 'in', leadIds)
    .where('decision', '=', 'sending')
    .where('bidPence', 'is not', null)
    .execute()

  const attribution = new Map(leads.map((l) => [l.id, l]))
  const reserved: Insertable<SaleTable>[] = []
  for (const offer of offers) {
    const contract = contracts.get(offer.contractId)
    const own = sales.filter((s) => s.leadId === offer.leadId)
    const lead = attribution.get(offer.leadId)
    const price =
      bids.find((b) => b.leadId === offer.leadId && b.contractId === offer.contractId)?.bidPence ??
      contract?.pricePence ??
      0
    // Already reserved by an earlier claim of this delivery (an instance died mid-post): kept.
    if (contract && own.some((s) => s.contractId === contract.id)) continue
    const refusal = !contract
      ? { outcome: 'withdrawn' as const, reason: 'The contract was deleted' }
      : !lead
        ? { outcome: 'withdrawn' as const, reason: 'The lead was erased' }
        : refuse(contract, own, usage.get(contract.id) ?? noUsage, at, price, lead.consentBuyers ?? [])
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
      pricePence: price,
      ...saleTerms(taken),
      utmSource: lead?.utmSource ?? null,
      utmCampaign: lead?.utmCampaign ?? null,
      createdAt: at,
    })
    // The next offer to this contract in the batch counts this one.
    if (hasCaps(taken.caps)) usage.set(taken.id, counted(usage.get(taken.id) ?? noUsage, price))
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
  price: number,
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
  const caps = capVerdict(contract.caps, usage, price)
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
export async function settleOffers(trx: Kysely<DB>, all: OfferEnd[], at = new Date()): Promise<number> {
  const pings = all.filter((e) => e.kind === 'ping')
  let enqueued = pings.length > 0 ? await settlePings(trx, pings, at) : 0
  const ends = all.filter((e) => e.kind !== 'ping')
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
    // The reason is kept: a pinged contract's says what it bid.
    await trx
      .updateTable('leadRoute')
      .set({ decision: 'accepted', updatedAt: at })
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
      await setSaleStatus(trx, exclusive, 'sold')
      // The bids of its pinged group still waiting will not be offered.
      await trx
        .updateTable('leadRoute')
        .set({ decision: 'passed', reason: 'Not offered: the lead was sold', updatedAt: at })
        .where('leadId', 'in', exclusive)
        .where('decision', '=', 'bid')
        .execute()
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

const money = (pence: number) => `£${(pence / 100).toFixed(2)}`

/**
 * Pings answered (or given up on): each goes into the lead's routing log, its bid or why not. A
 * group's pings are answered in parallel, perhaps settled on two instances at once: the lead's row
 * is locked first (an update takes the row lock on PostgreSQL; SQLite has one writer), so the last
 * answer settled sees every other and offers the lead to the highest bid.
 */
async function settlePings(trx: Kysely<DB>, ends: OfferEnd[], at: Date): Promise<number> {
  const leadIds = [...new Set(ends.map((e) => e.leadId))].sort((a, b) => a - b)
  for (const id of leadIds) {
    await lockLead(trx, id)
  }
  for (const end of ends) {
    const bid = end.outcome === 'accepted' ? (end.bidPence ?? null) : null
    await trx
      .updateTable('leadRoute')
      .set({
        decision: end.outcome === 'accepted' ? 'bid' : decisionOf[end.outcome],
        bidPence: bid,
        reason: (bid !== null
          ? `Ping accepted: bid ${money(bid)}`
          : `Ping: ${end.reason ?? end.outcome}`
        ).slice(0, 300),
        updatedAt: at,
      })
      .where('leadId', '=', end.leadId)
      .where('contractId', '=', end.contractId)
      .where('decision', '=', 'pinging')
      .execute()
  }
  let enqueued = 0
  for (const id of leadIds) enqueued += await advance(trx, id, at)
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
 * while an offer or a ping is out: one offer at a time per lead.
 *
 * Ping, then post (docs/decisions/0050-ping-post.md): when the next contracts of equal priority
 * include one with a ping URL, the whole group leaves the queue at once: each pinged contract is
 * pinged (in parallel, no personal data), each other one bids its own price. Once every ping is
 * answered, the bids are offered highest first (then in the queue's weighted order), each posted
 * like any offer.
 */
export async function advance(trx: Kysely<DB>, leadId: number, at = new Date()): Promise<number> {
  const out = await trx
    .selectFrom('leadRoute')
    .select('id')
    .where('leadId', '=', leadId)
    .where('decision', 'in', ['sending', 'pinging'])
    .executeTakeFirst()
  if (out) return 0
  const routing = await trx
    .selectFrom('leadRouting')
    .select(['id', 'round', 'queue'])
    .where('leadId', '=', leadId)
    .orderBy('round', 'desc')
    .limit(1)
    .executeTakeFirst()
  const round = routing?.round ?? 1
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
  // The pinged group's bids waiting for their turn: the highest first, then the queue's order.
  const bids = await trx
    .selectFrom('leadRoute')
    .select(['id', 'contractId', 'bidPence', 'position'])
    .where('leadId', '=', leadId)
    .where('round', '=', round)
    .where('decision', '=', 'bid')
    .orderBy('bidPence', 'desc')
    .orderBy('position')
    .execute()
  const queue = [...(routing?.queue ?? [])]
  const exclusive = sales.some((s) => s.exclusive)
  const contracts = exclusive
    ? new Map<number, RoutableContract>()
    : new Map(
        (
          await loadContracts(trx, [
            ...queue.map((q) => q.contractId),
            ...bids.flatMap((b) => (b.contractId === null ? [] : [b.contractId])),
          ])
        ).map((c) => [c.id, c]),
      )
  /** Why the lead may not go to this contract now (a post, or with `ping`, any delivery, was made before). */
  const whyNot = async (contract: RoutableContract | undefined, ping: boolean) => {
    if (!contract) return 'The contract was deleted'
    let before = trx
      .selectFrom('webhookDelivery')
      .select('id')
      .where('leadId', '=', leadId)
      .where('contractId', '=', contract.id)
    if (!ping) before = before.where('kind', '=', 'post')
    if (await before.executeTakeFirst()) return 'Offered before'
    return (
      consentRefusal(lead?.consentBuyers ?? [], contractBuyer(contract)) ?? stillOpen(contract, sales, at)
    )
  }
  let offered = 0
  while (!exclusive && offered === 0) {
    const bid = bids.shift()
    if (bid) {
      const contract = bid.contractId === null ? undefined : contracts.get(bid.contractId)
      const why = await whyNot(contract, false)
      await trx
        .updateTable('leadRoute')
        .set({ decision: why ? 'passed' : 'sending', ...(why ? { reason: why } : {}), updatedAt: at })
        .where('id', '=', bid.id)
        .execute()
      if (!why && contract) {
        await enqueue(trx, [{ leadId, webhookId: contract.webhookId, contractId: contract.id }])
        offered = 1
      }
      continue
    }
    const head = queue[0]
    if (!head) break
    const priority = contracts.get(head.contractId)?.priority
    let size = 1
    while (
      priority !== undefined &&
      size < queue.length &&
      contracts.get(queue[size]?.contractId ?? 0)?.priority === priority
    )
      size++
    const group = queue.slice(0, size)
    const pinged = group.some((q) => contracts.get(q.contractId)?.pingUrl)
    for (const next of queue.splice(0, pinged ? size : 1)) {
      const contract = contracts.get(next.contractId)
      const why = await whyNot(contract, pinged)
      const decision =
        why || !contract ? 'passed' : !pinged ? 'sending' : contract.pingUrl ? 'pinging' : 'bid'
      const bidPence = decision === 'bid' ? (contract?.pricePence ?? null) : null
      const row = await trx
        .insertInto('leadRoute')
        .values({
          leadId,
          round,
          position: next.position,
          contractId: contract ? contract.id : null,
          contractName: next.contractName,
          buyerName: next.buyerName,
          decision,
          reason: why ?? (bidPence !== null ? `Not pinged: bids its price, ${money(bidPence)}` : null),
          bidPence,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (!contract || decision === 'passed') continue
      if (decision === 'bid')
        bids.push({ id: row.id, contractId: contract.id, bidPence, position: next.position })
      else {
        const kind = decision === 'pinging' ? ('ping' as const) : ('post' as const)
        await enqueue(trx, [{ leadId, webhookId: contract.webhookId, contractId: contract.id, kind }])
        offered++
      }
    }
    // No ping went out (none of the group could take it): its unpinged contracts are offered now, by price.
    bids.sort((a, b) => (b.bidPence ?? 0) - (a.bidPence ?? 0) || (a.position ?? 0) - (b.position ?? 0))
  }
  // Sold exclusively meanwhile: the bids left will not be offered.
  if (exclusive && bids.length > 0) {
    await trx
      .updateTable('leadRoute')
      .set({ decision: 'passed', reason: 'Not offered: the lead was sold', updatedAt: at })
      .where(
        'id',
        'in',
        bids.map((b) => b.id),
      )
      .execute()
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

/** What the outbox worker calls for contract deliveries (injected: the outbox knows no routing). */
export function contractOffers(): ContractOffers {
  return {
    reserve: (trx, dialect, offers) => reserveOffers(trx, dialect, offers),
    settled: (trx, ends) => settleOffers(trx, ends),
  }
}
