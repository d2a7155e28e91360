import type { Request, Response } from 'express'
import type { z } from 'zod'
import type { AuditAction } from '../../../core/audit-actions.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import {
  type ApiAuth,
  type ApiOperation,
  arrayOf,
  type JsonSchema,
  messageSchema,
} from '../openapi/operation.ts'
import { HttpError } from './errors.ts'
import { type RouteContext, type RouteDefinition, route } from './route.ts'
import { changedFields, isForeignKeyViolation, isUniqueViolation, requireChanges } from './validate.ts'

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

type ResourceOptions<Row extends { id: number }, View, C extends z.ZodType, U extends z.ZodType> = {
  /** Table name for the audit log. */
  entity: string
  /** Name in messages, e.g. 'Script' ("Script not found", "Script deleted"). */
  label: string
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
}

/** The record as it would be after an update: the current row with the fields the input sets. */
export function withChanges<Row>(current: Row, input: object): Row {
  return {
    ...current,
    ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
  }
}

/** An operation's words in the document. */
export type OperationDoc = Pick<ApiOperation, 'summary' | 'description' | 'responses'>

type Hooked = { services: AppServices; req: Request; actor: RouteContext['actor'] }

export type ResourceRouteOptions<
  Row extends { id: number },
  View,
  C extends z.ZodType,
  U extends z.ZodType,
> = ResourceOptions<Row, View, C, U> & {
  store: (services: AppServices) => ResourceStore<Row, z.output<C>, z.output<U>>
  /** Its path in the document, e.g. `/api/admin/scripts`. */
  base: string
  auth: ApiAuth
  /** The answer for one record (a `ref` to the module's schema). */
  schema: JsonSchema
  /** The answer to a create or update, when a check adds fields to it (`schema` otherwise). */
  savedSchema?: JsonSchema
  /** The generic operations it offers, each with its words in the document, in the document's order. */
  operations: Partial<Record<ResourceOperation, OperationDoc>>
  /**
   * Nested under a parent, e.g. `/api/admin/buyers/{id}/contracts`: list and create take the
   * parent's id from `param` (a missing parent is a 404 "<label> not found").
   */
  scope?: { param: string; label: string; exists: (services: AppServices, id: number) => Promise<boolean> }
  /** Its own routes, placed after list and create and before `/{id}` (`/health`, `/test`). */
  routes?: RouteDefinition[]
  /** Its own routes placed after the generic ones, where `/{id}` cannot take them (`/{id}/invite`). */
  after?: RouteDefinition[]
  beforeCreate?: (input: z.output<C>, context: Hooked) => MaybePromise<Extra>
  beforeUpdate?: (input: z.output<U>, current: Row, context: Hooked) => MaybePromise<Extra>
  afterSave?: (
    event:
      | { operation: 'create'; row: Row; context: Hooked }
      | { operation: 'update'; row: Row; current: Row; input: z.output<U>; context: Hooked },
  ) => MaybePromise<void>
  beforeDelete?: (row: Row, context: Hooked) => MaybePromise<void>
}

/**
 * The same admin resource as `adminResource`, as route definitions (docs/decisions/0072): the
 * handlers and the document's operations come from one list, mounted with `mountRoutes`.
 */
export function resourceRoutes<
  Row extends { id: number },
  C extends z.ZodType,
  U extends z.ZodType,
  View = Row,
>(options: ResourceRouteOptions<Row, View, C, U>): RouteDefinition[] {
  const { entity, label, describe, conflict, base, auth, schema, operations: docs } = options
  const saved = options.savedSchema ?? schema
  const view = (row: Row) => (options.view ? options.view(row) : (row as unknown as View))
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store')
  const find = async (store: ResourceStore<Row, z.output<C>, z.output<U>>, id: number) => {
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
  const record = async (
    { services, actor }: Hooked,
    operation: 'create' | 'update' | 'delete',
    id: number,
    detail: Record<string, unknown> | undefined,
  ) => {
    const action = options.audit[operation]
    if (action) await audit(services.db, { actor, action, entity, entityId: id, detail })
    if (options.affectsSite) await services.site.changed()
  }
  /** The parent's id for a nested resource (404 when there is no such parent), else undefined. */
  const parent = async ({ services, params }: { services: AppServices; params: object }) => {
    if (!options.scope) return undefined
    const { param, label: parentLabel, exists } = options.scope
    const id = (params as Record<string, number>)[param] as number
    if (!(await exists(services, id))) throw new HttpError(404, `${parentLabel} not found`)
    return id
  }
  // A nested resource's list and create name its parent's id: an unknown one is the parent's 404.
  const parentLabel = options.scope ? { label: options.scope.label } : {}
  const one = `${base}/{id}`
  const idOf = (params: object) => (params as { id: number }).id
  const routes: RouteDefinition[] = []
  if (docs.list) {
    routes.push(
      route({
        ...docs.list,
        method: 'get',
        path: base,
        auth,
        ...parentLabel,
        response: arrayOf(schema),
        handle: async (context) => {
          noStore(context.res)
          return (await options.store(context.services).list(await parent(context))).map(view)
        },
      }),
    )
  }
  if (docs.create) {
    routes.push(
      route({
        ...docs.create,
        method: 'post',
        path: base,
        auth,
        ...parentLabel,
        body: options.createSchema,
        status: 201,
        response: saved,
        handle: async (context) => {
          const scope = await parent(context)
          const input = context.body as z.output<C>
          const extra = await options.beforeCreate?.(input, context)
          const row = await saving(() => options.store(context.services).create(input, scope))
          await options.afterSave?.({ operation: 'create', row, context })
          await record(context, 'create', row.id, describe?.(row, 'create'))
          return { ...view(row), ...extra }
        },
      }),
    )
  }
  routes.push(...(options.routes ?? []))
  if (docs.read) {
    routes.push(
      route({
        ...docs.read,
        method: 'get',
        path: one,
        auth,
        label,
        response: schema,
        handle: async ({ services, params, res }) => {
          noStore(res)
          return view(await find(options.store(services), idOf(params)))
        },
      }),
    )
  }
  if (docs.update) {
    routes.push(
      route({
        ...docs.update,
        method: 'put',
        path: one,
        auth,
        label,
        body: options.updateSchema,
        response: saved,
        handle: async (context) => {
          const id = idOf(context.params)
          const input = context.body as z.output<U>
          requireChanges(input as Record<string, unknown>)
          const store = options.store(context.services)
          const current = await find(store, id)
          const extra = await options.beforeUpdate?.(input, current, context)
          const row = await saving(() => store.update(id, input))
          if (!row) throw new HttpError(404, `${label} not found`)
          await options.afterSave?.({ operation: 'update', row, current, input, context })
          await record(context, 'update', id, {
            ...describe?.(row, 'update'),
            fields: changedFields(input as Record<string, unknown>),
          })
          return { ...view(row), ...extra }
        },
      }),
    )
  }
  if (docs.delete) {
    routes.push(
      route({
        ...docs.delete,
        method: 'delete',
        path: one,
        auth,
        label,
        response: messageSchema,
        handle: async (context) => {
          const id = idOf(context.params)
          const store = options.store(context.services)
          const { remove } = store
          if (!remove) throw new Error(`${label}: the store cannot delete`)
          const row = await find(store, id)
          await options.beforeDelete?.(row, context)
          await saving(() => remove(id))
          await record(context, 'delete', id, describe?.(row, 'delete'))
          return { message: `${label} deleted`, id }
        },
      }),
    )
  }
  routes.push(...(options.after ?? []))
  return routes
}
