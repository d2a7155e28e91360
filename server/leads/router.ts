import express, { type RequestHandler, Router } from 'express'
import { leadListQuerySchema, leadSchema } from '../../core/schemas/leads.ts'
import { audit } from '../audit/audit.server.ts'
import { loadSession, requirePermission } from '../auth/middleware.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { TOO_MANY } from '../http/rate-limit.ts'
import { captureLead, checkLeadRateLimit, countLeads, listLeads } from './queries.server.ts'

export const LEAD_BODY_LIMIT = '8kb'

/** The leads module's routes outside /api/admin: POST /api/leads (public) and GET /api/leads (admin). */
export function leadsRouter(services: AppServices): Router {
  const router = Router()
  const rateLimited: RequestHandler = async (req, res, next) => {
    const decision = await checkLeadRateLimit(services, req.ip ?? 'unknown')
    if (decision.allowed) return next()
    res.setHeader('Retry-After', String(decision.retryAfterSeconds))
    res.status(429).json({ message: TOO_MANY })
  }

  router.post(
    '/api/leads',
    rateLimited,
    express.json({ limit: LEAD_BODY_LIMIT, strict: true }),
    async (req, res) => {
      if (!req.is('application/json')) throw new HttpError(400, 'Request body must be JSON')
      const parsed = leadSchema.safeParse(req.body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new HttpError(400, issue?.message ?? 'Invalid lead')
      }
      const lead = await captureLead(services, parsed.data, {
        sourceUrl: req.get('referer') ?? null,
        userAgent: req.get('user-agent') ?? null,
        via: 'api',
      })
      res.status(201).json({ id: lead.id, createdAt: lead.createdAt })
    },
  )

  // SPEC section 7: an array; with paging, `{ items, total, page, pageSize }`.
  router.get('/api/leads', loadSession(services), requirePermission('leads'), async (req, res) => {
    const parsed = leadListQuerySchema.safeParse(req.query)
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
    const { q, page, pageSize } = parsed.data
    const paged = page !== undefined || pageSize !== undefined
    const size = pageSize ?? 50
    const items = await listLeads(
      services.db,
      q,
      paged ? { size, offset: ((page ?? 1) - 1) * size } : undefined,
    )
    await audit(services.db, {
      actor: req.admin,
      action: 'lead.list',
      entity: 'lead',
      detail: { searched: Boolean(q), page: page ?? null, returned: items.length },
    })
    res.setHeader('Cache-Control', 'no-store')
    if (!paged) {
      res.json(items)
      return
    }
    res.json({ items, total: await countLeads(services.db, q), page: page ?? 1, pageSize: size })
  })
  return router
}
