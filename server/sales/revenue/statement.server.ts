import { type Kysely, sql } from 'kysely'
import { csvRow, formatCsvDate } from '../../../core/csv.ts'
import { monthRangeInstants, poundsDecimal } from '../../../core/revenue.ts'
import type { RevenueFigures, StatementEntry } from '../../../core/schemas/revenue.ts'
import type { DB } from '../../platform/index.ts'

type Db = Kysely<DB>

export function findBuyer(db: Db, id: number) {
  return db.selectFrom('buyer').select(['id', 'name']).where('id', '=', id).executeTakeFirst()
}

/**
 * The statement's totals, added up from the entries it lists as they stream: they equal its
 * lines exactly, even while sales are being written to the month.
 */
export function addToTotals(totals: RevenueFigures, entries: readonly StatementEntry[]): RevenueFigures {
  let { salesCount, salesPence, returnsCount, returnsPence } = totals
  for (const entry of entries) {
    if (entry.kind === 'sale') {
      salesCount += 1
      salesPence += entry.amountPence
    } else {
      returnsCount += 1
      returnsPence -= entry.amountPence
    }
  }
  return { salesCount, salesPence, returnsCount, returnsPence, netPence: salesPence - returnsPence }
}

/**
 * The buyer's ledger entries of a London month, oldest first, in keyset batches so a busy month's
 * statement streams with flat memory. The cursor is the last entry's id: the next batch starts
 * after that entry's stored (time, id) as the database holds it. A time read back into JavaScript
 * would be cut to the millisecond (PostgreSQL keeps microseconds) and list entries of that
 * millisecond twice. The lead's reference is blank once the lead is erased.
 */
export async function* statementEntries(
  db: Db,
  buyerId: number,
  month: string,
  batchSize = 1000,
): AsyncGenerator<StatementEntry[]> {
  const { start, end } = monthRangeInstants(month)
  let after: number | null = null
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
    if (after !== null) {
      query = query.where(
        sql<boolean>`(${sql.ref('ledgerEntry.createdAt')}, ${sql.ref('ledgerEntry.id')}) > (select e.created_at, e.id from ledger_entry e where e.id = ${after})`,
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
    after = (rows.at(-1) as (typeof rows)[number]).id
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
