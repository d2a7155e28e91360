import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { funnelSteps, rate } from '../../../core/analytics.ts'
import { share } from '../../../core/figures.ts'
import { eachDay, NO_CAMPAIGN } from '../../../core/revenue.ts'
import type {
  AnalyticsQuery,
  Breakdown,
  BreakdownDimension,
  BreakdownRow,
  Funnel,
  Series,
} from '../../../core/schemas/analytics.ts'
import type { DB } from '../../platform/index.ts'

/**
 * The reports (docs/decisions/0037-analytics.md): counts come from `analytics_daily` only (the
 * hourly rollup summed per UK day), whose visitors are first reaches per UK day, so every sum here
 * is exact; leads, sales and revenue come
 * from `analytics_lead` joined to the lead and the ledger (one row per lead, not per event).
 */

type Db = Kysely<DB>
type Filter = Pick<AnalyticsQuery, 'from' | 'to' | 'path' | 'utm_source' | 'utm_campaign' | 'variant'>
type Keyed = 'analyticsDaily'

const columnOf = {
  path: 'path',
  utm_source: 'utmSource',
  utm_campaign: 'utmCampaign',
  utm_medium: 'utmMedium',
  variant: 'variant',
  device: 'device',
} as const

function matches<T extends Keyed>(eb: ExpressionBuilder<DB, T>, table: T, filter: Filter) {
  const conditions = [
    eb(`${table}.day` as never, '>=', filter.from as never),
    eb(`${table}.day` as never, '<=', filter.to as never),
  ]
  for (const key of ['path', 'utm_source', 'utm_campaign', 'variant'] as const) {
    const value = filter[key]
    if (value === undefined) continue
    const column = `${table}.${columnOf[key]}` as never
    conditions.push(value === NO_CAMPAIGN ? eb(column, 'is', null as never) : eb(column, '=', value as never))
  }
  return eb.and(conditions)
}

const n = (v: unknown) => Number(v ?? 0)

/**
 * A lead's source or campaign: the one recorded on the lead (as the ledger copies it at a sale), so
 * analytics and the Overview credit the same campaign (docs/decisions/0066-figures-that-add-up.md).
 * An erased lead keeps the one its analytics row recorded at capture.
 */
function leadAttribution(column: 'utmSource' | 'utmCampaign') {
  return sql<
    string | null
  >`case when ${sql.ref('lead.id')} is null then ${sql.ref(`analyticsLead.${column}`)} else ${sql.ref(`lead.${column}`)} end`
}
const leadColumnOf = {
  path: sql.ref('analyticsLead.path'),
  utm_source: leadAttribution('utmSource'),
  utm_campaign: leadAttribution('utmCampaign'),
  utm_medium: sql.ref('analyticsLead.utmMedium'),
  variant: sql.ref('analyticsLead.variant'),
  device: sql.ref('analyticsLead.device'),
} as const

/** The period's leads (by the UK day they were captured) that the filter's attribution credits. */
function leadsOf(db: Db, filter: Filter) {
  let query = db
    .selectFrom('analyticsLead')
    .leftJoin('lead', 'lead.id', 'analyticsLead.leadId')
    .where('analyticsLead.day', '>=', filter.from)
    .where('analyticsLead.day', '<=', filter.to)
  for (const key of ['path', 'utm_source', 'utm_campaign', 'variant'] as const) {
    const value = filter[key]
    if (value === undefined) continue
    const column = leadColumnOf[key]
    query = query.where(
      value === NO_CAMPAIGN ? sql<boolean>`${column} is null` : sql<boolean>`${column} = ${value}`,
    )
  }
  return query
}

type LeadFigures = { leads: number; sold: number; revenuePence: number }

