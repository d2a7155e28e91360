import { Router } from 'express'
import {
  parseSubjectQuery,
  type SubjectIdentity,
  subjectQuerySchema,
} from '../../../core/schemas/data-requests.ts'
import type { AppServices } from '../../platform/index.ts'
import { apiModule, HttpError, mountRoutes, route, shape } from '../../platform/index.ts'
import { eraseSubject, exportSubject } from './requests.server.ts'

const BASE = '/api/admin/subjects'
const subject = { type: 'object', description: '`{email}` or `{phone}` (E.164)' }

/** The schema checks the fields; the rules between them (one of the two, a valid address) are here. */
function identityOf(query: unknown): { identity: SubjectIdentity; download: boolean } {
  const parsed = parseSubjectQuery(query)
  if (!parsed.ok) throw new HttpError(400, parsed.message)
  return parsed
}

/** Under /api/admin/subjects, behind the subjects permission: a person's data, to see or erase. */
export const subjectsRoutes = [
  route({
    method: 'get',
    path: BASE,
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
    handle: async ({ services, query, actor, res }) => {
      const { identity, download } = identityOf(query)
      const body = await exportSubject(services, identity, actor, download)
      res.setHeader('Cache-Control', 'no-store')
      if (!download) return body
      res.setHeader('Content-Disposition', 'attachment; filename="subject-export.json"')
      res.type('application/json').send(JSON.stringify(body, null, 2))
    },
  }),
  route({
    method: 'delete',
    path: BASE,
    summary: 'Erase a person’s leads',
    auth: 'permission:subjects',
    query: subjectQuerySchema,
    response: shape({ subject, erased: 'integer', submissions: 'integer' }),
    handle: async ({ services, query, actor, res }) => {
      const { identity } = identityOf(query)
      res.setHeader('Cache-Control', 'no-store')
      return eraseSubject(services, identity, actor)
    },
  }),
]

export const subjectsApi = apiModule(
  {
    tag: {
      name: 'Data requests',
      description: 'A person’s data, found by email or phone, to export or erase.',
    },
  },
  subjectsRoutes,
)

export function subjectsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, subjectsRoutes)
}
