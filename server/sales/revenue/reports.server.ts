import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { dayRangeInstants, eachDay, londonDay, NO_CAMPAIGN, revenuePeriod } from '../../../core/revenue.ts'
import type {
  RevenueBuyer,
  RevenueCampaign,
  RevenueFigures,
  RevenueQuery,
  RevenueReport,
} from '../../../core/schemas/revenue.ts'
import type { DB, Dialect } from '../../platform/index.ts'

/**
 * Revenue from the ledger (docs/decisions/0030-buyers-and-routing.md): sales less approved
 * returns, over London calendar days. The sums are done by the database on both engines; days are
 * counted per UTC hour in SQL (both engines agree on those) and folded into London days here, as
 * the leads chart does (server/leads/search.server.ts): London is always a whole hour off UTC.
 */

type Db = Kysely<DB>
type LedgerQuery = SelectQueryBuilder<DB, 'ledgerEntry', object>

/** Sales and returns counted and summed in one pass, whatever the grouping. */
const figureColumns = [
  sql<number>`sum(case when ${sql.ref('ledgerEntry.kind')} = 'sale' then 1 else 0 end)`.as('salesCount'),
  sql<number>`sum(case when ${sql.ref('ledgerEntry.kind')} = 'sale' then ${sql.ref('ledgerEntry.amountPence')} else 0 end)`.as(
    'salesPence',
  ),
  sql<number>`sum(case when ${sql.ref('ledgerEntry.kind')} = 'return' then 1 else 0 end)`.as('returnsCount'),
  sql<number>`sum(case when ${sql.ref('ledgerEntry.kind')} = 'return' then -${sql.ref('ledgerEntry.amountPence')} else 0 end)`.as(
    'returnsPence',
  ),
] as const

type FigureRow = { salesCount: unknown; salesPence: unknown; returnsCount: unknown; returnsPence: unknown }

/** PostgreSQL's sums are bigints (strings through pg); a group with no rows sums to null. */
export function toFigures(row: FigureRow | undefined): RevenueFigures {
  const n = (v: unknown) => Number(v ?? 0)
  const salesPence = n(row?.salesPence)
  const returnsPence = n(row?.returnsPence)
  return {
    salesCount: n(row?.salesCount),
    salesPence,
    returnsCount: n(row?.returnsCount),
    returnsPence,
    netPence: salesPence - returnsPence,
  }
}

function addFigures(a: RevenueFigures, b: RevenueFigures): RevenueFigures {
  return {
    salesCount: a.salesCount + b.salesCount,
    salesPence: a.salesPence + b.salesPence,
    returnsCount: a.returnsCount + b.returnsCount,
    returnsPence: a.returnsPence + b.returnsPence,
    netPence: a.netPence + b.netPence,
  }
}

export const zeroFigures: RevenueFigures = toFigures(undefined)

/** An attribution filter: `(none)` asks for the entries without one. */
function utmMatch(
  eb: ExpressionBuilder<DB, 'ledgerEntry'>,
  column: 'ledgerEntry.utmSource' | 'ledgerEntry.utmCampaign',
  value: string,
) {
  return value === NO_CAMPAIGN ? eb(column, 'is', null) : eb(column, '=', value)
}

export type RevenueFilter = Pick<RevenueQuery, 'buyerId' | 'utmSource' | 'utmCampaign'>

function entriesBetween(db: Db, start: Date, end: Date, filter: RevenueFilter): LedgerQuery {
  let query = db
    .selectFrom('ledgerEntry')
    .where('ledgerEntry.createdAt', '>=', start)
    .where('ledgerEntry.createdAt', '<', end)
  const { buyerId, utmSource, utmCampaign } = filter
  if (buyerId !== undefined) query = query.where('ledgerEntry.buyerId', '=', buyerId)
  if (utmSource !== undefined) query = query.where((eb) => utmMatch(eb, 'ledgerEntry.utmSource', utmSource))
  if (utmCampaign !== undefined)
    query = query.where((eb) => utmMatch(eb, 'ledgerEntry.utmCampaign', utmCampaign))
  return query
}

/** The UTC hour an entry was written in, `YYYY-MM-DDTHH`, the same text on both engines. */
function utcHour(dialect: Dialect) {
  return dialect === 'sqlite'
    ? sql<string>`substr(${sql.ref('ledgerEntry.createdAt')}, 1, 13)`
    : sql<string>`to_char(${sql.ref('ledgerEntry.createdAt')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
}

/** Per London day, every day of the period included (zeros for the quiet ones). */
export function foldHoursIntoDays(
  days: readonly string[],
  hours: readonly ({ hour: string } & FigureRow)[],
): RevenueReport['byDay'] {
  const byDay = new Map(days.map((date) => [date, zeroFigures]))
  for (const row of hours) {
    const date = londonDay(`${row.hour}:00:00Z`)
    const sum = byDay.get(date)
    if (sum) byDay.set(date, addFigures(sum, toFigures(row)))
  }
  return days.map((date) => ({ date, ...(byDay.get(date) ?? zeroFigures) }))
}

const byNet = <T extends RevenueFigures>(a: T, b: T) => b.netPence - a.netPence || b.salesPence - a.salesPence

/** Revenue over a period of London days, by day, by buyer and by campaign. */
export async function revenueReport(
  db: Db,
  dialect: Dialect,
  query: RevenueQuery,
  now = new Date(),
): Promise<RevenueReport> {
  const { from, to } = revenuePeriod(query.from, query.to, now)
  const { start, end } = dayRangeInstants(from, to)
  const entries = () => entriesBetween(db, start, end, query)
  const hour = utcHour(dialect)
  const [hours, buyers, campaigns] = await Promise.all([
    entries()
      .select([hour.as('hour'), ...figureColumns])
      .groupBy(hour)
      .execute(),
    entries()
      .innerJoin('buyer', 'buyer.id', 'ledgerEntry.buyerId')
      .select(['buyer.id as buyerId', 'buyer.name as buyerName', ...figureColumns])
      .groupBy(['buyer.id', 'buyer.name'])
      .execute(),
    entries()
      .select(['ledgerEntry.utmSource', 'ledgerEntry.utmCampaign', ...figureColumns])
      .groupBy(['ledgerEntry.utmSource', 'ledgerEntry.utmCampaign'])
      .execute(),
  ])
  const byDay = foldHoursIntoDays(eachDay(from, to), hours)
  const byBuyer: RevenueBuyer[] = buyers
    .map((row) => ({ buyerId: Number(row.buyerId), buyerName: row.buyerName, ...toFigures(row) }))
    .sort((a, b) => byNet(a, b) || a.buyerName.localeCompare(b.buyerName))
  const byCampaign: RevenueCampaign[] = campaigns
    .map((row) => ({
      utmSource: row.utmSource ?? NO_CAMPAIGN,
      utmCampaign: row.utmCampaign ?? NO_CAMPAIGN,
      ...toFigures(row),
    }))
    .sort(
      (a, b) =>
        byNet(a, b) || `${a.utmSource}/${a.utmCampaign}`.localeCompare(`${b.utmSource}/${b.utmCampaign}`),
    )
  const totals = byDay.reduce(addFigures, zeroFigures)
  return { from, to, totals, byDay, byBuyer, byCampaign }
}

/** Every buyer, for choosing whose statement to download (buyers are few). */
export function buyerOptions(db: Db) {
  return db.selectFrom('buyer').select(['id', 'name']).orderBy('name').orderBy('id').execute()
}
