import { Router } from 'express'
import {
  isSystemPageSlug as isSystemSlug,
  pageCreateSchema,
  pageUpdateSchema,
} from '../../core/schemas/pages.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { json } from '../db/database.ts'
import { HttpError } from '../http/errors.ts'
import { changedFields, isUniqueViolation, parseBody, parseId, requireChanges } from '../http/validate.ts'

const DUPLICATE_SLUG = 'A page with this URL slug already exists'

export function pagesAdminRouter({ db, site }: AppServices): Router {
  const router = Router()

  const findPage = async (id: number) => {
    const page = await db.selectFrom('page').selectAll().where('id', '=', id).executeTakeFirst()
    if (!page) throw new HttpError(404, 'Page not found')
    return { ...page, isSystem: isSystemSlug(page.slug) }
  }

  router.get('/', async (_req, res) => {
    const pages = await db
      .selectFrom('page')
      .select(['id', 'title', 'slug', 'metaDescription', 'isPublished', 'createdAt', 'updatedAt'])
      .orderBy('id')
      .execute()
    res.json(pages.map((p) => ({ ...p, isSystem: isSystemSlug(p.slug) })))
  })

  router.get('/:id', async (req, res) => {
    res.json(await findPage(parseId(req.params.id, 'Page')))
  })

  router.post('/', async (req, res) => {
    const input = parseBody(pageCreateSchema, req)
    const existing = await db
      .selectFrom('page')
      .select('id')
      .where('slug', '=', input.slug)
      .executeTakeFirst()
    if (existing) throw new HttpError(409, DUPLICATE_SLUG)
    try {
      const page = await db
        .insertInto('page')
        .values({ ...input, content: json(input.content) })
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(db, {
        actor: req.admin,
        action: 'page.create',
        entity: 'page',
        entityId: page.id,
        detail: { slug: page.slug },
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
    const input = parseBody(pageUpdateSchema, req)
    requireChanges(input)
    const page = await findPage(id)
    if (input.slug !== undefined && input.slug !== page.slug) {
      if (page.isSystem) throw new HttpError(409, 'System pages keep their URL slug')
      const taken = await db.selectFrom('page').select('id').where('slug', '=', input.slug).executeTakeFirst()
      if (taken) throw new HttpError(409, DUPLICATE_SLUG)
    }
    const { content, ...rest } = input
    try {
      const updated = await db
        .updateTable('page')
        .set({ ...rest, ...(content === undefined ? {} : { content: json(content) }), updatedAt: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(db, {
        actor: req.admin,
        action: 'page.update',
        entity: 'page',
        entityId: id,
        detail: { slug: updated.slug, fields: changedFields(input) },
      })
      await site.changed()
      res.json({ ...updated, isSystem: page.isSystem })
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_SLUG)
      throw error
    }
  })

  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Page')
    const page = await findPage(id)
    if (page.isSystem) throw new HttpError(409, 'System pages cannot be deleted')
    await db.deleteFrom('page').where('id', '=', id).execute()
    await audit(db, {
      actor: req.admin,
      action: 'page.delete',
      entity: 'page',
      entityId: id,
      detail: { slug: page.slug },
    })
    await site.changed()
    res.json({ message: 'Page deleted', id })
  })

  return router
}
