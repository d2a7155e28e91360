import { type Insertable, type Kysely, sql } from 'kysely'
import { consentRefusal } from '../../../core/consent-version.ts'
import { capVerdict, scheduleOpen } from '../../../core/routing/contract-rules.ts'
import { capWindows } from '../../../core/routing/contract-terms.ts'
import type { ConsentBuyer } from '../../../core/schemas/buyers.ts'
import { lockLead, setSaleStatus } from '../../leads/index.ts'
import type { DB, Dialect, RouteDecision, SaleTable } from '../../platform/index.ts'
import { recordSales } from '../revenue/entries.server.ts'
import type { ContractOffers, OfferEnd, OfferRefusal } from '../webhooks/claims.server.ts'
import { advanceLeads, money, type SoldOn, soldOut } from './advance.server.ts'
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
  /** Locked only shared: uncapped when the claim began. */
  let open: number[] = []
  if (dialect === 'postgres') {
    // A capped contract's row is locked alone (its count must be exact across instances); one
    // without caps only shared, so claims for it no longer queue on each other (issue 36) while a
    // change to its terms still waits for them. Exclusive and shared sales are held by the sale
    // table's unique indexes, not by the contract's row.
    const terms = await trx.selectFrom('contract').select(['id', 'caps']).where('id', 'in', ids).execute()
    const capped = terms.filter((c) => hasCaps(c.caps)).map((c) => c.id)
    open = ids.filter((id) => !capped.includes(id))
    if (capped.length > 0)
      await sql`select id from contract where id = any(${capped}::int[]) order by id for no key update`.execute(
        trx,
      )
    if (open.length > 0)
      await sql`select id from contract where id = any(${open}::int[]) order by id for share`.execute(trx)
  }
  // Read under the locks: the terms that count are the ones no change can overtake now.
  const contracts = new Map((await loadContracts(trx, ids)).map((c) => [c.id, c]))
  if (open.some((id) => hasCaps(contracts.get(id)?.caps ?? {})))
    throw new Error('A contract was given caps while its offers were claimed: claimed again next time')
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
export async function settleOffers(
  trx: Kysely<DB>,
  dialect: Dialect,
  all: OfferEnd[],
  at = new Date(),
): Promise<number> {
  const pings = all.filter((e) => e.kind === 'ping')
  const enqueued = pings.length > 0 ? await settlePings(trx, dialect, pings, at) : 0
  const ends = all.filter((e) => e.kind !== 'ping')
  const accepted = ends.filter((e) => e.outcome === 'accepted')
  /** Leads to move on to their next contract. */
  const next: number[] = []
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
    next.push(...accepted.flatMap((e) => (exclusive.includes(e.leadId) ? [] : [e.leadId])))
  }
  const others = ends.filter((e) => e.outcome !== 'accepted')
  if (others.length > 0) {
    // The reservations given back, together.
    await trx
      .deleteFrom('sale')
      .where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('leadId', 'contractId'),
          'in',
          others.map((e) => tuple(e.leadId, e.contractId)),
        ),
      )
      .where('status', '=', 'reserved')
      .execute()
    for (const end of others)
      await markRoute(trx, end.leadId, end.contractId, decisionOf[end.outcome], end.reason)
    next.push(...others.map((e) => e.leadId))
  }
  return enqueued + sum(await advanceLeads(trx, dialect, next, at))
}

/**
 * Pings answered (or given up on): each goes into the lead's routing log, its bid or why not. A
 * group's pings are answered in parallel, perhaps settled on two instances at once: the lead's row
 * is locked first (an update takes the row lock on PostgreSQL; SQLite has one writer), so the last
 * answer settled sees every other and offers the lead to the highest bid.
 */
async function settlePings(trx: Kysely<DB>, dialect: Dialect, ends: OfferEnd[], at: Date): Promise<number> {
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
  return sum(await advanceLeads(trx, dialect, leadIds, at))
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

const sum = (made: Map<number, number>) => [...made.values()].reduce((n, m) => n + m, 0)

/** What the outbox worker calls for contract deliveries (injected: the outbox knows no routing). */
export function contractOffers(): ContractOffers {
  return {
    reserve: (trx, dialect, offers) => reserveOffers(trx, dialect, offers),
    settled: (trx, dialect, ends) => settleOffers(trx, dialect, ends),
  }
}
