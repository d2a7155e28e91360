import { Router } from 'express'
import { complaintUpdateSchema } from '../../../core/schemas/complaints.ts'
import {
  parseSubjectQuery,
  type SubjectIdentity,
  subjectQuerySchema,
} from '../../../core/schemas/data-requests.ts'
import type { AppServices } from '../../platform/index.ts'
import { apiModule, HttpError, mountRoutes, route, shape } from '../../platform/index.ts'
import { listComplaints, updateComplaint } from './complaints.server.ts'
import { eraseSubject, exportSubject } from './requests.server.ts'

const BASE = '/api/admin/subjects'
const subject = { type: 'object', description: '`{email}` or `{phone}` (E.164)' }

/** A data-protection complaint as the admin sees it (`ComplaintRow` in core/schemas/complaints.ts). */
export const complaintShape = shape(
  {
    id: 'integer',
    reference: 'string',
    receivedAt: 'date-time',
    acknowledgeBy: { type: 'string', format: 'date-time', description: 'Received + 30 days' },
    overdue: { type: 'boolean', description: 'Still new after its acknowledgement deadline' },
    name: 'string',
    email: 'string',
    'phone?': 'string',
    'leadReference?': 'string',
    details: 'string',
    contactBy: { type: 'string', enum: ['email', 'phone'] },
    status: { type: 'string', enum: ['new', 'acknowledged', 'resolved'] },
    acknowledgementSent: { type: 'boolean', description: 'The acknowledgement email went out' },
    'acknowledgedAt?': 'date-time',
    'resolvedAt?': 'date-time',
    'outcome?': 'string',
    'reply?': 'string',
  },
  'A data-protection complaint',
)

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
      complaints: { type: 'array', items: complaintShape },
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
    summary: 'Erase a person’s leads and complaints',
    auth: 'permission:subjects',
    query: subjectQuerySchema,
    response: shape({ subject, erased: 'integer', submissions: 'integer', complaints: 'integer' }),
    handle: async ({ services, query, actor, res }) => {
      const { identity } = identityOf(query)
      res.setHeader('Cache-Control', 'no-store')
      return eraseSubject(services, identity, actor)
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/complaints`,
    summary: 'List data-protection complaints',
    description: 'Newest first, each with its 30-day acknowledgement deadline.',
    auth: 'permission:subjects',
    response: { type: 'array', items: complaintShape },
    handle: async ({ services, actor, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return listComplaints(services.db, actor)
    },
  }),
  route({
    method: 'put',
    path: `${BASE}/complaints/{id}`,
    summary: 'Record a complaint’s acknowledgement, outcome and reply',
    auth: 'permission:subjects',
    label: 'Complaint',
    body: complaintUpdateSchema,
    response: complaintShape,
    handle: async ({ services, params, body, actor }) => updateComplaint(services.db, params.id, body, actor),
  }),
]

export const subjectsApi = apiModule(
  {
    tag: {
      name: 'Data requests',
      description:
        'A person’s data, found by email or phone, to export or erase; data-protection complaints.',
    },
  },
  subjectsRoutes,
)

export function subjectsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, subjectsRoutes)
}
