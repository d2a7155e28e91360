import { Router } from 'express'
import { CSV_BOM, csvRow } from '../../../core/csv.ts'
import { statementFilename } from '../../../core/revenue.ts'
import {
  revenueQuerySchema,
  type StatementEntry,
  statementQuerySchema,
} from '../../../core/schemas/revenue.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  HttpError,
  type JsonSchema,
  mountRoutes,
  ref,
  route,
  shape,
  write,
} from '../../platform/index.ts'
import { buyerOptions, revenueReport, zeroFigures } from './reports.server.ts'
import {
  addToTotals,
  findBuyer,
  STATEMENT_CSV_COLUMNS,
  statementCsvRow,
  statementEntries,
  statementTotalRows,
} from './statement.server.ts'

const BASE = '/api/admin/revenue'
const figures = {
  salesCount: 'integer',
  salesPence: 'integer',
  returnsCount: 'integer',
  returnsPence: { type: 'integer', description: 'Given back on approved returns (positive)' },
  netPence: { type: 'integer', description: 'Sales less returns' },
} as const
const withFigures = (fields: JsonSchema): JsonSchema => ({ allOf: [ref('RevenueFigures')], ...fields })
const buyerRef = shape({ id: 'integer', name: 'string' })
const noBuyer = { 404: 'No such buyer' }

async function statementFor({ db }: AppServices, { buyerId, month }: { buyerId: number; month: string }) {
  const buyer = await findBuyer(db, buyerId)
  if (!buyer) throw new HttpError(404, 'Buyer not found')
  return { buyer, month }
}

/** Under /api/admin/revenue, behind the buyers permission: reports and statements from the ledger. */
export const revenueRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'Revenue by day, buyer and campaign',
    description:
      'London calendar days `from`..`to` (YYYY-MM-DD, both included; the last 30 days by default, at most 366), net of approved returns. `utmSource` and `utmCampaign` match exactly; `(none)` matches entries without one.',
    auth: 'permission:buyers',
    query: revenueQuerySchema,
    response: shape({
      from: { type: 'string', format: 'date' },
      to: { type: 'string', format: 'date' },
      totals: ref('RevenueFigures'),
      byDay: arrayOf(withFigures(shape({ date: { type: 'string', format: 'date' } }))),
      byBuyer: arrayOf(withFigures(shape({ buyerId: 'integer', buyerName: 'string' }))),
      byCampaign: arrayOf(withFigures(shape({ utmSource: 'string', utmCampaign: 'string' }))),
    }),
    handle: async ({ services: { db, dialect }, query, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return revenueReport(db, dialect, query)
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/buyers`,
    summary: 'Every buyer, to choose whose statement to read',
    auth: 'permission:buyers',
    response: arrayOf(buyerRef),
    handle: async ({ services, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return buyerOptions(services.db)
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/statement`,
    summary: 'A buyer’s statement for a month',
    description:
      'The ledger entries of one buyer (`buyerId`) in one London calendar month (`month`, YYYY-MM), oldest first (each exactly once), and their totals, added up from those entries.',
    auth: 'permission:buyers',
    query: statementQuerySchema,
    response: shape({
      buyer: buyerRef,
      month: { type: 'string', description: 'YYYY-MM' },
      entries: arrayOf(ref('StatementEntry')),
      totals: ref('RevenueFigures'),
    }),
    responses: noBuyer,
    handle: async ({ services, query, res }) => {
      const { buyer, month } = await statementFor(services, query)
      const entries: StatementEntry[] = []
      let totals = zeroFigures
      for await (const batch of statementEntries(services.db, buyer.id, month)) {
        entries.push(...batch)
        totals = addToTotals(totals, batch)
      }
      res.setHeader('Cache-Control', 'no-store')
      return { buyer, month, entries, totals }
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/statement.csv`,
    summary: 'A buyer’s statement for a month, as CSV',
    description:
      'The same entries, streamed: UTF-8 with a BOM, RFC 4180 quoting, formula cells neutralised, totals rows at the end.',
    auth: 'permission:buyers',
    query: statementQuerySchema,
    response: { type: 'string' },
    responseType: 'text/csv',
    responses: noBuyer,
    handle: async ({ services, query, res }) => {
      const { buyer, month } = await statementFor(services, query)
      let totals = zeroFigures
      res.setHeader('Content-Type', 'text/csv; charset=utf-8')
      res.setHeader('Content-Disposition', `attachment; filename="${statementFilename(buyer.name, month)}"`)
      res.setHeader('Cache-Control', 'no-store')
      res.setHeader('X-Accel-Buffering', 'no')
      await write(res, CSV_BOM + csvRow(STATEMENT_CSV_COLUMNS))
      for await (const batch of statementEntries(services.db, buyer.id, month)) {
        await write(res, batch.map(statementCsvRow).join(''))
        totals = addToTotals(totals, batch)
      }
      res.end(statementTotalRows(totals))
    },
  }),
]

export const revenueApi = apiModule(
  {
    tag: {
      name: 'Revenue',
      description:
        'The ledger: each sale and each approved return is an entry. Reports by day, buyer and campaign, net of returns, and monthly statements.',
    },
    schemas: {
      RevenueFigures: shape(figures),
      StatementEntry: shape({
        id: 'integer',
        createdAt: 'date-time',
        kind: { type: 'string', enum: ['sale', 'return'] },
        contractName: 'string',
        'leadReference?': { type: 'string', description: 'Null once the lead is erased' },
        'utmSource?': 'string',
        'utmCampaign?': 'string',
        amountPence: { type: 'integer', description: 'Negative for a return' },
      }),
    },
  },
  revenueRoutes,
)

export function revenueAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, revenueRoutes)
}
