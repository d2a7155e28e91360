import express, { Router } from 'express'
import { leadSchema } from '../../core/schemas/leads.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { captureLead } from './queries.server.ts'

export const LEAD_BODY_LIMIT = '8kb'

export function leadsRouter(services: AppServices): Router {
  const router = Router()
  router.post('/api/leads', express.json({ limit: LEAD_BODY_LIMIT, strict: true }), async (req, res) => {
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
  })
  return router
}
