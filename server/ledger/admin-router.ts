import { Router } from 'express'
import type { z } from 'zod'
import { CSV_BOM, csvRow } from '../../core/csv.ts'
import { statementFilename } from '../../core/revenue.ts'
import { revenueQuerySchema, type StatementEntry, statementQuerySchema } from '../../core/schemas/ledger.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { write } from '../http/write.ts'
import { buyerOptions, revenueReport, zeroFigures } from './reports.server.ts'
import {
  addToTotals,
  findBuyer,
  STATEMENT_CSV_COLUMNS,
  statementCsvRow,
  statementEntries,
  statementTotalRows,
} from './statement.server.ts'

function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const parsed = schema.safeParse(query)
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
  return parsed.data
}

/** Under /api/admin/revenue, behind the buyers permission: reports and statements from the ledger. */
export function revenueAdminRouter({ db, dialect }: AppServices): Router {
  const router = Router()

  router.get('/', async (req, res) => {
    const query = parseQuery(revenueQuerySchema, req.query)
    res.setHeader('Cache-Control', 'no-store')
    res.json(await revenueReport(db, dialect, query))
  })

  router.get('/buyers', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await buyerOptions(db))
  })

  async function statementFor(query: unknown) {
    const { buyerId, month } = parseQuery(statementQuerySchema, query)
    const buyer = await findBuyer(db, buyerId)
    if (!buyer) throw new HttpError(404, 'Buyer not found')
    return { buyer, month }
  }

  router.get('/statement', async (req, res) => {
    const { buyer, month } = await statementFor(req.query)
    const entries: StatementEntry[] = []
    let totals = zeroFigures
    for await (const batch of statementEntries(db, buyer.id, month)) {
      entries.push(...batch)
      totals = addToTotals(totals, batch)
    }
    res.setHeader('Cache-Control', 'no-store')
    res.json({ buyer, month, entries, totals })
  })

  router.get('/statement.csv', async (req, res) => {
    const { buyer, month } = await statementFor(req.query)
    let totals = zeroFigures
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="${statementFilename(buyer.name, month)}"`)
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('X-Accel-Buffering', 'no')
    await write(res, CSV_BOM + csvRow(STATEMENT_CSV_COLUMNS))
    for await (const batch of statementEntries(db, buyer.id, month)) {
      await write(res, batch.map(statementCsvRow).join(''))
      totals = addToTotals(totals, batch)
    }
    res.end(statementTotalRows(totals))
  })

  return router
}
