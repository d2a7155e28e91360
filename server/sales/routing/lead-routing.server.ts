import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Attribution } from '../../../core/attribution.ts'
import type { ConsentBuyer } from '../../../core/schemas/buyers.ts'
import type { LeadRoutingView } from '../../../core/schemas/routing.ts'
import { setSaleStatus } from '../../leads/index.ts'
import type { DB, Dialect, Lead } from '../../platform/index.ts'
import { isUniqueViolation } from '../../platform/index.ts'
import { iso } from '../webhooks/db-time.server.ts'
import { offerDeliveries } from '../webhooks/deliveries.server.ts'
import { type RoutableLead, routeLeads } from './route.server.ts'

/**
 * A condition on a lead id: never offered to a buyer's contract, no offer or ping ever queued for it,
 * whether it was not routed or no contract's filters and caps took it (routing marks that one `unsold`).
 */
export function neverOffered(leadId: RawBuilder<unknown>) {
  return sql<boolean>`not exists (select 1 from lead_route where lead_route.lead_id = ${leadId})`
}

/** A stored lead as routing judges it. */
export function routableLead(
  lead: Pick<
    Lead,
    'id' | 'answers' | 'outcome' | 'phoneType' | 'utmSource' | 'utmCampaign' | 'landingPage' | 'consentBuyers'
  >,
): RoutableLead {
  return {
    id: lead.id,
    facts: {
      answers: lead.answers ? { ...lead.answers } : null,
      outcome: lead.outcome,
      phoneType: lead.phoneType,
      utmSource: lead.utmSource,
      utmCampaign: lead.utmCampaign,
      landingPage: lead.landingPage,
    },
    consentFirms: lead.consentBuyers ?? [],
  }
}

/** A new lead's facts from its post, before it is read back (the capture's batch). */
export function routableFromAttribution(
  id: number,
  answers: Readonly<Record<string, string>> | null,
  outcome: string | null,
  phoneType: string | null,
  attribution: Attribution,
  consentFirms: readonly ConsentBuyer[],
): RoutableLead {
  return {
    id,
    facts: {
      answers: answers ? { ...answers } : null,
      outcome,
      phoneType,
      utmSource: attribution.utm_source ?? null,
      utmCampaign: attribution.utm_campaign ?? null,
      landingPage: attribution.landing_page ?? null,
    },
    consentFirms,
  }
}

/** The routing decision shown in the lead detail. */
export async function leadRouting(db: Kysely<DB>, leadId: number): Promise<LeadRoutingView> {
  const [lead, rounds, routes, sales, offers] = await Promise.all([
    db.selectFrom('lead').select('saleStatus').where('id', '=', leadId).executeTakeFirst(),
    db.selectFrom('leadRouting').selectAll().where('leadId', '=', leadId).orderBy('round').execute(),
    db
      .selectFrom('leadRoute')
      .selectAll()
      .where('leadId', '=', leadId)
      .orderBy('round')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('sale')
      .innerJoin('buyer', 'buyer.id', 'sale.buyerId')
      .innerJoin('contract', 'contract.id', 'sale.contractId')
      .select([
        'sale.id',
        'buyer.name as buyerName',
        'contract.name as contractName',
        'sale.pricePence',
        'sale.status',
        'sale.acceptedAt',
      ])
      .where('sale.leadId', '=', leadId)
      .orderBy('sale.id')
      .execute(),
    offerDeliveries(db, leadId),
  ])
  const latest = rounds.at(-1)?.round
  const sold = sales.some((s) => s.status === 'accepted')
  return {
    saleStatus: lead?.saleStatus ?? null,
    rounds: rounds.map((r) => ({
      round: r.round,
      at: iso(r.createdAt) as string,
      considered: r.considered,
      skipped: r.skipped,
      offers: [
        ...routes
          .filter((o) => o.round === r.round)
          .map((o) => ({
            position: o.position ?? 0,
            contractId: o.contractId,
            contractName: o.contractName,
            buyerName: o.buyerName,
            decision: o.decision,
            reason: o.reason,
            bidPence: o.bidPence,
            delivery: (o.contractId === null ? undefined : offers.get(o.contractId)?.at(-1)) ?? null,
          })),
        // Still queued, or never needed: the lead sold first or was routed again.
        ...r.queue.map((q) => {
          const waiting = r.round === latest && lead?.saleStatus === 'routing'
          return {
            position: q.position,
            contractId: q.contractId,
            contractName: q.contractName,
            buyerName: q.buyerName,
            decision: waiting ? ('queued' as const) : ('passed' as const),
            bidPence: null,
            reason: waiting
              ? null
              : r.round !== latest
                ? 'Not offered: routed again'
                : sold
                  ? 'Not offered: the lead was sold'
                  : null,
            delivery: null,
          }
        }),
      ].sort((a, b) => a.position - b.position),
    })),
    sales: sales.map((s) => ({ ...s, acceptedAt: iso(s.acceptedAt) })),
  }
}