/** Leads, sold leads and net revenue (sales less approved returns) of the filtered leads, grouped. */
async function leadFigures(
  db: Db,
  filter: Filter,
  group?: BreakdownDimension,
): Promise<Map<string, LeadFigures>> {
  // Ungrouped, one row: PostgreSQL refuses a constant to group by.
  const groupColumn = group ? leadColumnOf[group] : sql<string>`null`
  const [counts, revenue] = await Promise.all([
    leadsOf(db, filter)
      .select((eb) => [
        groupColumn.as('value'),
        eb.fn.countAll<number>().as('leads'),
        eb.fn.sum<number>(eb.case().when('lead.saleStatus', '=', 'sold').then(1).else(0).end()).as('sold'),
      ])
      .$if(group !== undefined, (qb) => qb.groupBy(groupColumn))
      .execute(),
    leadsOf(db, filter)
      .innerJoin('ledgerEntry', 'ledgerEntry.leadId', 'analyticsLead.leadId')
      .select((eb) => [
        groupColumn.as('value'),
        eb.fn.sum<number>('ledgerEntry.amountPence').as('revenuePence'),
      ])
      .$if(group !== undefined, (qb) => qb.groupBy(groupColumn))
      .execute(),
  ])
  const out = new Map<string, LeadFigures>()
  const at = (value: unknown) => {
    const key = value === null || value === undefined ? NO_CAMPAIGN : String(value)
    let row = out.get(key)
    if (!row) {
      row = { leads: 0, sold: 0, revenuePence: 0 }
      out.set(key, row)
    }
    return row
  }
  for (const row of counts) {
    const r = at(row.value)
    r.leads += n(row.leads)
    r.sold += n(row.sold)
  }
  for (const row of revenue) at(row.value).revenuePence += n(row.revenuePence)
  return out
}

function daily(db: Db, filter: Filter): SelectQueryBuilder<DB, 'analyticsDaily', object> {
  return db.selectFrom('analyticsDaily').where((eb) => matches(eb, 'analyticsDaily', filter))
}

/** The funnel: each stage's visitors in order, page views, leads, sold leads and net revenue. */
export async function funnel(
  db: Db,
  filter: Filter,
  questionOrder: readonly string[] = [],
  titles: ReadonlyMap<string, string> = new Map(),
): Promise<Funnel> {
  const [reach, leads] = await Promise.all([
    daily(db, filter)
      .select((eb) => [
        'analyticsDaily.stage',
        'analyticsDaily.step',
        eb.fn.sum<number>('analyticsDaily.visitors').as('visitors'),
        eb.fn.sum<number>('analyticsDaily.events').as('events'),
      ])
      .groupBy(['analyticsDaily.stage', 'analyticsDaily.step'])
      .execute(),
    leadFigures(db, filter),
  ])
  const rows = reach.map((r) => ({
    stage: r.stage,
    step: r.step,
    visitors: n(r.visitors),
    events: n(r.events),
  }))
  const totals = leads.get(NO_CAMPAIGN) ?? { leads: 0, sold: 0, revenuePence: 0 }
  const steps = funnelSteps(rows, totals, questionOrder, titles)
  const visitors = steps[0]?.count ?? 0
  return {
    from: filter.from,
    to: filter.to,
    steps,
    visitors,
    pageviews: rows.filter((r) => r.stage === 'pageview').reduce((sum, r) => sum + r.events, 0),
    leads: totals.leads,
    sold: totals.sold,
    revenuePence: totals.revenuePence,
    conversionRate: share(steps.find((s) => s.name === 'lead')?.count ?? 0, visitors),
    soldRate: share(totals.sold, totals.leads),
  }
}

