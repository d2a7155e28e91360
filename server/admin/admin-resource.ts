import { type Request, Router } from 'express'
import type { z } from 'zod'
import type { AuditAction } from '../../core/audit-actions.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import {
  changedFields,
  isForeignKeyViolation,
  isUniqueViolation,
  parseBody,
  parseId,
  requireChanges,
} from '../http/validate.ts'

/** How a resource reads and writes its table; the module that owns the table provides it. */
export type ResourceStore<Row, CreateValues = Record<string, unknown>, UpdateValues = CreateValues> = {
  /** All rows, or those of one parent (`scope`) for a resource nested under another. */
  list: (scope?: number) => Promise<Row[]>
  find: (id: number) => Promise<Row | undefined>
  create: (values: CreateValues, scope?: number) => Promise<Row>
  /** The row after the change; undefined when it no longer exists. */
  update: (id: number, values: UpdateValues) => Promise<Row | undefined>
  /** Absent for records that are deactivated, never deleted. */
  remove?: (id: number) => Promise<void>
}

export type ResourceOperation = 'list' | 'read' | 'create' | 'update' | 'delete'

/** Fields a check adds to the answer (a redirect's chain warning). */
// biome-ignore lint/suspicious/noConfusingVoidType: a check that adds nothing simply returns nothing
type Extra = Record<string, unknown> | undefined | void

type MaybePromise<T> = T | Promise<T>

export type ResourceOptions<Row extends { id: number }, View, C extends z.ZodType, U extends z.ZodType> = {
  store: ResourceStore<Row, z.output<C>, z.output<U>>
  /** Table name for the audit log. */
  entity: string
  /** Name in messages, e.g. 'Script' ("Script not found", "Script deleted"). */
  label: string
  /** The operations this resource offers under its generic routes; all the store allows by default. */
  operations?: readonly ResourceOperation[]
  createSchema: C
  updateSchema: U
  /** What goes out for a row (never a secret or a password hash); the row itself by default. */
  view?: (row: Row) => View
  audit: Partial<Record<'create' | 'update' | 'delete', AuditAction>>
  /**
   * What the audit log keeps to name the record in the activity feed (never personal data). An
   * update also records the names of the fields it set.
   */
  describe?: (row: Row, operation: 'create' | 'update' | 'delete') => Record<string, unknown> | undefined
  /** The public site shows this resource: its snapshot and cached pages are rebuilt after a change. */
  affectsSite?: boolean
  /** The message of a 409 when the store hits a unique constraint. */
  conflict?: string
  /** The message of a 409 when a delete is refused because other records still point at the row. */
  inUse?: string
  /**
   * Nested under a parent, e.g. `/buyers/:buyerId/contracts`: list and create take the parent's id
   * from `param` (mount with the parent's path; a missing parent is a 404 "<label> not found").
   */
  scope?: { param: string; label: string; exists: (id: number) => Promise<boolean> }
  /** Rules on a new record; throw HttpError to refuse. What it returns is added to the answer. */
  beforeCreate?: (input: z.output<C>, req: Request) => MaybePromise<Extra>
  /** Rules on a change to `current`; throw HttpError to refuse. What it returns is added to the answer. */
  beforeUpdate?: (input: z.output<U>, current: Row, req: Request) => MaybePromise<Extra>
  /** Work that follows a saved change (ending sessions, waking a worker). */
  afterSave?: (
    event:
      | { operation: 'create'; row: Row; req: Request }
      | { operation: 'update'; row: Row; current: Row; input: z.output<U>; req: Request },
  ) => MaybePromise<void>
  /** Rules before a delete (records that must be kept); throw HttpError to refuse. */
  beforeDelete?: (row: Row, req: Request) => MaybePromise<void>
  /** The resource's own routes, mounted before `/:id` so that `/health` or `/test` stay theirs. */
  routes?: (router: Router) => void
}

/** The record as it would be after an update: the current row with the fields the input sets. */
export function withChanges<Row>(current: Row, input: object): Row {
  return {
    ...current,
    ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
  }
}

