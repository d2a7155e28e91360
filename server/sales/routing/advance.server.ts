import { type Insertable, type Kysely, sql } from 'kysely'
import { consentRefusal } from '../../../core/consent-version.ts'
import { scheduleOpen } from '../../../core/routing/contract-rules.ts'
import type { ConsentBuyer, SaleStatus } from '../../../core/schemas/buyers.ts'
import { setSaleStatus } from '../../leads/index.ts'
import type { DB, Dialect, LeadRouteTable, QueuedContract, RouteDecision } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'
import { type Enqueued, enqueue } from '../webhooks/enqueue.server.ts'
import { contractBuyer, loadContracts, type RoutableContract } from './contracts.server.ts'

/** A lead's sales as the terms they were made on. */
export type SoldOn = { exclusive: boolean; maxBuyers: number }

/**
 * Why a contract may not join the lead's sales: an exclusive sale stands alone, and a shared one
 * promised its buyer at most `maxBuyers` (the smallest promise made holds for every later sale).
 */
export function soldOut(contract: RoutableContract, sales: SoldOn[]): string | undefined {
  if (sales.length === 0) return undefined
  if (sales.some((s) => s.exclusive)) return 'The lead was sold exclusively'
  if (contract.exclusive) return 'Exclusive, and the lead is sold shared'
  const most = Math.min(contract.maxBuyers, ...sales.map((s) => s.maxBuyers))
  return sales.length >= most ? `Shared with at most ${most}, and sold to ${sales.length}` : undefined
}

export const money = (pence: number) => `£${(pence / 100).toFixed(2)}`

function stillOpen(contract: RoutableContract, sales: SoldOn[], at: Date): string | undefined {
  if (!contract.buyerActive) return `${contract.buyerName} is no longer active`
  if (!contract.isActive) return 'The contract was paused'
  const sold = soldOut(contract, sales)
  if (sold) return sold
  const open = scheduleOpen(contract.schedule, at)
  return open.ok ? undefined : open.reason
}

/** What `planAdvance` reads of one lead. */
export type AdvanceState = {
  leadId: number
  /** The latest routing round, if the lead was routed. */
  routing: { id: number; round: number; queue: QueuedContract[] } | undefined
  sales: SoldOn[]
  consentFirms: readonly ConsentBuyer[]
  /** The latest round's bids waiting for their turn, the highest first, then by position. */
  bids: { id: number; contractId: number | null; bidPence: number | null; position: number | null }[]
  /** Contracts the lead was delivered to before, and whether one of those deliveries was a post. */
  delivered: Map<number, { posted: boolean }>
}

type NewRoute = Omit<Insertable<LeadRouteTable>, 'id' | 'createdAt' | 'updatedAt'>

/** The writes one lead's advance makes. */
export type AdvancePlan = {
  leadId: number
  /** Existing bid rows, by id: offered now ('sending') or passed over with the reason. */
  bidUpdates: { id: number; decision: RouteDecision; reason?: string }[]
  routes: NewRoute[]
  deliveries: Enqueued[]
  /** The queue left, when it changed. */
  queue: { routingId: number; queue: QueuedContract[] } | undefined
  saleStatus: SaleStatus
  offered: number
}

/**
 * The next offer for one lead, decided in memory from what was read: the next contract in its
 * latest round's queue that can still take it, those passed over recorded with the reason. One
 * offer at a time per lead: nothing is planned while an offer or a ping is out (`undefined`).
 *
 * Ping, then post (docs/decisions/0050-ping-post.md): when the next contracts of equal priority
 * include one with a ping URL, the whole group leaves the queue at once: each pinged contract is
 * pinged (in parallel, no personal data), each other one bids its own price. Once every ping is
 * answered, the bids are offered highest first (then in the queue's weighted order), each posted
 * like any offer.
 */
