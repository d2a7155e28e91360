import { randomUUID } from 'node:crypto'
import { type Kysely, type Selectable, sql } from 'kysely'
import { type ConversionEvent, type ConversionStatus, conversionEventId } from '../../../core/conversions.ts'
import type { ConversionEventView, ConversionListQuery } from '../../../core/schemas/conversions.ts'
import type { DB } from '../../platform/index.ts'
import type { DestinationRow } from './destinations.server.ts'
import type { ConversionFact } from './payloads.server.ts'

export type EventRow = Selectable<DB['conversionEvent']>

const DISCOVERY_WINDOW_MS = 7 * 86_400_000

/** The events a destination is told of: Google's conversion action counts one (and corrects a sale). */
export function eventsFor(destination: DestinationRow): ConversionEvent[] {
  if (destination.platform !== 'google') return ['lead', 'qualified', 'sale', 'return']
  const counted = destination.settings.event
  if (!counted) return []
  return counted === 'sale' ? ['sale', 'return'] : [counted]
}

/**
 * Writes the events that are due and not yet written, one row per (lead, destination, event):
 * the unique key makes this safe to run on every instance at once. Leads before the destination
 * was added are not told. A sale waits until its lead's routing has ended (every shared sale is
 * in), a return until the sale was sent.
 */
export async function discoverEvents(
  db: Kysely<DB>,
  destinations: DestinationRow[],
  now = new Date(),
  since?: Date,
) {
  let written = 0
  // Meta and TikTok take events up to 7 days old: older facts are not looked for again. A run
  // woken by new leads looks only at facts since `since` (the sender's full scan runs now and then).
  const week = new Date(now.getTime() - DISCOVERY_WINDOW_MS)
  const window = since && since > week ? since : week
  for (const destination of destinations) {
    if (!destination.enabled) continue
    for (const event of eventsFor(destination)) {
      const suffix = conversionEventId('', event)
      const eventTime =
        event === 'sale'
          ? sql<Date>`(select min(s.accepted_at) from sale s where s.lead_id = lead.id and s.status = 'accepted')`
          : event === 'return'
            ? sql<Date>`(select max(l.created_at) from ledger_entry l where l.lead_id = lead.id and l.kind = 'return')`
            : sql<Date>`lead.created_at`
      let select = db
        .selectFrom('lead')
        .where('lead.createdAt', '>=', destination.createdAt)
        .$if(event === 'lead' || event === 'qualified', (q) => q.where('lead.createdAt', '>=', window))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('conversionEvent as c')
                .select('c.id')
                .whereRef('c.leadId', '=', 'lead.id')
                .where('c.destinationId', '=', destination.id)
                .where('c.event', '=', event),
            ),
          ),
        )
      if (event === 'qualified') select = select.where('lead.outcome', '=', 'eligible')
      if (event === 'sale') {
        select = select
          .where('lead.id', 'in', (eb) =>
            eb
              .selectFrom('sale as s')
              .select('s.leadId')
              .where('s.status', '=', 'accepted')
              .where('s.acceptedAt', '>=', window),
          )
          .where((eb) => eb.or([eb('lead.saleStatus', 'is', null), eb('lead.saleStatus', '!=', 'routing')]))
      }
      if (event === 'return') {
        select = select
          .where('lead.id', 'in', (eb) =>
            eb
              .selectFrom('ledgerEntry as l')
              .select('l.leadId')
              .where('l.kind', '=', 'return')
              .where('l.createdAt', '>=', window),
          )
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('conversionEvent as c')
                .select('c.id')
                .whereRef('c.leadId', '=', 'lead.id')
                .where('c.destinationId', '=', destination.id)
                .where('c.event', '=', 'sale')
                .where('c.status', '=', 'sent'),
            ),
          )
      }
      const result = await db
        .insertInto('conversionEvent')
        .columns(['leadId', 'destinationId', 'event', 'eventId', 'eventTime', 'nextAttemptAt'])
        .expression(
          select.select([
            'lead.id',
            sql<number>`cast(${destination.id} as integer)`.as('destinationId'),
            sql<string>`cast(${event} as text)`.as('event'),
            sql<string>`lead.reference || cast(${suffix} as text)`.as('eventId'),
            eventTime.as('eventTime'),
            eventTime.as('nextAttemptAt'),
          ]),
        )
        .onConflict((oc) => oc.columns(['leadId', 'destinationId', 'event']).doNothing())
        .executeTakeFirst()
      written += Number(result.numInsertedOrUpdatedRows ?? 0)
    }
  }
  return written
}

/**
 * Takes up to `limit` due events for this sender: a row is taken by one update that checks it is
 * still free, so two instances never hold the same row. A sender that dies holding rows loses
 * them when the lease ends; another then sends them again under the same event ids, which the
 * platforms deduplicate.
 */
export async function claimEvents(db: Kysely<DB>, limit: number, leaseMs: number) {
  const token = randomUUID()
  const now = new Date()
  const free = db
    .selectFrom('conversionEvent')
    .select('id')
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .orderBy('id')
    .limit(limit)
  const ids = (await free.execute()).map((r) => r.id)
  if (ids.length === 0) return []
  await db
    .updateTable('conversionEvent')
    .set({ leaseUntil: new Date(Date.now() + leaseMs), claimToken: token, updatedAt: now })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .execute()
  return db.selectFrom('conversionEvent').selectAll().where('claimToken', '=', token).orderBy('id').execute()
}

