import { z } from 'zod'
import { arrayOf, defineApi, shape } from '../openapi/operation.ts'

export const activityApi = defineApi({
  tag: { name: 'Activity', description: 'The audit log: who did what, and when.' },
  operations: [
    {
      method: 'get',
      path: '/api/admin/activity',
      summary: 'The latest audit entries',
      description: 'Newest first; `limit` is clamped to 1–100.',
      auth: 'permission:activity',
      // The router reads the number leniently (router.ts); this is its contract.
      query: z.object({ limit: z.int().min(1).max(100).default(10).optional() }),
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
    },
  ],
})
