import { Router } from 'express'
import type { z } from 'zod'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { changedFields, parseBody, parseId, requireChanges } from '../http/validate.ts'

type Table = 'customScript' | 'redirect'

type Options<C extends z.ZodType, U extends z.ZodType> = {
  table: Table
  /** Name in messages and the audit log, e.g. 'Script'. */
  label: string
  createSchema: C
  updateSchema: U
  /**
   * Rules on the record as it would be saved (with `id` when updating); throw HttpError to refuse.
   * What it returns is added to the answer (e.g. a warning).
   */
  check?: (record: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>
}

/**
 * List, create, update (whole or partial, such as a bare `{isActive}`) and delete for the simple
 * admin tables. Callers mount it behind their permission guard.
 */
export function crudRouter<C extends z.ZodType, U extends z.ZodType>(
  { db, site }: AppServices,
  { table, label, createSchema, updateSchema, check }: Options<C, U>,
): Router {
  const router = Router()
  const entity = table === 'customScript' ? 'custom_script' : table
  const action = label.toLowerCase() as 'script' | 'redirect'
  // The table is chosen by the caller from a closed set; Kysely cannot type a union of tables.
  const q = db as unknown as import('kysely').Kysely<Record<Table, { id: number } & Record<string, unknown>>>

  const find = async (id: number) => {
    const row = await q.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw new HttpError(404, `${label} not found`)
    return row
  }

  router.get('/', async (_req, res) => {
    res.json(await q.selectFrom(table).selectAll().orderBy('id').execute())
  })

  router.get('/:id', async (req, res) => {
    res.json(await find(parseId(req.params.id, label)))
  })

  router.post('/', async (req, res) => {
    const input = parseBody(createSchema, req) as Record<string, unknown>
    const extra = await check?.(input)
    const row = await q
      .insertInto(table)
      .values(input as never)
      .returningAll()
      .executeTakeFirstOrThrow()
    await audit(db, { actor: req.admin, action: `${action}.create`, entity, entityId: row.id as number })
    await site.changed()
    res.status(201).json({ ...row, ...extra })
  })

  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id, label)
    const input = parseBody(updateSchema, req) as Record<string, unknown>
    requireChanges(input)
    const current = await find(id)
    const extra = await check?.({
      ...current,
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    })
    const row = await q
      .updateTable(table)
      .set({ ...input, updatedAt: new Date() } as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await audit(db, {
      actor: req.admin,
      action: `${action}.update`,
      entity,
      entityId: id,
      detail: { fields: changedFields(input) },
    })
    await site.changed()
    res.json({ ...row, ...extra })
  })

  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id, label)
    await find(id)
    await q.deleteFrom(table).where('id', '=', id).execute()
    await audit(db, { actor: req.admin, action: `${action}.delete`, entity, entityId: id })
    await site.changed()
    res.json({ message: `${label} deleted`, id })
  })

  return router
}
