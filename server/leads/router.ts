import express, { type RequestHandler, Router } from 'express'
import { objectsToCounting } from '../../core/counting.ts'
import { recipientNames } from '../../core/lead-form-rules.ts'
import { TOO_MANY } from '../../core/schemas/auth.ts'
import { leadListQuerySchema } from '../../core/schemas/lead-queries.ts'
import {
  type ConsentVersionRefusal,
  idempotencyKeySchema,
  issueMessage,
  type LeadReceipt,
  leadSchema,
} from '../../core/schemas/leads.ts'
import { isSecure } from '../identity/index.ts'
import { bucketOf, type TrustProxy } from '../insight/index.ts'
import type { AppServices } from '../platform/index.ts'
import { arrayOf, audit, HttpError, mountRoutes, ref, route, shape, write } from '../platform/index.ts'
import { thankYouCookie } from './confirmations.server.ts'
import { complaintsRouter } from './data-requests/complaints-router.ts'
import { ConsentVersionError, captureLead, checkLeadRateLimit } from './queries.server.ts'
import { allLeads, countLeads, listItems, searchLeads } from './search.server.ts'

export const LEAD_BODY_LIMIT = '8kb'
const LEADS = '/api/leads'

/** POST /api/leads: the public lead capture. */
export const leadCaptureRoute = route({
  method: 'post',
  path: LEADS,
  summary: 'Submit a lead',
  description:
    'The same answer for a new lead, a repeat and a refused bot: nothing tells whether the person wrote before. `answers` are checked against the questionnaire version shown. `consentVersion` is the consent version the form showed (every page carries it in the form): the lead is offered only to the firms that version named. Absent, the version pages show now is taken. The answer also sets the `enquiry_ref` cookie (path `/thank-you`, one hour) holding the reference, so the thank-you page can show it with the firms the consent named.',
  auth: 'public',
  headers: {
    'Idempotency-Key': {
      type: 'string',
      pattern: '^[A-Za-z0-9_.:-]{8,100}$',
      description:
        "Made once per form fill (the form sends it here and in the body's `idempotencyKey`; the two must match). A repeat of a post with the same key, even racing it on another instance, stores nothing and gets the first post's answer: the same status and `reference`. Lets a client, or nginx, send a lead post again when it did not hear the answer.",
    },
  },
  body: leadSchema,
  status: 201,
  response: shape({ reference: 'string' }),
  responses: {
    409: {
      description:
        'The consent version sent was never shown by this site, or was replaced longer ago than the `consent_version_max_age_hours` setting (default 24): nothing is stored; show the current wording and ask again',
      schema: shape({
        message: 'string',
        consent: shape({
          version: 'string',
          text: 'string',
          recipients: { type: 'array', items: { type: 'string' } },
        }),
      }),
    },
    429: 'Too many leads from this address',
  },
  // Not parseBody: a refusal names the questionnaire's field (`answers.x: …`), and whatever the
  // schema lets through (a bot's honeypot, say) gets the same 201 as a person.
  readBody: (req) => {
    if (!req.is('application/json')) throw new HttpError(400, 'Request body must be JSON')
    const parsed = leadSchema.safeParse(req.body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new HttpError(400, issue ? issueMessage(issue) : 'Invalid lead')
    }
    const header = req.get('idempotency-key')
    if (header === undefined) return parsed.data
    const key = idempotencyKeySchema.safeParse(header)
    if (!key.success) throw new HttpError(400, key.error.issues[0]?.message ?? 'Invalid Idempotency-Key')
    if (parsed.data.idempotencyKey !== undefined && parsed.data.idempotencyKey !== key.data)
      throw new HttpError(400, 'Idempotency-Key and idempotencyKey must be the same')
    return { ...parsed.data, idempotencyKey: key.data }
  },
  handle: async ({ services, body, req, res }) => {
    const lead = await captureLead(services, body, {
      sourceUrl: req.get('referer') ?? null,
      userAgent: req.get('user-agent') ?? null,
      ip: req.ip ?? null,
      via: 'api',
      bucket: bucketOf(req, req.app.get('trust proxy fn') as TrustProxy),
      counted: !objectsToCounting({ gpc: req.get('sec-gpc'), cookie: req.get('cookie') }),
      cookie: req.get('cookie') ?? null,
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
    return receipt
  },
})

/**
 * GET /api/leads (SPEC section 7): an array; with paging, `{ items, total, page, pageSize }`. A
 * staff route: mounted behind the staff guards (server/compose/staff-api.ts).
 */
export const leadListRoute = route({
  method: 'get',
  path: LEADS,
  summary: 'List or search leads',
  description: 'Without `page` or `pageSize`, every matching lead as one array; with them, one page.',
  auth: 'permission:leads',
  query: leadListQuerySchema,
  response: {
    oneOf: [
      arrayOf(ref('LeadListItem')),
      shape({
        items: arrayOf(ref('LeadListItem')),
        total: 'integer',
        page: 'integer',
        pageSize: 'integer',
      }),
    ],
  },
  handle: async ({ services: { db, dialect }, query, actor, res }) => {
    const { q, page, pageSize, source, campaign, questionnaireVersion, answer, sale } = query
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
        actor,
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
      actor,
      action: 'lead.list',
      entity: 'lead',
      detail: { searched: Boolean(q), page: current, returned: items.length },
    })
    return { items, total, page: current, pageSize: size }
  },
})

/** The leads module's public routes outside /api/admin: POST /api/leads and POST /api/complaints. */
export function leadsRouter(services: AppServices): Router {
  const router = Router()
  router.use('/api/complaints', complaintsRouter(services))
  const rateLimited: RequestHandler = async (req, res, next) => {
    const decision = await checkLeadRateLimit(services, req.ip ?? 'unknown')
    if (decision.allowed) return next()
    res.setHeader('Retry-After', String(decision.retryAfterSeconds))
    res.status(429).json({ message: TOO_MANY })
  }
  // Before the route: the rate limit, then the body read (strict JSON, 8 kB).
  router.post(LEADS, rateLimited, express.json({ limit: LEAD_BODY_LIMIT, strict: true }))
  return mountRoutes(router, services, '', [leadCaptureRoute])
}

/**
 * GET /api/leads, with its leads permission; staff-api.ts puts the staff guards in front of it
 * (only the list itself: any other path under /api/leads stays a 404 for everyone).
 */
export function leadListHandler(services: AppServices): RequestHandler {
  return mountRoutes(Router(), services, '', [leadListRoute])
}
