import type { Kysely } from 'kysely'
import { csvRow, formatCsvDate } from '../../core/csv.ts'
import { monthRangeInstants, poundsDecimal } from '../../core/revenue.ts'
import type { RevenueFigures, StatementEntry } from '../../core/schemas/ledger.ts'
import type { DB } from '../db/schema.ts'
import { toFigures } from './reports.server.ts'

type Db = Kysely<DB>

export function findBuyer(db: Db, id: number) {
  return db.selectFrom('buyer').select(['id', 'name']).where('id', '=', id).executeTakeFirst()
}

/** The month's sums for one buyer, from the database (not from the rows a page happened to read). */
export async function statementTotals(db: Db, buyerId: number, month: string): Promise<RevenueFigures> {
  const { start, end } = monthRangeInstants(month)
  const row = await db
    .selectFrom('ledgerEntry')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('kind', '=', 'sale').then(1).else(0).end()).as('salesCount'),
      eb.fn
        .sum<number>(eb.case().when('kind', '=', 'sale').then(eb.ref('amountPence')).else(0).end())
        .as('salesPence'),
      eb.fn.sum<number>(eb.case().when('kind', '=', 'return').then(1).else(0).end()).as('returnsCount'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('kind', '=', 'return')
            .then(eb.neg(eb.ref('amountPence')))
            .else(0)
            .end(),
        )
        .as('returnsPence'),
    ])
    .where('buyerId', '=', buyerId)
    .where('createdAt', '>=', start)
    .where('createdAt', '<', end)
    .executeTakeFirst()
  return toFigures(row)
}

/**
 * The buyer's ledger entries of a London month, oldest first, in keyset batches so a busy month's
 * statement streams with flat memory. The lead's reference is blank once the lead is erased.
 */
export async function* statementEntries(
  db: Db,
  buyerId: number,
  month: string,
  batchSize = 1000,
): AsyncGenerator<StatementEntry[]> {
  const { start, end } = monthRangeInstants(month)
  let after: { createdAt: Date; id: number } | null = null
  for (;;) {
    let query = db
      .selectFrom('ledgerEntry')
      .innerJoin('contract', 'contract.id', 'ledgerEntry.contractId')
      .leftJoin('lead', 'lead.id', 'ledgerEntry.leadId')
      .select([
        'ledgerEntry.id',
        'ledgerEntry.createdAt',
        'ledgerEntry.kind',
        'contract.name as contractName',
        'lead.reference as leadReference',
        'ledgerEntry.utmSource',
        'ledgerEntry.utmCampaign',
        'ledgerEntry.amountPence',
      ])
      .where('ledgerEntry.buyerId', '=', buyerId)
      .where('ledgerEntry.createdAt', '>=', start)
      .where('ledgerEntry.createdAt', '<', end)
    if (after) {
      const { createdAt, id } = after
      query = query.where((eb) =>
        eb.or([
          eb('ledgerEntry.createdAt', '>', createdAt),
          eb.and([eb('ledgerEntry.createdAt', '=', createdAt), eb('ledgerEntry.id', '>', id)]),
        ]),
      )
    }
    const rows = await query
      .orderBy('ledgerEntry.createdAt')
      .orderBy('ledgerEntry.id')
      .limit(batchSize)
      .execute()
    if (rows.length === 0) return
    yield rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      amountPence: Number(row.amountPence),
    }))
    const last = rows.at(-1) as (typeof rows)[number]
    after = { createdAt: new Date(last.createdAt), id: last.id }
    if (rows.length < batchSize) return
  }
}

export const STATEMENT_CSV_COLUMNS = [
  'Date',
  'Kind',
  'Contract',
  'Lead reference',
  'UTM source',
  'UTM campaign',
  'Amount (£)',
] as const

/** One entry as a CSV row: London time, the amount in pounds with two decimals (returns negative). */
export function statementCsvRow(entry: StatementEntry): string {
  return csvRow([
    formatCsvDate(entry.createdAt),
    entry.kind === 'sale' ? 'Sale' : 'Return',
    entry.contractName,
    entry.leadReference ?? '',
    entry.utmSource ?? '',
    entry.utmCampaign ?? '',
    { number: poundsDecimal(entry.amountPence) },
  ])
}

/** The totals rows closing a statement: sales, returns (negative), net. */
export function statementTotalRows(totals: RevenueFigures): string {
  const row = (label: string, pence: number) =>
    csvRow([label, '', '', '', '', '', { number: poundsDecimal(pence) }])
  return (
    row(`Total sales (${totals.salesCount})`, totals.salesPence) +
    row(`Total returns (${totals.returnsCount})`, -totals.returnsPence) +
    row('Net', totals.netPence)
  )
}
