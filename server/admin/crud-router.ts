import { type Request, Router } from 'express'
import type { z } from 'zod'
import type { AuditAction } from '../../core/audit-actions.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import type { CrudStore } from '../db/crud-store.ts'
import { HttpError } from '../http/errors.ts'
import { changedFields, parseBody, parseId, requireChanges } from '../http/validate.ts'

type Options<Row, C extends z.ZodType, U extends z.ZodType> = {
  store: CrudStore<Row>
  /** Table name for the audit log. */
  entity: string
  /** Name in messages, e.g. 'Script'. */
  label: string
  audit: { create: AuditAction; update: AuditAction; delete: AuditAction }
  createSchema: C
  updateSchema: U
  /**
   * Rules on the record as it would be saved (with `id` when updating); throw HttpError to refuse.
   * What it returns is added to the answer (e.g. a warning).
   */
  check?: (record: Record<string, unknown>, req: Request) => Promise<Record<string, unknown> | undefined>
  /** What the audit log keeps to name the record in the activity feed (never personal data). */
  describe?: (row: Row) => Record<string, unknown>
}

/**
 * List, create, update (whole or partial, such as a bare `{isActive}`) and delete for a module's
 * simple table, through that module's store. Callers mount it behind their permission guard.
 */
export function crudRouter<Row extends { id: number }, C extends z.ZodType, U extends z.ZodType>(
  { db, site }: AppServices,
  { store, entity, label, audit: actions, createSchema, updateSchema, check, describe }: Options<Row, C, U>,
): Router {
  const router = Router()

  const find = async (id: number) => {
    const row = await store.find(id)
    if (!row) throw new HttpError(404, `${label} not found`)
    return row
  }

  router.get('/', async (_req, res) => {
    res.json(await store.list())
  })

  router.get('/:id', async (req, res) => {
    res.json(await find(parseId(req.params.id, label)))
  })

  router.post('/', async (req, res) => {
    const input = parseBody(createSchema, req) as Record<string, unknown>
    const extra = await check?.(input, req)
    const row = await store.create(input)
    await audit(db, {
      actor: req.admin,
      action: actions.create,
      entity,
      entityId: row.id,
      detail: describe?.(row),
    })
    await site.changed()
    res.status(201).json({ ...row, ...extra })
  })

  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id, label)
    const input = parseBody(updateSchema, req) as Record<string, unknown>
    requireChanges(input)
    const current = await find(id)
    const extra = await check?.(
      { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) },
      req,
    )
    const row = await store.update(id, input)
    await audit(db, {
      actor: req.admin,
      action: actions.update,
      entity,
      entityId: id,
      detail: { ...describe?.(row), fields: changedFields(input) },
    })
    await site.changed()
    res.json({ ...row, ...extra })
  })

  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id, label)
    const row = await find(id)
    await store.remove(id)
    await audit(db, {
      actor: req.admin,
      action: actions.delete,
      entity,
      entityId: id,
      detail: describe?.(row),
    })
    await site.changed()
    res.json({ message: `${label} deleted`, id })
  })

  return router
}
