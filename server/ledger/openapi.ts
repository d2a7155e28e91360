import { revenueQuerySchema, statementQuerySchema } from '../../core/schemas/ledger.ts'
import { arrayOf, defineApi, type JsonSchema, ref, shape } from '../openapi/operation.ts'

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

export const revenueApi = defineApi({
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
  operations: [
    {
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
    },
    {
      method: 'get',
      path: `${BASE}/buyers`,
      summary: 'Every buyer, to choose whose statement to read',
      auth: 'permission:buyers',
      response: arrayOf(buyerRef),
    },
    {
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
    },
    {
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
    },
  ],
})