export type Settlement = {
  status: ConversionStatus
  reason?: string | null
  answer?: string | null
  httpStatus?: number | null
  /** For a retry: when it is due again. */
  nextAttemptAt?: Date
  valuePence?: number | null
  clickId?: string | null
  consented?: boolean
  /** Whether this settlement was an attempt to send (counts towards the retries). */
  attempted: boolean
}

/** Records what became of a claimed event, if this sender still holds it. */
export async function settleEvent(db: Kysely<DB>, row: EventRow, settlement: Settlement) {
  const now = new Date()
  const result = await db
    .updateTable('conversionEvent')
    .set({
      status: settlement.status,
      reason: settlement.reason ?? null,
      answer: settlement.answer === undefined ? row.answer : settlement.answer,
      httpStatus: settlement.httpStatus === undefined ? row.httpStatus : settlement.httpStatus,
      attempts: settlement.attempted ? row.attempts + 1 : row.attempts,
      nextAttemptAt: settlement.nextAttemptAt ?? row.nextAttemptAt,
      valuePence: settlement.valuePence === undefined ? row.valuePence : settlement.valuePence,
      clickId: settlement.clickId === undefined ? row.clickId : settlement.clickId,
      consented: settlement.consented ?? row.consented,
      sentAt: settlement.status === 'sent' ? now : null,
      leaseUntil: null,
      claimToken: null,
      updatedAt: now,
    })
    .where('id', '=', row.id)
    .where('claimToken', '=', row.claimToken)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** The leads' facts and the ledger's sums for a batch of claimed events; erased leads are missing. */
export async function factsOf(db: Kysely<DB>, rows: EventRow[]): Promise<Map<number, ConversionFact>> {
  const leadIds = [...new Set(rows.map((r) => r.leadId))]
  const out = new Map<number, ConversionFact>()
  if (leadIds.length === 0) return out
  const [leads, ledger] = await Promise.all([
    db
      .selectFrom('lead')
      .select([
        'id',
        'email',
        'phone',
        'ipAddress',
        'userAgent',
        'sourceUrl',
        'createdAt',
        'gclid',
        'gbraid',
        'wbraid',
        'fbclid',
        'ttclid',
        'marketingConsent',
      ])
      .where('id', 'in', leadIds)
      .execute(),
    db
      .selectFrom('ledgerEntry')
      .select(['leadId', 'kind', (eb) => eb.fn.sum<number | string>('amountPence').as('pence')])
      .where('leadId', 'in', leadIds)
      .groupBy(['leadId', 'kind'])
      .execute(),
  ])
  const byLead = new Map(leads.map((l) => [l.id, l]))
  const sums = new Map<string, number>()
  for (const l of ledger) sums.set(`${l.leadId}:${l.kind}`, Number(l.pence))
  for (const row of rows) {
    const lead = byLead.get(row.leadId)
    if (!lead) continue
    const sold = sums.get(`${row.leadId}:sale`) ?? 0
    const returned = sums.get(`${row.leadId}:return`) ?? 0
    out.set(row.id, {
      event: row.event,
      eventId: row.eventId,
      eventTime: new Date(row.eventTime),
      valuePence: row.event === 'sale' ? sold : row.event === 'return' ? Math.max(0, sold + returned) : null,
      consented: lead.marketingConsent,
      email: lead.email,
      phone: lead.phone,
      ipAddress: lead.ipAddress,
      userAgent: lead.userAgent,
      sourceUrl: lead.sourceUrl,
      capturedAt: new Date(lead.createdAt),
      gclid: lead.gclid,
      gbraid: lead.gbraid,
      wbraid: lead.wbraid,
      fbclid: lead.fbclid,
      ttclid: lead.ttclid,
    })
  }
  return out
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

/** The events list (newest first), with the filters of the Conversions tab. */
export async function listEvents(
  db: Kysely<DB>,
  query: Omit<ConversionListQuery, 'limit'> & { limit?: number },
): Promise<ConversionEventView[]> {
  let q = db
    .selectFrom('conversionEvent as e')
    .innerJoin('conversionDestination as d', 'd.id', 'e.destinationId')
    .leftJoin('lead', 'lead.id', 'e.leadId')
    .select([
      'e.id',
      'e.leadId',
      'lead.reference as leadReference',
      'e.destinationId',
      'd.name as destinationName',
      'd.platform',
      'e.event',
      'e.eventId',
      'e.status',
      'e.reason',
      'e.answer',
      'e.httpStatus',
      'e.valuePence',
      'e.attempts',
      'e.clickId',
      'e.consented',
      'e.eventTime',
      'e.sentAt',
      'e.createdAt',
    ])
    .orderBy('e.id', 'desc')
  if (query.status) q = q.where('e.status', '=', query.status)
  if (query.event) q = q.where('e.event', '=', query.event)
  if (query.platform) q = q.where('d.platform', '=', query.platform)
  if (query.destinationId) q = q.where('e.destinationId', '=', Number(query.destinationId))
  if (query.leadId) q = q.where('e.leadId', '=', Number(query.leadId))
  if (query.limit) q = q.limit(query.limit)
  const rows = await q.execute()
  return rows.map((r) => ({
    ...r,
    leadReference: r.leadReference ?? null,
    eventTime: iso(r.eventTime) as string,
    sentAt: iso(r.sentAt),
    createdAt: iso(r.createdAt) as string,
  }))
}

/** How many events each status holds (the tab's summary). */
export async function statusCounts(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('conversionEvent')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute()
  const counts: Record<ConversionStatus, number> = { pending: 0, sent: 0, rejected: 0, failed: 0, skipped: 0 }
  for (const r of rows) counts[r.status] = Number(r.n)
  return counts
}
