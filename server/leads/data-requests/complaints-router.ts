import express, { type RequestHandler, Router } from 'express'
import { TOO_MANY } from '../../../core/schemas/auth.ts'
import { complaintSchema } from '../../../core/schemas/complaints.ts'
import type { AppServices } from '../../platform/index.ts'
import { apiModule, mountRoutes, route, shape } from '../../platform/index.ts'
import { checkComplaintRateLimit, submitComplaint } from './complaints.server.ts'

const BASE = '/api/complaints'

export const complaintsRoutes = [
  route({
    method: 'post',
    path: BASE,
    summary: 'Make a data-protection complaint',
    description:
      'Answers the complaint’s reference and mails its acknowledgement to the address given. The page /complaints posts the same fields as a form without JavaScript.',
    auth: 'public',
    body: complaintSchema,
    status: 201,
    responses: { 429: 'Too many complaints from this address; try again later' },
    response: shape({ reference: 'string' }),
    handle: async ({ services, body, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return submitComplaint(services, body)
    },
  }),
]

export const complaintsApi = apiModule(
  {
    tag: {
      name: 'Complaints',
      description: 'Data-protection complaints to the operator (Data (Use and Access) Act 2025).',
    },
  },
  complaintsRoutes,
)

/** Mounted at /api/complaints: origin-checked by the app, rate limited per address here. */
export function complaintsRouter(services: AppServices): Router {
  const router = Router()
  const rateLimited: RequestHandler = async (req, res, next) => {
    const decision = await checkComplaintRateLimit(services, req.ip ?? 'unknown')
    if (decision.allowed) return next()
    res.setHeader('Retry-After', String(decision.retryAfterSeconds))
    res.status(429).json({ message: TOO_MANY })
  }
  router.post('/', rateLimited, express.json({ limit: '16kb', strict: true }))
  return mountRoutes(router, services, BASE, complaintsRoutes)
}
