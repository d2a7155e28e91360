import express, { Router } from 'express'
import { CSV_BOM, csvRow, formatCsvDate } from '../../../core/csv.ts'
import type { BuyerLeadView } from '../../../core/schemas/buyer-access.ts'
import { buyerCsvQuerySchema, buyerLeadsQuerySchema } from '../../../core/schemas/buyer-access.ts'
import { returnReasons, returnRequestSchema } from '../../../core/schemas/buyers.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit, HttpError, parseBody, rateLimit, write } from '../../platform/index.ts'
import { buyerReturns, requestReturn } from '../returns/returns.server.ts'
import { buyerCaller, requireBuyer } from './auth.ts'
import { allBuyerLeads, buyerLead, buyerLeads, countBuyerLeads } from './leads.server.ts'

export const BUYER_CSV_COLUMNS = [
  'Reference',
  'Accepted',
  'Contract',
  'Price (£)',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Phone type',
  'Outcome',
  'UTM source',
  'UTM campaign',
  'Consented at',
  'Consent wording',
  'Return',
  'Return reason',
  'Returnable until',
] as const

function csvLine(lead: BuyerLeadView): string {
  return csvRow([
    lead.erased ? '(erased)' : lead.reference,
    formatCsvDate(lead.acceptedAt),
    lead.contractName,
    (lead.pricePence / 100).toFixed(2),
    lead.person?.firstName,
    lead.person?.lastName,
    lead.person?.email,
    lead.person?.phone,
    lead.person?.phoneType,
    lead.outcome,
    lead.utmSource,
    lead.utmCampaign,
    lead.consent ? formatCsvDate(lead.consent.consentedAt) : '',
    lead.consent?.text,
    lead.return?.status ?? '',
    lead.return ? returnReasons[lead.return.reason] : '',
    formatCsvDate(lead.returnableUntil),
  ])
}

function parseQuery<T extends typeof buyerLeadsQuerySchema | typeof buyerCsvQuerySchema>(
  schema: T,
  query: unknown,
) {
  const parsed = schema.safeParse(query)
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
  return parsed.data as ReturnType<T['parse']>
}

/**
 * /api/buyer: a buyer's own leads and returns, with an API key or a buyer's session
 * (docs/decisions/0034-buyer-access-and-returns.md). Nothing here reaches another buyer's sales.
 */
export function buyerApiRouter(services: AppServices): Router {
  const { db, config } = services
  const router = Router()
  router.use(rateLimit(services, 'buyer-api', config.rateLimits.buyerApi))
  router.use(requireBuyer(services))
  router.use(express.json({ limit: '16kb' }))
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  })

  router.get('/leads', async (req, res) => {
    const { buyerId } = buyerCaller(res)
    const { since, page, pageSize } = parseQuery(buyerLeadsQuerySchema, req.query)
    const filter = { buyerId, since }
    const [items, total] = await Promise.all([
      buyerLeads(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
      countBuyerLeads(db, filter),
    ])
    res.json({ items, page, pageSize, total })
  })

  router.get('/leads.csv', async (req, res) => {
    const { buyerId } = buyerCaller(res)
    const { since } = parseQuery(buyerCsvQuerySchema, req.query)
    const day = new Date().toISOString().slice(0, 10)
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="leads-${day}.csv"`)
    res.setHeader('X-Accel-Buffering', 'no')
    await write(res, CSV_BOM + csvRow(BUYER_CSV_COLUMNS))
    for await (const batch of allBuyerLeads(db, { buyerId, since })) {
      await write(res, batch.map(csvLine).join(''))
    }
    res.end()
  })

  router.get('/leads/:ref', async (req, res) => {
    const { buyerId } = buyerCaller(res)
    const found = await buyerLead(db, buyerId, String(req.params.ref).slice(0, 100))
    if (!found) throw new HttpError(404, 'Lead not found')
    res.json(found)
  })

  router.post('/leads/:ref/return', async (req, res) => {
    const caller = buyerCaller(res)
    const input = parseBody(returnRequestSchema, req)
    const reference = String(req.params.ref).slice(0, 100)
    const created = await requestReturn(db, caller.buyerId, reference, input)
    // Approved at once: its notice is committed with it.
    if (created.status !== 'pending') services.webhooks.wake()
    await audit(db, {
      actor: caller.via === 'session' ? req.admin : null,
      action: 'return.request',
      entity: 'lead_return',
      entityId: created.id,
      detail: {
        buyerId: caller.buyerId,
        saleId: created.saleId,
        reason: created.reason,
        status: created.status,
        via: caller.via,
        ...(caller.via === 'key' ? { keyId: caller.keyId } : {}),
      },
    })
    const { saleId: _sale, leadId: _lead, ...view } = created
    res.status(201).json(view)
  })

  router.get('/returns', async (_req, res) => {
    res.json(await buyerReturns(db, buyerCaller(res).buyerId))
  })

  return router
}
