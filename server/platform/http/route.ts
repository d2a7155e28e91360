import type { Request, RequestHandler, Response, Router } from 'express'
import type { z } from 'zod'
import { adminAreas } from '../../../core/admin-areas.ts'
import type { Permission } from '../../../core/permissions.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import type { AppServices } from '../context.ts'
import { type ApiModule, type ApiOperation, defineApi, type JsonSchema } from '../openapi/operation.ts'
import { HttpError } from './errors.ts'
import { parseBody, parseId } from './validate.ts'

type Empty = Record<never, never>
type Input<S> = S extends z.ZodType ? z.output<S> : undefined

/**
 * `/api/admin/redirects/{id}` → `{ id: number }`: ids are parsed before the handler runs. A
 * parameter described in `params` (a session's uuid) is handed over as the string it is.
 */
type ParamsOf<
  Path extends string,
  Described extends string = never,
> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? {
      [K in Name]: Name extends Described ? string : Name extends 'id' | `${string}Id` ? number : string
    } & ParamsOf<Rest, Described>
  : Empty

/** What a handler receives: the request's parts already parsed and checked. */
export type RouteContext<Path extends string = string, Q = unknown, B = unknown, D extends string = never> = {
  params: ParamsOf<Path, D>
  query: Q
  body: B
  /** The signed-in account (undefined on a public route). */
  actor: CurrentAdmin | undefined
  services: AppServices
  req: Request
  res: Response
}

type RouteOptions<
  Path extends string,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  D extends string,
> = Omit<ApiOperation, 'tag' | 'path' | 'query' | 'request' | 'response' | 'params'> & {
  path: Path
  /** Path parameters other than positive integer ids, described for the document. */
  params?: Record<D, JsonSchema & { description?: string }>
  query?: Q
  body?: B
  response?: z.ZodType | JsonSchema
  /** Name in an unknown id's 404, e.g. 'Script' ("Script not found"). */
  label?: string
  /** A sensitive change: needs a sign-in or re-authentication of the last ten minutes (ADR 0053). */
  fresh?: boolean
  /** A `session` route a buyer's account may call too (its own sessions and factors). */
  anyAccount?: boolean
  /**
   * Reads the body in place of `parseBody`, for a route whose refusals are worded otherwise (the
   * lead form's `answers.x: …`); or `'in-handler'`: the handler reads it from `req` itself (the
   * analytics beacon: any media type, read as text, after its rate limit) and its `body` is unset.
   * Either way `body` still describes it in the document.
   */
  readBody?: 'in-handler' | ((req: Request) => Input<B>)
  /** The answer's value, sent as JSON with `status`; or undefined after answering through `res`. */
  handle: (context: RouteContext<Path, Input<Q>, Input<B>, D>) => unknown
}

/** One API operation: its description in the document and its handler, written once. */
export type RouteDefinition = {
  operation: Omit<ApiOperation, 'tag'>
  label: string
  fresh: boolean
  anyAccount: boolean
  readBody?: 'in-handler' | ((req: Request) => unknown)
  handle: (context: RouteContext) => unknown
}

/**
 * An API route from one definition (docs/decisions/0072-one-route-definition.md): the OpenAPI
 * operation, the parsing of its path, query and body by the zod schemas (400 with the first broken
 * rule's message), its auth checks, its status and JSON answer all come from it.
 */
export function route<
  Path extends string,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends string = never,
>(options: RouteOptions<Path, Q, B, D>): RouteDefinition {
  const {
    query,
    body,
    label = 'Record',
    fresh = false,
    anyAccount = false,
    readBody,
    handle,
    ...rest
  } = options
  const operation: Omit<ApiOperation, 'tag'> = {
    ...rest,
    ...(query ? { query } : {}),
    ...(body ? { request: body } : {}),
  }
  return {
    operation,
    label,
    fresh,
    anyAccount,
    ...(readBody ? { readBody } : {}),
    handle: handle as unknown as RouteDefinition['handle'],
  }
}

/** A module's routes as what the OpenAPI registry collects (server/compose/openapi-registry.ts). */
export function apiModule(
  module: { tag: ApiModule['tag']; schemas?: ApiModule['schemas']; webhooks?: ApiModule['webhooks'] },
  routes: readonly RouteDefinition[],
): ApiModule {
  return defineApi({ ...module, operations: routes.map((r) => r.operation) })
}

/** The permission the admin router already demands in front of an /api/admin path, if any. */
function areaAuth(path: string): string | undefined {
  const prefix = /^\/api\/admin(\/[^/]+)/.exec(path)?.[1]
  if (!prefix) return undefined
  const area = adminAreas.find((a) => (a.api as readonly string[]).includes(prefix))
  if (!area) throw new Error(`${path}: no admin area owns ${prefix} (core/admin-areas.ts)`)
  return area.permission ? `permission:${area.permission}` : 'session'
}