/**
 * One admin resource: list, read, create, update (whole or partial, such as a bare `{isActive}`)
 * and delete over its store, with validation by the shared zod schemas, the audit log, the site
 * snapshot for what the public site shows, and answers nobody caches. Callers mount it behind
 * their permission guard (server/admin/router.ts).
 */
export function adminResource<
  Row extends { id: number },
  C extends z.ZodType,
  U extends z.ZodType,
  View = Row,
>({ db, site }: AppServices, options: ResourceOptions<Row, View, C, U>): Router {
  const { store, entity, label, describe, conflict } = options
  const offers = (operation: ResourceOperation) =>
    !options.operations || options.operations.includes(operation)
  const view = (row: Row) => (options.view ? options.view(row) : (row as unknown as View))
  const router = Router({ mergeParams: true })

  router.use((req, res, next) => {
    if (req.method === 'GET') res.setHeader('Cache-Control', 'no-store')
    next()
  })
  options.routes?.(router)

  const find = async (id: number) => {
    const row = await store.find(id)
    if (!row) throw new HttpError(404, `${label} not found`)
    return row
  }
  const saving = async <T>(write: () => Promise<T>) => {
    try {
      return await write()
    } catch (error) {
      if (conflict && isUniqueViolation(error)) throw new HttpError(409, conflict)
      if (options.inUse && isForeignKeyViolation(error)) throw new HttpError(409, options.inUse)
      throw error
    }
  }
  /** The parent's id for a nested resource (404 when there is no such parent), else undefined. */
  const parent = async (req: Request) => {
    if (!options.scope) return undefined
    const { param, label: parentLabel, exists } = options.scope
    const id = parseId((req.params as Record<string, string>)[param], parentLabel)
    if (!(await exists(id))) throw new HttpError(404, `${parentLabel} not found`)
    return id
  }
  const record = async (
    req: Request,
    operation: 'create' | 'update' | 'delete',
    id: number,
    detail: Record<string, unknown> | undefined,
  ) => {
    const action = options.audit[operation]
    if (action) await audit(db, { actor: req.admin, action, entity, entityId: id, detail })
    if (options.affectsSite) await site.changed()
  }

  if (offers('list')) {
    router.get('/', async (req, res) => {
      res.json((await store.list(await parent(req))).map(view))
    })
  }

  if (offers('read')) {
    router.get('/:id', async (req, res) => {
      res.json(view(await find(parseId(req.params.id, label))))
    })
  }

  if (offers('create')) {
    router.post('/', async (req, res) => {
      const scope = await parent(req)
      const input = parseBody(options.createSchema, req)
      const extra = await options.beforeCreate?.(input, req)
      const row = await saving(() => store.create(input, scope))
      await options.afterSave?.({ operation: 'create', row, req })
      await record(req, 'create', row.id, describe?.(row, 'create'))
      res.status(201).json({ ...view(row), ...extra })
    })
  }

  if (offers('update')) {
    router.put('/:id', async (req, res) => {
      const id = parseId(req.params.id, label)
      const input = parseBody(options.updateSchema, req)
      requireChanges(input as Record<string, unknown>)
      const current = await find(id)
      const extra = await options.beforeUpdate?.(input, current, req)
      const row = await saving(() => store.update(id, input))
      if (!row) throw new HttpError(404, `${label} not found`)
      await options.afterSave?.({ operation: 'update', row, current, input, req })
      await record(req, 'update', id, {
        ...describe?.(row, 'update'),
        fields: changedFields(input as Record<string, unknown>),
      })
      res.json({ ...view(row), ...extra })
    })
  }

  const { remove } = store
  if (offers('delete') && remove) {
    router.delete('/:id', async (req, res) => {
      const id = parseId(req.params.id, label)
      const row = await find(id)
      await options.beforeDelete?.(row, req)
      await saving(() => remove(id))
      await record(req, 'delete', id, describe?.(row, 'delete'))
      res.json({ message: `${label} deleted`, id })
    })
  }

  return router
}
