import { Router } from 'express'
import { readPageContent } from '../../../core/page-content.ts'
import { diffPages } from '../../../core/page-diff.ts'
import { pageDiffSchema } from '../../../core/schemas/page-publications.ts'
import {
  isSystemPageSlug as isSystemSlug,
  pageConflictSchema,
  pageCreateRequestSchema,
  pagePreviewAnswerSchema,
  pagePreviewLinkSchema,
  pagePreviewSchema,
  pageRenderContextSchema,
  pageRevisionSummarySchema,
  pageRevisionViewSchema,
  pageSummarySchema,
  pageUpdateRequestSchema,
  pageViewSchema,
} from '../../../core/schemas/pages.ts'
import { reviewFlagViewSchema } from '../../../core/schemas/review.ts'

import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  audit,
  HttpError,
  isUniqueViolation,
  mountRoutes,
  parseId,
  ref,
  requireChanges,
  route,
  shape,
  toJsonSchema,
} from '../../platform/index.ts'
import { sanitizeStoredContent } from './content.server.ts'
import { placeholderConflict } from './placeholders.server.ts'
import { previewLink } from './preview-links.server.ts'
import { pagePublicationRoutes, publicationListRoutes } from './publication-routes.ts'
import { approvalFor, versionOf } from './publications.server.ts'
import {
  deletePage,
  findPage,
  findRevision,
  insertPage,
  isSlugTaken,
  listPages,
  listRevisions,
  updatePageKeepingRevision,
} from './queries.server.ts'
import { type PageRenderContext, pageRenderContext } from './render-context.server.ts'
import { reviewRoutes } from './review-routes.ts'
import { publicPageRoutes } from './router.ts'
import { DUPLICATE_SLUG, SYSTEM_SLUG, savePage } from './save.server.ts'
import {
  approvalAnswer,
  changesVersion,
  pickVersion,
  requestIfApprovalNeeded,
} from './save-approval.server.ts'

const BASE = '/api/admin/pages'
const auth = 'permission:pages' as const

const findOr404 = async ({ db }: AppServices, id: number) => {
  const page = await findPage(db, id)
  if (!page) throw new HttpError(404, 'Page not found')
  return { ...page, isSystem: isSystemSlug(page.slug) }
}

/**
 * `{revisionId}` is handed over as the string it is, so that one that names no revision answers
 * "Revision not found" after the page is found, as an unknown revision does. Described as the
 * document describes every id.
 */
const revisionParam = { revisionId: { type: 'integer', minimum: 1 } }

const findRevisionOr404 = async ({ db }: AppServices, pageId: number, revisionId: string) => {
  const revision = await findRevision(db, pageId, parseId(revisionId, 'Revision'))
  if (!revision) throw new HttpError(404, 'Revision not found')
  return revision
}