/**
 * The checks a route's `auth` names, supplied by the identity area through the services, so the
 * platform runs them without knowing how sessions, accounts or permissions are stored.
 */
export type RouteGuards = {
  /** Reads the session cookie and sets `req.admin` (and `req.session`) when it is valid. */
  loadSession: (services: AppServices) => RequestHandler
  /** A member of staff is signed in (401 otherwise; a buyer's account is refused). */
  requireSignedIn: RequestHandler
  /** Any account is signed in, staff or buyer. */
  requireAnyAccount: RequestHandler
  /** The account proved who it is recently (403 `fresh-sign-in` otherwise). */
  requireFreshSignIn: RequestHandler
  /** The signed-in member of staff holds `permission` (403 otherwise). */
  requirePermission: (permission: Permission) => RequestHandler
  /**
   * For `buyer-key`: the caller is a buyer, by one of its API keys or a buyer account's session.
   * Supplied by the area that keeps the keys; without it a `buyer-key` route refuses to mount.
   */
  requireBuyer?: (services: AppServices) => RequestHandler
}

function guardsFor(definition: RouteDefinition, services: AppServices): RequestHandler[] {
  const { loadSession, requireAnyAccount, requireFreshSignIn, requirePermission, requireSignedIn } =
    services.guards
  const { auth, method, path } = definition.operation
  const expected = areaAuth(path)
  if (expected && expected !== auth) {
    throw new Error(`${method.toUpperCase()} ${path} declares ${auth}, its admin area demands ${expected}`)
  }
  const fresh = definition.fresh ? [requireFreshSignIn] : []
  if (auth === 'public') return fresh
  if (auth === 'buyer-key') {
    const { requireBuyer } = services.guards
    if (!requireBuyer) throw new Error(`${path}: buyer-key needs services.guards.requireBuyer`)
    return [requireBuyer(services), ...fresh]
  }
  // Staff routes have their session read by staff-api.ts; elsewhere it is read here.
  const session = loadSession(services)
  const load: RequestHandler = (req, res, next) => (req.admin ? next() : session(req, res, next))
  if (definition.anyAccount && auth !== 'session') throw new Error(`${path}: anyAccount needs session auth`)
  const staff = definition.anyAccount ? requireAnyAccount : requireSignedIn
  const check = auth === 'session' ? staff : requirePermission(auth.slice('permission:'.length) as Permission)
  return [load, check, ...fresh]
}

function parseParams(definition: RouteDefinition, req: Request): Record<string, number | string> {
  const params: Record<string, number | string> = {}
  for (const [name, value] of Object.entries(req.params as Record<string, string>)) {
    const described = definition.operation.params?.[name]
    params[name] = !described && /(^id|Id)$/.test(name) ? parseId(value, definition.label) : value
  }
  return params
}

function parseQuery(schema: z.ZodObject | undefined, req: Request): unknown {
  if (!schema) return undefined
  const result = schema.safeParse(req.query)
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request')
  return result.data
}

/**
 * Registers `routes` on `router`, which Express mounts at `base` (their paths start with it):
 * `{id}` becomes `:id`. Routes are registered in the order given, so `/health` before `/{id}`.
 */
export function mountRoutes(
  router: Router,
  services: AppServices,
  base: string,
  routes: readonly RouteDefinition[],
): Router {
  for (const definition of routes) {
    const { method, path, status = 200, request, requestType } = definition.operation
    if (!path.startsWith(base)) throw new Error(`${path} is not under ${base}`)
    const local = path.slice(base.length).replace(/\{([^}]+)\}/g, ':$1') || '/'
    const acceptForms = requestType === 'json-or-form'
    // Multipart and plain form bodies are read by their handler (uploads, sign-in forms).
    const parsesBody =
      request &&
      !definition.readBody &&
      (acceptForms || (requestType ?? 'application/json') === 'application/json')
    const handler: RequestHandler = async (req, res) => {
      const params = parseParams(definition, req)
      const query = parseQuery(definition.operation.query, req)
      const body =
        typeof definition.readBody === 'function'
          ? definition.readBody(req)
          : parsesBody
            ? parseBody(request, req, { acceptForms })
            : undefined
      const value = await definition.handle({
        params,
        query,
        body,
        actor: req.admin,
        services,
        req,
        res,
      } as RouteContext)
      if (value === undefined) {
        if (!res.headersSent) throw new Error(`${method.toUpperCase()} ${path} answered nothing`)
        return
      }
      res.status(status).json(value)
    }
    router[method](local, ...guardsFor(definition, services), handler)
  }
  return router
}
