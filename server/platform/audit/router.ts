import { Router } from 'express'
import { z } from 'zod'
import type { AppServices } from '../context.ts'
import { apiModule, mountRoutes, route } from '../http/route.ts'
import { arrayOf, shape } from '../openapi/operation.ts'
import { latestActivity } from './audit.server.ts'

const BASE = '/api/admin/activity'

/**
 * Read leniently, never a 400 (the Overview's card asks without thinking): a number is clamped to
 * 1–100 and anything else, 0 included, gives 10.
 */
const clampLimit = (value: unknown) => Math.min(Math.max(Math.trunc(Number(value)) || 10, 1), 100)

/** The value the log is read with is 1–100; what is sent is clamped to it, never refused. */
const activityQuerySchema = z.object({
  limit: z
    .preprocess(
      clampLimit,
      z.int().min(1).max(100).meta({
        default: 10,
        description:
          'How many entries, clamped to 1–100: a larger number gives 100, a negative one 1; 0, none or a value that is not a number gives 10 (never a 400)',
      }),
    )
    .optional(),
})

/** GET /api/admin/activity: the latest audit entries, for the Overview's Recent Activity. */
export const activityRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'The latest audit entries',
    description: 'Newest first; `limit` is clamped to 1–100.',
    auth: 'permission:activity',
    query: activityQuerySchema,
    response: arrayOf(
      shape({
        id: 'integer',
        createdAt: 'date-time',
        'actorEmail?': 'string',
        action: 'string',
        'entity?': 'string',
        'entityId?': 'string',
        'detail?': 'object',
      }),
    ),
    handle: async ({ services, query, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return latestActivity(services.db, query.limit ?? 10)
    },
  }),
]

export const activityApi = apiModule(
  { tag: { name: 'Activity', description: 'The audit log: who did what, and when.' } },
  activityRoutes,
)

export function activityAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, activityRoutes)
}
