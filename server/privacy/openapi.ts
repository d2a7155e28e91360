import { subjectQuerySchema } from '../../core/schemas/subjects.ts'
import { defineApi, shape } from '../openapi/operation.ts'

const subject = { type: 'object', description: '`{email}` or `{phone}` (E.164)' }

export const subjectsApi = defineApi({
  tag: {
    name: 'Data requests',
    description: 'A person’s data, found by email or phone, to export or erase.',
  },
  operations: [
    {
      method: 'get',
      path: '/api/admin/subjects',
      summary: 'Export everything held about a person',
      description: 'Give `email` or `phone`, not both; `download=1` answers a file.',
      auth: 'permission:subjects',
      query: subjectQuerySchema,
      response: shape({
        subject,
        exportedAt: 'date-time',
        found: 'integer',
        leads: { type: 'array', items: { type: 'object' } },
        submissions: { type: 'array', items: { type: 'object' } },
      }),
    },
    {
      method: 'delete',
      path: '/api/admin/subjects',
      summary: 'Erase a person’s leads',
      auth: 'permission:subjects',
      query: subjectQuerySchema,
      response: shape({ subject, erased: 'integer', submissions: 'integer' }),
    },
  ],
})