export function planAdvance(
  state: AdvanceState,
  contracts: ReadonlyMap<number, RoutableContract>,
  at: Date,
): AdvancePlan {
  const { leadId, routing, sales } = state
  const round = routing?.round ?? 1
  const plan: AdvancePlan = {
    leadId,
    bidUpdates: [],
    routes: [],
    deliveries: [],
    queue: undefined,
    saleStatus: 'unsold',
    offered: 0,
  }
  const delivered = new Map(state.delivered)
  // A bid is an existing row (by id) or one planned in this advance (its row object).
  type Bid = { contractId: number | null; bidPence: number | null; position: number | null } & (
    | { id: number }
    | { row: NewRoute }
  )
  const bids: Bid[] = [...state.bids]
  const queue = [...(routing?.queue ?? [])]
  const exclusive = sales.some((s) => s.exclusive)
  /** Why the lead may not go to this contract now (a post, or with `ping`, any delivery, was made before). */
  const whyNot = (contract: RoutableContract | undefined, ping: boolean) => {
    if (!contract) return 'The contract was deleted'
    const before = delivered.get(contract.id)
    if (before && (ping || before.posted)) return 'Offered before'
    return consentRefusal(state.consentFirms, contractBuyer(contract)) ?? stillOpen(contract, sales, at)
  }
  const deliver = (contract: RoutableContract, kind: 'post' | 'ping') => {
    plan.deliveries.push({ leadId, webhookId: contract.webhookId, contractId: contract.id, kind })
    delivered.set(contract.id, { posted: kind === 'post' || (delivered.get(contract.id)?.posted ?? false) })
    plan.offered++
  }
  while (!exclusive && plan.offered === 0) {
    const bid = bids.shift()
    if (bid) {
      const contract = bid.contractId === null ? undefined : contracts.get(bid.contractId)
      const why = whyNot(contract, false)
      const decision = why ? 'passed' : 'sending'
      if ('id' in bid) plan.bidUpdates.push({ id: bid.id, decision, ...(why ? { reason: why } : {}) })
      else {
        bid.row.decision = decision
        if (why) bid.row.reason = why
      }
      if (!why && contract) deliver(contract, 'post')
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
    const pinged = queue.slice(0, size).some((q) => contracts.get(q.contractId)?.pingUrl)
    for (const next of queue.splice(0, pinged ? size : 1)) {
      const contract = contracts.get(next.contractId)
      const why = whyNot(contract, pinged)
      const decision: RouteDecision =
        why || !contract ? 'passed' : !pinged ? 'sending' : contract.pingUrl ? 'pinging' : 'bid'
      const bidPence = decision === 'bid' ? (contract?.pricePence ?? null) : null
      const row: NewRoute = {
        leadId,
        round,
        position: next.position,
        contractId: contract ? contract.id : null,
        contractName: next.contractName,
        buyerName: next.buyerName,
        decision,
        reason: why ?? (bidPence !== null ? `Not pinged: bids its price, ${money(bidPence)}` : null),
        bidPence,
      }
      plan.routes.push(row)
      if (!contract || decision === 'passed') continue
      if (decision === 'bid') bids.push({ row, contractId: contract.id, bidPence, position: next.position })
      else deliver(contract, decision === 'pinging' ? 'ping' : 'post')
    }
    // No ping went out (none of the group could take it): its unpinged contracts are offered now, by price.
    bids.sort((a, b) => (b.bidPence ?? 0) - (a.bidPence ?? 0) || (a.position ?? 0) - (b.position ?? 0))
  }
  // Sold exclusively meanwhile: the bids left will not be offered.
  if (exclusive) {
    for (const bid of bids)
      if ('id' in bid)
        plan.bidUpdates.push({ id: bid.id, decision: 'passed', reason: 'Not offered: the lead was sold' })
  }
  if (routing && queue.length !== routing.queue.length) plan.queue = { routingId: routing.id, queue }
  plan.saleStatus = plan.offered ? 'routing' : sales.length > 0 ? 'sold' : 'unsold'
  return plan
}

/**
 * Offers each lead to its next contract (`planAdvance`), for many leads at once: what they need is
 * read in a handful of queries and written in a handful more, however long their queues, so
 * settling a batch of answers costs a few round trips instead of two per contract passed over.
 * Returns the offers and pings enqueued per lead.
 */
export async function advanceLeads(
  trx: Kysely<DB>,
  dialect: Dialect,
  leadIds: readonly number[],
  at = new Date(),
): Promise<Map<number, number>> {
  const made = new Map<number, number>()
  const all = [...new Set(leadIds)]
  if (all.length === 0) return made
  const out = await trx
    .selectFrom('leadRoute')
    .select('leadId')
    .where('leadId', 'in', all)
    .where('decision', 'in', ['sending', 'pinging'])
    .execute()
  const busy = new Set(out.map((o) => o.leadId))
  const ids = all.filter((id) => !busy.has(id))
  for (const id of busy) made.set(id, 0)
  if (ids.length === 0) return made
  const [routings, sales, leads, bids, deliveries] = await Promise.all([
    trx
      .selectFrom('leadRouting')
      .select(['id', 'leadId', 'round', 'queue'])
      .where('leadId', 'in', ids)
      .orderBy('round')
      .execute(),
    trx
      .selectFrom('sale')
      .select(['leadId', 'exclusive', 'maxBuyers'])
      .where('leadId', 'in', ids)
      .where('status', '=', 'accepted')
      .execute(),
    trx.selectFrom('lead').select(['id', 'consentBuyers']).where('id', 'in', ids).execute(),
    trx
      .selectFrom('leadRoute')
      .select(['id', 'leadId', 'round', 'contractId', 'bidPence', 'position'])
      .where('leadId', 'in', ids)
      .where('decision', '=', 'bid')
      .orderBy('bidPence', 'desc')
      .orderBy('position')
      .execute(),
    trx
      .selectFrom('webhookDelivery')
      .select(['leadId', 'contractId', 'kind'])
      .where('leadId', 'in', ids)
      .where('contractId', 'is not', null)
      .execute(),
  ])
  const latest = new Map<number, (typeof routings)[number]>()
  for (const r of routings) latest.set(r.leadId, r)
  const states = ids.map((leadId): AdvanceState => {
    const routing = latest.get(leadId)
    const round = routing?.round ?? 1
    const delivered = new Map<number, { posted: boolean }>()
    for (const d of deliveries)
      if (d.leadId === leadId && d.contractId !== null)
        delivered.set(d.contractId, {
          posted: d.kind === 'post' || (delivered.get(d.contractId)?.posted ?? false),
        })
    return {
      leadId,
      routing: routing && { id: routing.id, round: routing.round, queue: routing.queue },
      sales: sales.filter((s) => s.leadId === leadId),
      consentFirms: leads.find((l) => l.id === leadId)?.consentBuyers ?? [],
      bids: bids.filter((b) => b.leadId === leadId && b.round === round),
      delivered,
    }
  })
  const wanted = new Set<number>()
  for (const s of states) {
    if (s.sales.some((sale) => sale.exclusive)) continue
    for (const q of s.routing?.queue ?? []) wanted.add(q.contractId)
    for (const b of s.bids) if (b.contractId !== null) wanted.add(b.contractId)
  }
  const contracts = new Map((await loadContracts(trx, [...wanted])).map((c) => [c.id, c]))
  const plans = states.map((s) => planAdvance(s, contracts, at))
  await writePlans(trx, dialect, plans, at)
  for (const p of plans) made.set(p.leadId, p.offered)
  return made
}

async function writePlans(trx: Kysely<DB>, dialect: Dialect, plans: AdvancePlan[], at: Date) {
  // Bid rows updated alike together (the reasons are few: passed over, or offered now).
  const updates = new Map<string, { decision: RouteDecision; reason?: string; ids: number[] }>()
  for (const u of plans.flatMap((p) => p.bidUpdates)) {
    const key = `${u.decision}\u0000${u.reason ?? ''}`
    const group = updates.get(key) ?? { decision: u.decision, reason: u.reason, ids: [] }
    group.ids.push(u.id)
    updates.set(key, group)
  }
  for (const { decision, reason, ids } of updates.values())
    await trx
      .updateTable('leadRoute')
      .set({ decision, ...(reason !== undefined ? { reason } : {}), updatedAt: at })
      .where('id', 'in', ids)
      .execute()
  const routes = plans.flatMap((p) => p.routes)
  for (let i = 0; i < routes.length; i += 500)
    await trx
      .insertInto('leadRoute')
      .values(routes.slice(i, i + 500))
      .execute()
  await enqueue(
    trx,
    plans.flatMap((p) => p.deliveries),
  )
  // Every queue left, in one statement.
  const queues = plans.flatMap((p) => (p.queue ? [p.queue] : []))
  const asJson = (value: QueuedContract[]) =>
    dialect === 'postgres' ? sql`cast(${json(value)} as jsonb)` : sql`${json(value)}`
  for (let i = 0; i < queues.length; i += 200) {
    const chunk = queues.slice(i, i + 200)
    await trx
      .updateTable('leadRouting')
      .set({
        queue: sql`case id ${sql.join(
          chunk.map((q) => sql`when ${q.routingId} then ${asJson(q.queue)}`),
          sql` `,
        )} end`,
      })
      .where(
        'id',
        'in',
        chunk.map((q) => q.routingId),
      )
      .execute()
  }
  const byStatus = new Map<SaleStatus, number[]>()
  for (const p of plans) byStatus.set(p.saleStatus, [...(byStatus.get(p.saleStatus) ?? []), p.leadId])
  for (const [status, ids] of byStatus) await setSaleStatus(trx, ids, status)
}
