import { type Kysely, sql } from 'kysely'
import { capVerdict, scheduleOpen } from '../../core/routing/contract-rules.ts'
import type { SaleStatus } from '../../core/schemas/buyers.ts'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'
import type { RouteDecision } from '../db/schema-buyers.ts'
import { recordSale } from '../ledger/entries.server.ts'
import type { ContractOffers, OfferEnd, OfferRefusal } from '../outbox/claims.server.ts'
import { enqueue } from '../outbox/enqueue.server.ts'
import { capUsage, loadContracts, noUsage, type RoutableContract } from './contracts.server.ts'

type Offer = { deliveryId: number; leadId: number; contractId: number }

/**
 * Reserves a sale for each offer about to be posted, or says why it must not be: the contracts'
 * rows are locked (in id order, so instances cannot deadlock) while their live sales are counted
 * against the caps, so two instances can never both take the last place. A reservation made by an
 * earlier claim of the same delivery (an instance that died mid-post) is found and kept.
 */
export async function reserveOffers(
  db: Kysely<DB>,
  dialect: Dialect,
  offers: Offer[],
  at = new Date(),
): Promise<Map<number, OfferRefusal>> {
  const refused = new Map<number, OfferRefusal>()
  if (offers.length === 0) return refused
  const ids = [...new Set(offers.map((o) => o.contractId))].sort((a, b) => a - b)
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`select id from contract where id = any(${ids}::int[]) order by id for update`.execute(trx)
    }
    const contracts = new Map((await loadContracts(trx, ids)).map((c) => [c.id, c]))
    for (const offer of offers) {
      const contract = contracts.get(offer.contractId)
      const refusal = contract ? await reserve(trx, offer, contract, at) : undefined
      if (contract === undefined)
        refused.set(offer.deliveryId, { outcome: 'withdrawn', reason: 'The contract was deleted' })
      else if (refusal) refused.set(offer.deliveryId, refusal)
    }
  })
  return refused
}

