import express, { type RequestHandler, Router } from 'express'
import { objectsToCounting } from '../../core/counting.ts'
import { recipientNames } from '../../core/lead-form-rules.ts'
import { TOO_MANY } from '../../core/schemas/auth.ts'
import {
  type ConsentVersionRefusal,
  issueMessage,
  type LeadReceipt,
  leadListQuerySchema,
  leadSchema,
} from '../../core/schemas/leads.ts'
import { isSecure } from '../identity/index.ts'
import { bucketOf, type TrustProxy } from '../insight/index.ts'
import type { AppServices } from '../platform/index.ts'
import { audit, HttpError, write } from '../platform/index.ts'
import { thankYouCookie } from './confirmations.server.ts'
import { ConsentVersionError, captureLead, checkLeadRateLimit } from './queries.server.ts'
import { allLeads, countLeads, listItems, searchLeads } from './search.server.ts'

export const LEAD_BODY_LIMIT = '8kb'

/** The leads module's public route outside /api/admin: POST /api/leads. */
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
        throw new HttpError(400, issue ? issueMessage(issue) : 'Invalid lead')
      }
      const lead = await captureLead(services, parsed.data, {
        sourceUrl: req.get('referer') ?? null,
        userAgent: req.get('user-agent') ?? null,
        ip: req.ip ?? null,
        via: 'api',
        bucket: bucketOf(req, req.app.get('trust proxy fn') as TrustProxy),
        counted: !objectsToCounting({ gpc: req.get('sec-gpc'), cookie: req.get('cookie') }),
      }).catch((error: unknown) => {
        if (!(error instanceof ConsentVersionError)) throw error
        // The wording to show instead, so the form can ask again without losing what was typed.
        const refusal: ConsentVersionRefusal = {
          message: error.message,
          consent: {
            version: error.current.hash,
            text: error.current.content.wording,
            recipients: recipientNames(error.current.recipients),
          },
        }
        res.status(409).json(refusal)
        return null
      })
      if (!lead) return
      // Alike for a new lead, a repeat and a bot, headers included (no per-response CSP nonce: a
      // JSON answer runs no script): nothing tells whether the person wrote before.
      const receipt: LeadReceipt = { reference: lead.reference }
      res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
      res.append('Set-Cookie', thankYouCookie(lead.reference, isSecure(services)))
      res.status(201).json(receipt)
    },
  )

  return router
}

/**
 * GET /api/leads (SPEC section 7): an array; with paging, `{ items, total, page, pageSize }`. A
 * staff route: mounted behind the staff guards and the leads permission (server/compose/staff-api.ts).
 */
export function leadListHandler(services: AppServices): RequestHandler {
  const { db, dialect } = services
  return async (req, res) => {
    const parsed = leadListQuerySchema.safeParse(req.query)
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
    const { q, page, pageSize, source, campaign, questionnaireVersion, answer, sale } = parsed.data
    const filter = { source, campaign, questionnaireVersion, answer, sale }
    res.setHeader('Cache-Control', 'no-store')
    if (page === undefined && pageSize === undefined) {
      // The whole list, streamed in batches: never every lead in memory at once.
      res.type('application/json')
      let returned = 0
      await write(res, '[')
      for await (const rows of allLeads(db, dialect, q, undefined, 1000, filter)) {
        const batch = await listItems(db, rows)
        const text = batch.map((lead) => JSON.stringify(lead)).join(',')
        await write(res, `${returned > 0 ? ',' : ''}${text}`)
        returned += batch.length
      }
      await audit(db, {
        actor: req.admin,
        action: 'lead.list',
        entity: 'lead',
        detail: { searched: Boolean(q), page: null, returned },
      })
      res.end(']')
      return
    }
    const size = pageSize ?? 50
    const current = page ?? 1
    const [items, total] = await Promise.all([
      searchLeads(db, dialect, { q, size, offset: (current - 1) * size, ...filter }),
      countLeads(db, dialect, q, filter),
    ])
    await audit(db, {
      actor: req.admin,
      action: 'lead.list',
      entity: 'lead',
      detail: { searched: Boolean(q), page: current, returned: items.length },
    })
    res.json({ items, total, page: current, pageSize: size })
  }
}
