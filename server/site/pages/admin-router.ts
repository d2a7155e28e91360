import { Router } from 'express'
import { readPageContent } from '../../../core/page-content.ts'
import {
  isSystemPageSlug as isSystemSlug,
  pageCreateRequestSchema,
  pagePreviewLinkSchema,
  pagePreviewSchema,
  pageUpdateRequestSchema,
} from '../../../core/schemas/pages.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  audit,
  HttpError,
  isUniqueViolation,
  parseBody,
  parseId,
  requireChanges,
} from '../../platform/index.ts'
import { sanitizeStoredContent } from './content.server.ts'
import { placeholderConflict } from './placeholders.server.ts'
import { previewLink } from './preview-links.server.ts'
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
import { DUPLICATE_SLUG, savePage } from './save.server.ts'

export function pagesAdminRouter({ db, site, config }: AppServices): Router {
  const router = Router()

  const findOr404 = async (id: number) => {
    const page = await findPage(db, id)
    if (!page) throw new HttpError(404, 'Page not found')
    return { ...page, isSystem: isSystemSlug(page.slug) }
  }

  router.get('/', async (_req, res) => {
    const pages = await listPages(db)
    res.json(pages.map((p) => ({ ...p, isSystem: isSystemSlug(p.slug) })))
  })

  router.get('/render-context', async (_req, res) => {
    const snapshot = await site.get()
    const body: PageRenderContext = { ...pageRenderContext(snapshot), images: snapshot.images }
    res.json(body)
  })

  router.get('/:id', async (req, res) => {
    res.json(await findOr404(parseId(req.params.id, 'Page')))
  })

  /**
   * Unsaved content as the public page would get it: sanitised as on save and read into the model
   * (the editor's Preview renders the model itself through the block registry).
   */
  router.post('/preview', (req, res) => {
    const { content } = parseBody(pagePreviewSchema, req)
    res.json({ content: readPageContent(sanitizeStoredContent(content)) })
  })

  router.post('/', async (req, res) => {
    const { confirmPlaceholders, ...parsed } = parseBody(pageCreateRequestSchema, req)
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
    try {
      const page = await insertPage(db, input)
      await audit(db, {
        actor: req.admin,
        action: 'page.create',
        entity: 'page',
        entityId: page.id,
        detail: { slug: page.slug, title: page.title },
      })
      await site.changed()
      res.status(201).json({ ...page, isSystem: false })
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_SLUG)
      throw error
    }
  })

  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Page')
    const { confirmPlaceholders, ...input } = parseBody(pageUpdateRequestSchema, req)
    requireChanges(input)
    const page = await findOr404(id)
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
    const updated = await savePage({ db, site }, page, input, req.admin)
    res.json({ ...updated, isSystem: page.isSystem })
  })

  /** A signed link, for a day, to the page as saved (a draft too) or to one of its revisions. */
  router.post('/:id/preview-links', async (req, res) => {
    const page = await findOr404(parseId(req.params.id, 'Page'))
    const { revisionId } = parseBody(pagePreviewLinkSchema, req)
    if (page.isSystem) {
      throw new HttpError(400, 'System pages have their own layout: open them at their address')
    }
    if (revisionId !== undefined && !(await findRevision(db, page.id, revisionId))) {
      throw new HttpError(404, 'Revision not found')
    }
    res.status(201).json(previewLink(config, { page: page.id, revision: revisionId }))
  })

  router.get('/:id/revisions', async (req, res) => {
    const page = await findOr404(parseId(req.params.id, 'Page'))
    res.json(await listRevisions(db, page.id))
  })

  router.get('/:id/revisions/:revisionId', async (req, res) => {
    const page = await findOr404(parseId(req.params.id, 'Page'))
    const revision = await findRevision(db, page.id, parseId(req.params.revisionId, 'Revision'))
    if (!revision) throw new HttpError(404, 'Revision not found')
    res.json(revision)
  })

  /** Puts a revision back: the page as it is now becomes a revision in its turn. */
  router.post('/:id/revisions/:revisionId/restore', async (req, res) => {
    const page = await findOr404(parseId(req.params.id, 'Page'))
    const revision = await findRevision(db, page.id, parseId(req.params.revisionId, 'Revision'))
    if (!revision) throw new HttpError(404, 'Revision not found')
    const slug = page.isSystem ? page.slug : revision.slug
    if (slug !== page.slug && (await isSlugTaken(db, slug))) throw new HttpError(409, DUPLICATE_SLUG)
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
      req.admin,
    )
    await audit(db, {
      actor: req.admin,
      action: 'page.restore',
      entity: 'page',
      entityId: page.id,
      detail: { slug: updated.slug, title: updated.title, revisionId: revision.id },
    })
    await site.changed()
    res.json({ ...updated, isSystem: page.isSystem })
  })

  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Page')
    const page = await findOr404(id)
    if (page.isSystem) throw new HttpError(409, 'System pages cannot be deleted')
    await deletePage(db, id)
    await audit(db, {
      actor: req.admin,
      action: 'page.delete',
      entity: 'page',
      entityId: id,
      detail: { slug: page.slug, title: page.title },
    })
    await site.changed()
    res.json({ message: 'Page deleted', id })
  })

  return router
}
