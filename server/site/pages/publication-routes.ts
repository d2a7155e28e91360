import { z } from 'zod'
import { fromLondonLocal } from '../../../core/london-time.ts'
import {
  publicationListQuerySchema,
  publicationViewSchema,
  publishRequestSchema,
  rejectPublicationSchema,
} from '../../../core/schemas/page-publications.ts'
import { pageConflictSchema } from '../../../core/schemas/pages.ts'
import type { AppServices } from '../../platform/index.ts'
import { HttpError, route } from '../../platform/index.ts'
import { placeholderConflict } from './placeholders.server.ts'
import {
  approvePublication,
  cancelPublication,
  listPublications,
  publicationView,
  rejectPublication,
  requestPublication,
  versionOf,
} from './publications.server.ts'
import { findPage } from './queries.server.ts'

const BASE = '/api/admin/pages'
const auth = 'permission:pages' as const

/** A London wall-clock time still to come, as the instant it names (400 otherwise). */
export function publishTime(local: string | undefined, now = new Date()): Date | null {
  if (local === undefined) return null
  const at = fromLondonLocal(local)
  if (!at) throw new HttpError(400, 'That time does not exist in London (the clocks go forward then)')
  if (at <= now) throw new HttpError(400, 'The publish time must be in the future')
  return at
}

const decisionResponses = {
  403: 'Only another admin than the one who asked may approve or reject',
  409: 'The publication is no longer awaiting approval',
}

/** The approvals list and each publication's decisions: before `/{id}`, which would match them. */
export const publicationListRoutes = [
  route({
    method: 'get',
    path: `${BASE}/publications`,
    summary: 'Publications',
    description:
      'Page versions published, awaiting a second admin’s approval or scheduled (newest first, at most 200). `?status=awaiting-approval` is the approvals list.',
    auth,
    query: publicationListQuerySchema,
    response: z.array(publicationViewSchema),
    handle: async ({ services, query }) => (await listPublications(services.db, query)).map(publicationView),
  }),
  route({
    method: 'post',
    path: `${BASE}/publications/{id}/approve`,
    summary: 'Approve a publication',
    description:
      'An admin other than the one who asked approves: the version is published now, or at its scheduled time if that is still to come.',
    auth,
    response: publicationViewSchema,
    responses: decisionResponses,
    label: 'Publication',
    handle: ({ services, params, actor }) => approvePublication(services, params.id, actor),
  }),
  route({
    method: 'post',
    path: `${BASE}/publications/{id}/reject`,
    summary: 'Reject a publication',
    description: 'An admin other than the one who asked rejects it, saying why.',
    auth,
    body: rejectPublicationSchema,
    response: publicationViewSchema,
    responses: decisionResponses,
    label: 'Publication',
    handle: ({ services, params, actor, body }) => rejectPublication(services, params.id, actor, body.note),
  }),
  route({
    method: 'post',
    path: `${BASE}/publications/{id}/cancel`,
    summary: 'Cancel a publication',
    description: 'Withdraws a request awaiting approval or a scheduled publish.',
    auth,
    response: publicationViewSchema,
    responses: { 409: 'Already published, rejected or cancelled' },
    label: 'Publication',
    handle: ({ services, params, actor }) => cancelPublication(services, params.id, actor),
  }),
]

/** Publishing one page as saved, now or later. */
export const pagePublicationRoutes = [
  route({
    method: 'post',
    path: `${BASE}/{id}/publications`,
    summary: 'Publish a page',
    description:
      'Publishes the page as saved: now, or at `publishAt` (Europe/London time, in the future). When publishing needs a second admin (the `publish_approval_required` setting, or the compliance review flagged the content) the publication awaits approval instead. Placeholder content answers 409 as a save does.',
    auth,
    body: publishRequestSchema,
    status: 201,
    response: publicationViewSchema,
    responses: {
      400: 'The publish time is past or does not exist in London',
      409: { description: 'Publishing needs `confirmPlaceholders`', schema: pageConflictSchema },
    },
    label: 'Page',
    handle: async ({ services, params, body, actor, res }) => {
      const page = await findPage(services.db, params.id)
      if (!page) throw new HttpError(404, 'Page not found')
      const publishAt = publishTime(body.publishAt)
      const conflict = placeholderConflict({
        publishing: true,
        content: page.content,
        confirmed: body.confirmPlaceholders,
      })
      if (conflict) {
        res.status(409).json(conflict)
        return
      }
      return requestPublication(services as AppServices, page, versionOf(page), actor, { publishAt })
    },
  }),
]