export const pagesRoutes = [
  ...reviewRoutes,
  route({
    method: 'get',
    path: BASE,
    summary: 'List pages',
    auth,
    response: arrayOf(ref('PageSummary')),
    handle: async ({ services }) => {
      const pages = await listPages(services.db)
      return pages.map((p) => ({ ...p, isSystem: isSystemSlug(p.slug) }))
    },
  }),
  route({
    method: 'post',
    path: BASE,
    summary: 'Create a page',
    auth,
    description:
      'Publishing a page that holds a template’s sample content answers 409 with `code: "placeholder-content"` and the `placeholders`, unless `confirmPlaceholders` is true.',
    body: pageCreateRequestSchema,
    status: 201,
    response: ref('Page'),
    responses: {
      202: approvalAnswer,
      409: {
        description:
          'A page with this URL slug already exists, or publishing needs `confirmPlaceholders` (placeholder content)',
        schema: pageConflictSchema,
      },
    },
    handle: async ({ services, body, actor, res }) => {
      const { db, site } = services
      const { confirmPlaceholders, ...parsed } = body
      const input = { ...parsed, content: sanitizeStoredContent(parsed.content) }
      const conflict = placeholderConflict({
        publishing: input.isPublished,
        content: input.content,
        confirmed: confirmPlaceholders,
      })
      if (conflict) {
        res.status(409).json(conflict)
        return
      }
      if (await isSlugTaken(db, input.slug)) throw new HttpError(409, DUPLICATE_SLUG)
      // A page that needs a second admin to go live is made as a draft that awaits one.
      const needsApproval =
        input.isPublished &&
        (await approvalFor(services, { pageId: null, slug: input.slug, content: input.content })).required
      try {
        const page = await insertPage(db, { ...input, isPublished: input.isPublished && !needsApproval })
        await audit(db, {
          actor,
          action: 'page.create',
          entity: 'page',
          entityId: page.id,
          detail: { slug: page.slug, title: page.title },
        })
        await site.changed()
        if (needsApproval && (await requestIfApprovalNeeded(services, page, versionOf(page), actor, res)))
          return
        return { ...page, isSystem: false }
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_SLUG)
        throw error
      }
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/render-context`,
    summary: 'What pages render with',
    description:
      'The live questionnaire, the consent’s recipients, the compliance wording and the media library’s image sizes, as the public page renders them: the builder’s canvas uses it so each widget is the same markup.',
    auth,
    response: pageRenderContextSchema,
    handle: async ({ services }) => {
      const snapshot = await services.site.get()
      const body: PageRenderContext = { ...pageRenderContext(snapshot), images: snapshot.images }
      return body
    },
  }),
  /**
   * Unsaved content as the public page would get it: sanitised as on save and read into the model
   * (the editor's Preview renders the model itself through the block registry).
   */
  route({
    method: 'post',
    path: `${BASE}/preview`,
    summary: 'Render unsaved content',
    description: 'The public renderer’s output for the editor’s Preview.',
    auth,
    body: pagePreviewSchema,
    response: pagePreviewAnswerSchema,
    handle: ({ body }) => ({ content: readPageContent(sanitizeStoredContent(body.content)) }),
  }),
  ...publicationListRoutes,
  route({
    method: 'get',
    path: `${BASE}/{id}`,
    summary: 'A page',
    auth,
    response: ref('Page'),
    label: 'Page',
    handle: ({ services, params }) => findOr404(services, params.id),
  }),
  route({
    method: 'put',
    path: `${BASE}/{id}`,
    summary: 'Update a page',
    description:
      'Any subset of the fields; the page as it was is kept as a revision. A save that publishes a page, or changes a published page’s content, while it holds a template’s sample content answers 409 with `code: "placeholder-content"` unless `confirmPlaceholders` is true.',
    auth,
    body: pageUpdateRequestSchema,
    response: ref('Page'),
    responses: {
      202: approvalAnswer,
      409: {
        description:
          'The slug is taken, a system page would change its slug, or publishing needs `confirmPlaceholders`',
        schema: pageConflictSchema,
      },
    },
    label: 'Page',
    handle: async ({ services, params, body, actor, res }) => {
      const { confirmPlaceholders, ...input } = body
      requireChanges(input)
      const page = await findOr404(services, params.id)
      // Only a save that publishes the page, or changes what a published page shows, is checked.
      const conflict = placeholderConflict({
        publishing:
          (input.isPublished ?? page.isPublished) &&
          (input.isPublished !== undefined || input.content !== undefined),
        content: input.content ?? page.content,
        confirmed: confirmPlaceholders,
      })
      if (conflict) {
        res.status(409).json(conflict)
        return
      }
      // Refused before any approval is asked for: a publication could never move a system page.
      if (page.isSystem && input.slug !== undefined && input.slug !== page.slug) {
        throw new HttpError(409, SYSTEM_SLUG)
      }
      const changes =
        input.content === undefined ? input : { ...input, content: sanitizeStoredContent(input.content) }
      const goesLive =
        (changes.isPublished ?? page.isPublished) &&
        ((changes.isPublished === true && !page.isPublished) || changesVersion(page, changes))
      const target = { pageId: page.id, slug: page.slug, content: changes.content ?? page.content }
      if (goesLive && (await approvalFor(services, target)).required) {
        // A draft keeps its other changes; a live page stays as it is until the approval.
        const { isPublished: _publish, ...draft } = input
        const base =
          !page.isPublished && Object.keys(draft).length > 0
            ? await savePage(services, page, draft, actor)
            : page
        const version = page.isPublished ? { ...versionOf(page), ...pickVersion(changes) } : versionOf(base)
        await requestIfApprovalNeeded(services, base, version, actor, res)
        return
      }
      const updated = await savePage(services, page, input, actor)
      return { ...updated, isSystem: page.isSystem }
    },
  }),
  route({
    method: 'delete',
    path: `${BASE}/{id}`,
    summary: 'Delete a page',
    auth,
    response: ref('Message'),
    responses: { 409: 'System pages cannot be deleted' },
    label: 'Page',
    handle: async ({ services, params: { id }, actor }) => {
      const page = await findOr404(services, id)
      if (page.isSystem) throw new HttpError(409, 'System pages cannot be deleted')
      await deletePage(services.db, id)
      await audit(services.db, {
        actor,
        action: 'page.delete',
        entity: 'page',
        entityId: id,
        detail: { slug: page.slug, title: page.title },
      })
      await services.site.changed()
      return { message: 'Page deleted', id }
    },
  }),
  /** A signed link, for a day, to the page as saved (a draft too) or to one of its revisions. */
  route({
    method: 'post',
    path: `${BASE}/{id}/preview-links`,
    summary: 'A preview link',
    description:
      'A signed link, valid for 24 hours, to the page as saved (a draft too) or, with `revisionId`, to one of its revisions, rendered as the public page would be under a "Preview – not published" bar. Never cached, never indexed.',
    auth,
    body: pagePreviewLinkSchema,
    status: 201,
    response: ref('PreviewLink'),
    responses: { 400: 'A system page (its layout is built in: see it at its address)' },
    label: 'Page',
    handle: async ({ services, params, body: { revisionId } }) => {
      const page = await findOr404(services, params.id)
      if (page.isSystem) {
        throw new HttpError(400, 'System pages have their own layout: open them at their address')
      }
      if (revisionId !== undefined && !(await findRevision(services.db, page.id, revisionId))) {
        throw new HttpError(404, 'Revision not found')
      }
      return previewLink(services.config, { page: page.id, revision: revisionId })
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/{id}/revisions`,
    summary: 'A page’s revisions',
    auth,
    response: arrayOf(ref('PageRevisionSummary')),
    label: 'Page',
    handle: async ({ services, params }) => {
      const page = await findOr404(services, params.id)
      return listRevisions(services.db, page.id)
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/{id}/revisions/{revisionId}`,
    summary: 'One revision',
    auth,
    params: revisionParam,
    response: ref('PageRevision'),
    label: 'Page',
    handle: async ({ services, params }) => {
      const page = await findOr404(services, params.id)
      return findRevisionOr404(services, page.id, params.revisionId)
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/{id}/revisions/{revisionId}/diff`,
    summary: 'What changed since a revision',
    description:
      'From the revision to the page as it is now: the fields that differ, then the content as blocks added, removed or changed (with their text), or line by line for HTML.',
    auth,
    params: revisionParam,
    response: pageDiffSchema,
    label: 'Page',
    handle: async ({ services, params }) => {
      const page = await findOr404(services, params.id)
      const revision = await findRevisionOr404(services, page.id, params.revisionId)
      return diffPages(revision, page)
    },
  }),
  ...pagePublicationRoutes,
  /** Puts a revision back: the page as it is now becomes a revision in its turn. */
  route({
    method: 'post',
    path: `${BASE}/{id}/revisions/{revisionId}/restore`,
    summary: 'Restore a revision',
    description: 'The page as it is now becomes a revision in its turn.',
    auth,
    params: revisionParam,
    response: ref('Page'),
    responses: { 202: approvalAnswer, 409: 'The revision’s slug is now taken' },
    label: 'Page',
    handle: async ({ services, params, actor, res }) => {
      const { db, site } = services
      const page = await findOr404(services, params.id)
      const revision = await findRevisionOr404(services, page.id, params.revisionId)
      const slug = page.isSystem ? page.slug : revision.slug
      if (slug !== page.slug && (await isSlugTaken(db, slug))) throw new HttpError(409, DUPLICATE_SLUG)
      // Restoring over a live page publishes the revision: the same rule as any publish.
      if (
        page.isPublished &&
        (await requestIfApprovalNeeded(services, page, { ...versionOf(revision), slug }, actor, res))
      ) {
        return
      }
      const updated = await updatePageKeepingRevision(
        db,
        page,
        {
          slug,
          title: revision.title,
          metaDescription: revision.metaDescription,
          metaKeywords: revision.metaKeywords,
          targetKeyword: revision.targetKeyword,
          ogTitle: revision.ogTitle,
          ogDescription: revision.ogDescription,
          content: revision.content,
        },
        actor,
      )
      await audit(db, {
        actor,
        action: 'page.restore',
        entity: 'page',
        entityId: page.id,
        detail: { slug: updated.slug, title: updated.title, revisionId: revision.id },
      })
      await site.changed()
      return { ...updated, isSystem: page.isSystem }
    },
  }),
]

export const pagesApi = apiModule(
  {
    tag: {
      name: 'Pages',
      description: 'The site’s pages: published ones to anyone, all of them to editors.',
    },
    schemas: {
      PreviewLink: shape({ path: 'string', url: 'string', expiresAt: 'date-time' }),
      Page: toJsonSchema(pageViewSchema, 'output'),
      PageSummary: toJsonSchema(pageSummarySchema, 'output'),
      PageRevision: toJsonSchema(pageRevisionViewSchema, 'output'),
      PageRevisionSummary: toJsonSchema(pageRevisionSummarySchema, 'output'),
      ReviewFlag: toJsonSchema(reviewFlagViewSchema, 'output'),
    },
  },
  // The document describes the public route; its blocks' renderer only matters when it is served.
  [
    ...publicPageRoutes(() => {
      throw new Error('Not served: pagesRouter hands in the renderer')
    }),
    ...pagesRoutes,
  ],
)

/** Under /api/admin/pages, behind the pages permission. */
export function pagesAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, pagesRoutes)
}
