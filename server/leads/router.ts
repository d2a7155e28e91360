import express, { Router } from 'express'
import { leadSchema } from '../../core/lead-schema.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { createLead } from './queries.server.ts'

export const LEAD_BODY_LIMIT = '8kb'

export function leadsRouter({ db, logger, site }: AppServices): Router {
  const router = Router()
  router.post('/api/leads', express.json({ limit: LEAD_BODY_LIMIT, strict: true }), async (req, res) => {
    if (!req.is('application/json')) throw new HttpError(400, 'Request body must be JSON')
    const parsed = leadSchema.safeParse(req.body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new HttpError(400, issue?.message ?? 'Invalid lead')
    }
    const { settings } = await site.get()
    const lead = await createLead(db, parsed.data, {
      partnerName: settings.get('partner_name'),
      sourceUrl: req.get('referer') ?? null,
      userAgent: req.get('user-agent') ?? null,
    })
    logger.info({ leadId: lead.id, eligible: lead.assessment?.isEligible }, 'lead captured')
    res.status(201).json({ id: lead.id, createdAt: lead.createdAt })
  })
  return router
}