async function reserve(
  trx: Kysely<DB>,
  offer: Offer,
  contract: RoutableContract,
  at: Date,
): Promise<OfferRefusal | undefined> {
  const sales = await trx
    .selectFrom('sale')
    .innerJoin('contract', 'contract.id', 'sale.contractId')
    .select(['sale.contractId', 'sale.status', 'contract.exclusive'])
    .where('sale.leadId', '=', offer.leadId)
    .execute()
  if (sales.some((s) => s.contractId === contract.id)) return undefined
  if (!contract.buyerActive)
    return { outcome: 'withdrawn', reason: `${contract.buyerName} is no longer active` }
  if (!contract.isActive) return { outcome: 'withdrawn', reason: 'The contract was paused' }
  const open = scheduleOpen(contract.schedule, at)
  if (!open.ok) return { outcome: 'withdrawn', reason: open.reason }
  if (sales.some((s) => s.exclusive)) return { outcome: 'withdrawn', reason: 'The lead was sold exclusively' }
  if (contract.exclusive && sales.length > 0)
    return { outcome: 'withdrawn', reason: 'The lead was sold shared' }
  if (!contract.exclusive && sales.length >= contract.maxBuyers) {
    return { outcome: 'withdrawn', reason: `The lead was sold to ${sales.length} buyers already` }
  }
  const usage = (await capUsage(trx, [contract.id], at)).get(contract.id) ?? noUsage()
  const caps = capVerdict(contract.caps, usage, contract.pricePence)
  if (!caps.ok) return { outcome: 'capped', reason: caps.reason }
  const lead = await trx
    .selectFrom('lead')
    .select(['utmSource', 'utmCampaign'])
    .where('id', '=', offer.leadId)
    .executeTakeFirst()
  if (!lead) return { outcome: 'withdrawn', reason: 'The lead was erased' }
  await trx
    .insertInto('sale')
    .values({
      leadId: offer.leadId,
      contractId: contract.id,
      buyerId: contract.buyerId,
      deliveryId: offer.deliveryId,
      status: 'reserved',
      exclusiveLeadId: contract.exclusive ? offer.leadId : null,
      pricePence: contract.pricePence,
      utmSource: lead.utmSource,
      utmCampaign: lead.utmCampaign,
      createdAt: at,
    })
    .execute()
  return undefined
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
  for (const end of ends) {
    const where = (q: { leadId: number; contractId: number }) =>
      trx
        .selectFrom('sale')
        .selectAll()
        .where('leadId', '=', q.leadId)
        .where('contractId', '=', q.contractId)
        .where('status', '=', 'reserved')
    if (end.outcome === 'accepted') {
      const sale = await where(end).executeTakeFirst()
      if (sale) {
        await trx
          .updateTable('sale')
          .set({ status: 'accepted', acceptedAt: at })
          .where('id', '=', sale.id)
          .execute()
        await recordSale(trx, sale)
      }
    } else {
      await trx
        .deleteFrom('sale')
        .where('leadId', '=', end.leadId)
        .where('contractId', '=', end.contractId)
        .where('status', '=', 'reserved')
        .execute()
    }
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
    .where('decision', 'in', ['queued', 'sending'])
    .execute()
}

/**
 * Offers the lead to its next queued contract that can still take it, passing over (with the
 * reason) those that cannot now; sets the lead's sale status. Nothing happens while an offer is
 * out: one at a time per lead.
 */
export async function advance(trx: Kysely<DB>, leadId: number, at = new Date()): Promise<number> {
  const routes = await trx
    .selectFrom('leadRoute')
    .select(['id', 'contractId', 'decision'])
    .where('leadId', '=', leadId)
    .where('decision', 'in', ['queued', 'sending'])
    .orderBy('round')
    .orderBy('position')
    .execute()
  if (routes.some((r) => r.decision === 'sending')) return 0
  const sales = await trx
    .selectFrom('sale')
    .innerJoin('contract', 'contract.id', 'sale.contractId')
    .innerJoin('buyer', 'buyer.id', 'sale.buyerId')
    .select(['sale.status', 'contract.exclusive', 'buyer.name as buyerName'])
    .where('sale.leadId', '=', leadId)
    .execute()
  const accepted = sales.filter((s) => s.status === 'accepted')
  const exclusive = accepted.find((s) => s.exclusive)
  const contracts = new Map(
    (
      await loadContracts(
        trx,
        routes.flatMap((r) => (r.contractId === null ? [] : [r.contractId])),
      )
    ).map((c) => [c.id, c]),
  )
  for (const route of routes) {
    const contract = route.contractId === null ? undefined : contracts.get(route.contractId)
    const pass = (reason: string) =>
      trx
        .updateTable('leadRoute')
        .set({ decision: 'passed', reason, updatedAt: new Date() })
        .where('id', '=', route.id)
        .execute()
    if (exclusive) {
      await pass(`Sold exclusively to ${exclusive.buyerName}`)
      continue
    }
    if (!contract) {
      await pass('The contract was deleted')
      continue
    }
    const why = stillOpen(contract, accepted.length, at)
    if (why) {
      await pass(why)
      continue
    }
    const offered = await trx
      .selectFrom('webhookDelivery')
      .select('id')
      .where('leadId', '=', leadId)
      .where('contractId', '=', contract.id)
      .executeTakeFirst()
    if (offered) {
      await pass('Offered before')
      continue
    }
    await enqueue(trx, [{ leadId, webhookId: contract.webhookId, contractId: contract.id }])
    await trx
      .updateTable('leadRoute')
      .set({ decision: 'sending', updatedAt: new Date() })
      .where('id', '=', route.id)
      .execute()
    await setSaleStatus(trx, leadId, 'routing')
    return 1
  }
  await setSaleStatus(trx, leadId, accepted.length > 0 ? 'sold' : 'unsold')
  return 0
}

function stillOpen(contract: RoutableContract, sold: number, at: Date): string | undefined {
  if (!contract.buyerActive) return `${contract.buyerName} is no longer active`
  if (!contract.isActive) return 'The contract was paused'
  if (contract.exclusive && sold > 0) return 'Exclusive, and the lead is sold shared'
  if (!contract.exclusive && sold >= contract.maxBuyers)
    return `Shared with at most ${contract.maxBuyers}, and sold to ${sold}`
  const open = scheduleOpen(contract.schedule, at)
  return open.ok ? undefined : open.reason
}

async function setSaleStatus(trx: Kysely<DB>, leadId: number, saleStatus: SaleStatus) {
  await trx.updateTable('lead').set({ saleStatus }).where('id', '=', leadId).execute()
}

/** What the outbox worker calls for contract deliveries (injected: the outbox knows no routing). */
export function contractOffers(): ContractOffers {
  return {
    reserve: (db, dialect, offers) => reserveOffers(db, dialect, offers),
    settled: (trx, ends) => settleOffers(trx, ends),
  }
}