export type RouteAgain =
  | { ok: true; offers: number; round: number }
  | { ok: false; status: 404 | 409; message: string }

/**
 * Routes a lead again (an unsold lead once a window opens, or a shared one with room left): the
 * contracts it was already offered to are left out (each gets a lead once), the rest judged now.
 */
export async function routeAgain(
  db: Kysely<DB>,
  leadId: number,
  at = new Date(),
  dialect: Dialect = 'sqlite',
): Promise<RouteAgain> {
  try {
    return await routeAgainOnce(db, leadId, at, dialect)
  } catch (error) {
    // A concurrent round that got in first anyway (its offer or its round number).
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: ROUTING_NOW }
    throw error
  }
}

const ROUTING_NOW = 'The lead is being routed by someone else: reload it and try again'

/**
 * One round in one transaction that starts by locking the lead's row (PostgreSQL; SQLite runs one
 * writer at a time): concurrent calls for a lead queue behind it and then see its offers.
 */
async function routeAgainOnce(
  db: Kysely<DB>,
  leadId: number,
  at: Date,
  dialect: Dialect,
): Promise<RouteAgain> {
  return db.transaction().execute(async (trx) => {
    let read = trx.selectFrom('lead').selectAll().where('id', '=', leadId)
    if (dialect === 'postgres') read = read.forUpdate()
    const lead = await read.executeTakeFirst()
    if (!lead) return { ok: false, status: 404, message: 'Lead not found' }
    const out = await trx
      .selectFrom('leadRoute')
      .leftJoin('webhookDelivery', (join) =>
        join
          .onRef('webhookDelivery.leadId', '=', 'leadRoute.leadId')
          .onRef('webhookDelivery.contractId', '=', 'leadRoute.contractId'),
      )
      .select(['leadRoute.id', 'webhookDelivery.status'])
      .where('leadRoute.leadId', '=', leadId)
      .where('leadRoute.decision', 'in', ['sending', 'pinging'])
      .execute()
    if (out.some((o) => o.status === 'pending'))
      return { ok: false, status: 409, message: 'The lead is being offered to a buyer: wait for the answer' }
    // An offer whose delivery went with its deleted contract is over.
    if (out.length > 0) {
      await trx
        .updateTable('leadRoute')
        .set({ decision: 'passed', reason: 'The contract was deleted', updatedAt: at })
        .where(
          'id',
          'in',
          out.map((o) => o.id),
        )
        .execute()
    }
    // As sold, whatever the contract says today.
    const sales = await trx
      .selectFrom('sale')
      .select(['exclusive'])
      .where('leadId', '=', leadId)
      .where('status', '=', 'accepted')
      .execute()
    if (sales.some((s) => s.exclusive))
      return { ok: false, status: 409, message: 'The lead is sold exclusively' }
    const offered = await trx
      .selectFrom('webhookDelivery')
      .select('contractId')
      .where('leadId', '=', leadId)
      .where('contractId', 'is not', null)
      .execute()
    const last = await trx
      .selectFrom('leadRouting')
      .select((eb) => eb.fn.max('round').as('round'))
      .where('leadId', '=', leadId)
      .executeTakeFirst()
    const round = Number(last?.round ?? 0) + 1
    const made = await routeLeads(trx, [routableLead(lead)], dialect, {
      at,
      round,
      exclude: new Map([
        [leadId, new Set(offered.flatMap((o) => (o.contractId === null ? [] : [o.contractId])))],
      ]),
    })
    const offers = made.get(leadId) ?? 0
    if (offers === 0 && sales.length > 0) {
      await setSaleStatus(trx, leadId, 'sold')
    }
    return { ok: true, offers, round }
  })
}