/** Visitors, starts, leads, sales and revenue per value of one dimension, most visitors first. */
export async function breakdown(db: Db, filter: Filter, by: BreakdownDimension): Promise<Breakdown> {
  const column = columnOf[by]
  const [reach, leads] = await Promise.all([
    daily(db, filter)
      .where('analyticsDaily.stage', 'in', ['visit', 'questionnaire_start', 'lead'])
      .select((eb) => [
        `analyticsDaily.${column} as value` as never,
        'analyticsDaily.stage',
        eb.fn.sum<number>('analyticsDaily.visitors').as('visitors'),
      ])
      .groupBy([`analyticsDaily.${column}`, 'analyticsDaily.stage'])
      .execute() as Promise<{ value: string | null; stage: string; visitors: unknown }[]>,
    leadFigures(db, filter, by),
  ])
  const rows = new Map<string, BreakdownRow>()
  const at = (value: string) => {
    let row = rows.get(value)
    if (!row) {
      row = {
        value,
        visitors: 0,
        questionnaireStarts: 0,
        leadVisitors: 0,
        leads: 0,
        sold: 0,
        revenuePence: 0,
        conversionRate: null,
        soldRate: null,
        revenuePerVisitorPence: 0,
      }
      rows.set(value, row)
    }
    return row
  }
  for (const r of reach) {
    const row = at(r.value ?? NO_CAMPAIGN)
    if (r.stage === 'visit') row.visitors += n(r.visitors)
    else if (r.stage === 'lead') row.leadVisitors += n(r.visitors)
    else row.questionnaireStarts += n(r.visitors)
  }
  for (const [value, figures] of leads) Object.assign(at(value), figures)
  for (const row of rows.values()) {
    row.conversionRate = share(row.leadVisitors, row.visitors)
    row.soldRate = share(row.sold, row.leads)
    row.revenuePerVisitorPence = Math.round(rate(row.revenuePence, row.visitors))
  }
  return {
    from: filter.from,
    to: filter.to,
    by,
    rows: [...rows.values()].sort((a, b) => b.visitors - a.visitors || a.value.localeCompare(b.value)),
  }
}

/** Visitors, page views, questionnaire starts and leads per UK day, every day of the range. */
export async function series(db: Db, filter: Filter): Promise<Series> {
  const [reach, leads] = await Promise.all([
    daily(db, filter)
      .where('analyticsDaily.stage', 'in', ['visit', 'pageview', 'questionnaire_start'])
      .select((eb) => [
        'analyticsDaily.day',
        'analyticsDaily.stage',
        eb.fn.sum<number>('analyticsDaily.visitors').as('visitors'),
        eb.fn.sum<number>('analyticsDaily.events').as('events'),
      ])
      .groupBy(['analyticsDaily.day', 'analyticsDaily.stage'])
      .execute(),
    leadsOf(db, filter)
      .select((eb) => ['analyticsLead.day', eb.fn.countAll<number>().as('leads')])
      .groupBy('analyticsLead.day')
      .execute(),
  ])
  const days = new Map(
    eachDay(filter.from, filter.to).map((date) => [
      date,
      { date, visitors: 0, pageviews: 0, questionnaireStarts: 0, leads: 0 },
    ]),
  )
  for (const r of reach) {
    const day = days.get(r.day)
    if (!day) continue
    if (r.stage === 'visit') day.visitors += n(r.visitors)
    else if (r.stage === 'pageview') day.pageviews += n(r.events)
    else day.questionnaireStarts += n(r.visitors)
  }
  for (const r of leads) {
    const day = days.get(r.day)
    if (day) day.leads += n(r.leads)
  }
  return { from: filter.from, to: filter.to, days: [...days.values()] }
}

/**
 * The whole site's visitors over UK days `from`..`to` and those of them who sent a lead, as the
 * leads panel's conversion rate divides them (docs/decisions/0066-figures-that-add-up.md).
 */
export async function visitorTotals(
  db: Db,
  period: { from: string; to: string },
): Promise<{ visitors: number; leadVisitors: number }> {
  const rows = await daily(db, period)
    .where('analyticsDaily.stage', 'in', ['visit', 'lead'])
    .select((eb) => ['analyticsDaily.stage', eb.fn.sum<number>('analyticsDaily.visitors').as('visitors')])
    .groupBy('analyticsDaily.stage')
    .execute()
  const of = (stage: string) => n(rows.find((r) => r.stage === stage)?.visitors)
  return { visitors: of('visit'), leadVisitors: of('lead') }
}
