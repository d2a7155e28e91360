import type { ErrorObject } from 'ajv'
import type { RequestHandler } from 'express'
import type { AppServices } from '../context.ts'
import { buildOpenApiDocument, type OpenApiDocument } from './document.ts'
import type { ApiModule, JsonSchema } from './operation.ts'

/**
 * Answers checked against the document (docs/decisions/0070-answers-match-the-document.md): in
 * development and tests every JSON answer of a documented operation is validated against the
 * response schema the document gives for its status, with Ajv (a development dependency, loaded
 * only here and never in production), and for fields the document does not name.
 */

/** A JSON pointer (`#/paths/~1api~1leads/post`) to the document's node at these keys. */
export const pointer = (...parts: string[]) =>
  `#/${parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`

function nodeAt(doc: unknown, ref: string): JsonSchema {
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc) as JsonSchema
}

/**
 * Where `value` has a property that the schema at `ref` neither names nor lets in through
 * `additionalProperties`: an answer that sends more than the document says. JSON Schema lets such
 * properties pass, so a validator alone does not see this drift. `fits` says whether a value
 * matches a schema (to follow the anyOf/oneOf branch it took). An object schema without
 * `properties` is free-form.
 */
export function undocumented(
  doc: unknown,
  ref: string,
  value: unknown,
  fits: (ref: string, value: unknown) => boolean,
  where = '',
): string[] {
  const schema = nodeAt(doc, ref)
  if (typeof schema.$ref === 'string') return undocumented(doc, schema.$ref, value, fits, where)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key] as unknown[] | undefined
    if (branches) {
      const i = branches.findIndex((_, n) => fits(`${ref}/${key}/${n}`, value))
      return i < 0 ? [] : undocumented(doc, `${ref}/${key}/${i}`, value, fits, where)
    }
  }
  if (Array.isArray(value))
    return schema.items
      ? value.flatMap((item, n) => undocumented(doc, `${ref}/items`, item, fits, `${where}/${n}`))
      : []
  if (value === null || typeof value !== 'object') return []
  const named = new Map<string, string>()
  let open = false
  const collect = (start: string) => {
    let at = start
    let node = nodeAt(doc, at)
    while (typeof node.$ref === 'string') {
      at = node.$ref
      node = nodeAt(doc, at)
    }
    // The parts first: a property the schema names itself (a fuller one) wins.
    for (const n of ((node.allOf as unknown[] | undefined) ?? []).keys()) collect(`${at}/allOf/${n}`)
    for (const name of Object.keys((node.properties as object | undefined) ?? {}))
      named.set(name, `${at}/properties/${pointer(name).slice(2)}`)
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) open = true
    if (!node.properties && !node.allOf && node.additionalProperties === undefined) open = true
  }
  collect(ref)
  return Object.entries(value).flatMap(([name, item]) => {
    const at = named.get(name)
    if (at) return undocumented(doc, at, item, fits, `${where}/${name}`)
    return open ? [] : [`${where}/${name}`]
  })
}

export type Drift = Pick<ErrorObject, 'instancePath' | 'message'>[]

/** Checks bodies against schemas of `doc` by pointer: null when the body matches. */
export async function documentChecker(doc: object) {
  const { default: Ajv2020 } = await import('ajv/dist/2020.js')
  const { default: addFormats } = await import('ajv-formats')
  const id = 'https://claimcheck.invalid/openapi.json'
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ ...doc, $id: id })
  const fits = (ref: string, value: unknown) => Boolean(ajv.getSchema(`${id}${ref}`)?.(value))
  return (ref: string, body: unknown): Drift | null => {
    const validate = ajv.getSchema(`${id}${ref}`)
    if (!validate) throw new Error(`No schema at ${ref} of /api/openapi.json`)
    if (!validate(body))
      return (validate.errors ?? []).map((e) => ({ instancePath: e.instancePath, message: e.message }))
    const extra = undocumented(doc, ref, body, fits)
    return extra.length === 0
      ? null
      : extra.map((instancePath) => ({ instancePath, message: 'is sent but not in the document' }))
  }
}

type Route = { method: string; template: string; pattern: RegExp }

/** The documented operation a request is, literal paths before those with parameters. */
function routesOf(doc: OpenApiDocument): Route[] {
  const routes = Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.keys(item).map((method) => ({
      method,
      template,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
    })),
  )
  const params = (r: Route) => r.template.split('{').length
  return routes.sort((a, b) => params(a) - params(b))
}

/**
 * The middleware: outside production, wraps `res.json` of requests to documented operations. A
 * drift is logged as an error with the operation and where the body differs (never its values);
 * with `answerCheck: 'throw'` the answer becomes a 500 naming the drift, so a test fails.
 */
export function answerCheck(services: AppServices, apiModules: readonly ApiModule[]): RequestHandler {
  const mode = services.config.nodeEnv === 'production' ? 'off' : (services.config.answerCheck ?? 'log')
  if (mode === 'off') return (_req, _res, next) => next()
  let ready: Promise<{
    check: (ref: string, body: unknown) => Drift | null
    routes: Route[]
    doc: OpenApiDocument
  }>
  return async (req, res, next) => {
    if (!req.path.startsWith('/api/') && !req.path.startsWith('/.well-known/')) return next()
    ready ??= (async () => {
      const doc = buildOpenApiDocument(apiModules, { sessionCookie: 'sid' })
      return { doc, routes: routesOf(doc), check: await documentChecker(doc) }
    })()
    const { doc, routes, check } = await ready
    const method = req.method.toLowerCase()
    const route = routes.find((r) => r.method === method && r.pattern.test(req.path))
    if (!route) return next()
    const json = res.json.bind(res)
    res.json = (body: unknown) => {
      const status = String(res.statusCode)
      const responses = (doc.paths[route.template]?.[method]?.responses ?? {}) as Record<string, JsonSchema>
      const content = responses[status]?.content as Record<string, unknown> | undefined
      if (!content?.['application/json']) return json(body)
      const drift = check(
        pointer(
          'paths',
          route.template,
          method,
          'responses',
          status,
          'content',
          'application/json',
          'schema',
        ),
        JSON.parse(JSON.stringify(body ?? null)),
      )
      if (!drift) return json(body)
      const operation = `${req.method} ${route.template} ${status}`
      services.logger.error({ operation, drift }, 'An answer drifted from /api/openapi.json')
      if (mode === 'log') return json(body)
      res.status(500)
      return json({
        message: `${operation} drifted from /api/openapi.json: ${drift
          .map((d) => `${d.instancePath || '/'} ${d.message}`)
          .join('; ')}`,
      })
    }
    next()
  }
}
