import type { Kysely } from 'kysely'
import { consentRefusal } from '../../../core/consent-version.ts'
import { capVerdict, matchFilters, scheduleOpen } from '../../../core/routing/contract-rules.ts'
import type { LeadFacts, Verdict } from '../../../core/routing/contract-terms.ts'
import { orderCandidates } from '../../../core/routing/order.ts'
import type { ConsentBuyer, SaleStatus } from '../../../core/schemas/buyers.ts'
import { setSaleStatus } from '../../leads/index.ts'
import type { DB, Dialect, SkippedContract } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'
import { enqueue } from '../webhooks/enqueue.server.ts'
import { advanceLeads } from './advance.server.ts'
import {
  type CapUsage,
  capUsage,
  contractBuyer,
  hasCaps,
  loadContracts,
  noUsage,
  type RoutableContract,
} from './contracts.server.ts'

/** A lead as routing judges it: the facts filters read, and the firms its consent named (with their identity then). */
export type RoutableLead = {
  id: number
  facts: LeadFacts
  consentFirms: readonly ConsentBuyer[]
}

/** Smooth weighted round-robin state per group of equal priority (per process). */
const roundRobin = new Map<string, Map<number, number>>()

function judge(contract: RoutableContract, lead: RoutableLead, usage: CapUsage, at: Date): Verdict {
  if (!contract.buyerActive) return { ok: false, reason: `${contract.buyerName} is not active` }
  if (!contract.isActive) return { ok: false, reason: 'The contract is paused' }
  const unnamed = consentRefusal(lead.consentFirms, contractBuyer(contract))
  if (unnamed) return { ok: false, reason: unnamed }
  const filters = matchFilters(contract.filters, lead.facts)
  if (!filters.ok) return filters
  const open = scheduleOpen(contract.schedule, at)
  if (!open.ok) return open
  return capVerdict(contract.caps, usage, contract.pricePence)
}

/**
 * Judges every contract for each lead (in the lead's own transaction), records the decision
 * (one `lead_routing` row with the contracts left out and why and the queue, and a `lead_route`
 * row for the contract offered) and offers each lead to its first contract through the outbox. Returns the offers made
 * per lead. With no contract at all, leads are left unrouted (sale status null).
 */
export async function routeLeads(
  trx: Kysely<DB>,
  leads: RoutableLead[],
  dialect: Dialect,
  { at = new Date(), round = 1, exclude = new Map<number, ReadonlySet<number>>() } = {},
): Promise<Map<number, number>> {
  const offers = new Map<number, number>()
  if (leads.length === 0) return offers
  const contracts = await loadContracts(trx)
  if (contracts.length === 0) return offers
  const capped = contracts.filter((c) => c.isActive && c.buyerActive && hasCaps(c.caps)).map((c) => c.id)
  const usage = await capUsage(trx, capped, at)

  const routings: {
    leadId: number
    round: number
    considered: number
    skipped: string
    queue: string
  }[] = []
  const routes: {
    leadId: number
    round: number
    position: number
    contractId: number
    contractName: string
    buyerName: string
    decision: 'sending'
  }[] = []
  const deliveries: Parameters<typeof enqueue>[1] = []
  const status = new Map<SaleStatus, number[]>()
  // Leads whose first group of equal priority has a pinged contract: the whole queue waits, and
  // `advanceLeads` pings the group (docs/decisions/0050-ping-post.md).
  const pinged: number[] = []
  for (const lead of leads) {
    const skipped: SkippedContract[] = []
    const passed: RoutableContract[] = []
    const left = exclude.get(lead.id)
    for (const contract of contracts) {
      if (left?.has(contract.id)) continue
      const verdict = judge(contract, lead, usage.get(contract.id) ?? noUsage, at)
      if (verdict.ok) passed.push(contract)
      else
        skipped.push({
          contractId: contract.id,
          contractName: contract.name,
          buyerName: contract.buyerName,
          reason: verdict.reason,
        })
    }
    const queue = orderCandidates(passed, roundRobin).map((contract, i) => ({ contract, position: i + 1 }))
    const head = queue[0]?.contract
    const ping = queue.some(({ contract }) => contract.priority === head?.priority && contract.pingUrl)
    if (ping) pinged.push(lead.id)
    const first = ping ? undefined : queue[0]
    const rest = ping ? queue : queue.slice(1)
    routings.push({
      leadId: lead.id,
      round,
      considered: skipped.length + queue.length,
      skipped: json(skipped),
      queue: json(
        rest.map(({ contract, position }) => ({
          contractId: contract.id,
          contractName: contract.name,
          buyerName: contract.buyerName,
          position,
        })),
      ),
    })
    if (first) {
      routes.push({
        leadId: lead.id,
        round,
        position: 1,
        contractId: first.contract.id,
        contractName: first.contract.name,
        buyerName: first.contract.buyerName,
        decision: 'sending',
      })
      deliveries.push({ leadId: lead.id, webhookId: first.contract.webhookId, contractId: first.contract.id })
      offers.set(lead.id, 1)
    }
    if (ping) continue
    const state: SaleStatus = first ? 'routing' : 'unsold'
    status.set(state, [...(status.get(state) ?? []), lead.id])
  }
  await trx.insertInto('leadRouting').values(routings).execute()
  if (routes.length > 0) await trx.insertInto('leadRoute').values(routes).execute()
  await enqueue(trx, deliveries)
  for (const [saleStatus, ids] of status) {
    await setSaleStatus(trx, ids, saleStatus)
  }
  for (const [id, made] of await advanceLeads(trx, dialect, pinged, at)) offers.set(id, made)
  return offers
}
