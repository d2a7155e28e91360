import { z } from 'zod'
import type { ApiModule, ApiOperation, ApiResponse, JsonSchema, SchemaSource } from './operation.ts'

export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, JsonSchema>>
  /** What the app posts to others (buyers' contracts). */
  webhooks: Record<string, JsonSchema>
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> }
}

type Options = { publicUrl?: string; sessionCookie: string }

const UNSAFE = new Set(['post', 'put', 'patch', 'delete'])

/** A zod schema as JSON Schema 2020-12, as the caller sends it (`input`) or gets it (`output`). */
export function toJsonSchema(source: SchemaSource, io: 'input' | 'output'): JsonSchema {
  if (!(source instanceof z.ZodType)) return source
  const { $schema: _, ...schema } = z.toJSONSchema(source, { target: 'draft-2020-12', io })
  return schema
}

/** `get /api/admin/redirects/{id}` → `get_admin_redirects_id`: also the reference page's anchor. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/?/, '')
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return [method, ...words].join('_')
}

export const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string)

function parameters(op: ApiOperation): JsonSchema[] {
  const inPath = pathParams(op.path).map((name) => {
    const { description, ...schema } = op.params?.[name] ?? {
      type: 'integer',
      minimum: 1,
      description: undefined,
    }
    if (!op.params?.[name] && !/(^id|Id)$/.test(name))
      throw new Error(`${op.method} ${op.path}: describe the path parameter {${name}} in params`)
    return { name, in: 'path', required: true, ...(description ? { description } : {}), schema }
  })
  const query = op.query ? toJsonSchema(op.query, 'input') : undefined
  const required = new Set((query?.required as string[] | undefined) ?? [])
  const properties = (query?.properties ?? {}) as Record<string, JsonSchema>
  const inQuery = Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    // Repeated `?answer=a&answer=b` for a value that may be a list.
    ...(JSON.stringify(schema).includes('"type":"array"') ? { style: 'form', explode: true } : {}),
    schema,
  }))
  const inHeader = Object.entries(op.headers ?? {}).map(([name, { description, required, ...schema }]) => ({
    name,
    in: 'header',
    required: required ?? false,
    ...(description ? { description } : {}),
    schema,
  }))
  return [...inPath, ...inQuery, ...inHeader]
}

function requestBody(op: ApiOperation): JsonSchema | undefined {
  if (!op.request) return undefined
  const schema = toJsonSchema(op.request, 'input')
  const types =
    op.requestType === 'json-or-form'
      ? ['application/json', 'application/x-www-form-urlencoded']
      : [op.requestType ?? 'application/json']
  return { required: true, content: Object.fromEntries(types.map((t) => [t, { schema }])) }
}

const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }

function answer(response: ApiResponse): JsonSchema {
  if (typeof response === 'string') return { description: response, content: errorBody }
  const { description, schema, contentType = 'application/json' } = response
  return {
    description,
    content: schema ? { [contentType]: { schema: toJsonSchema(schema, 'output') } } : errorBody,
  }
}

function responses(op: ApiOperation): Record<string, JsonSchema> {
  const status = op.status ?? 200
  const success: JsonSchema = {
    description:
      status === 201 ? 'Created' : status === 204 ? 'No content' : status < 300 ? 'OK' : 'Redirect',
  }
  if (op.response)
    success.content = {
      [op.responseType ?? 'application/json']: { schema: toJsonSchema(op.response, 'output') },
    }
  const out: Record<string, JsonSchema> = { [status]: success }
  if (op.request || op.query) out[400] = answer('The request breaks a rule: the message names the first')
  if (op.auth === 'session' || op.auth.startsWith('permission:'))
    out[401] = answer('Not signed in: `{"message": "Please sign in to continue"}`')
  if (op.auth === 'buyer-key')
    out[401] = answer(
      'No valid API key (none, unknown or revoked) and no buyer’s session, or the buyer is inactive; with `WWW-Authenticate: Bearer`',
    )
  const refusals = [
    ...(op.auth.startsWith('permission:')
      ? [`the admin's role and grants do not include the ${op.auth.slice('permission:'.length)} permission`]
      : []),
    ...(UNSAFE.has(op.method) ? ['a browser sent it from another site'] : []),
  ]
  if (refusals.length > 0) out[403] = answer(`Refused: ${refusals.join('; or ')}`)
  if (pathParams(op.path).length > 0) out[404] = answer('No such record')
  for (const [code, response] of Object.entries(op.responses ?? {})) out[code] = answer(response)
  return out
}

function security(op: ApiOperation) {
  if (op.auth === 'public') return []
  // Either scheme will do: a key (which wins when sent) or a buyer account's session.
  if (op.auth === 'buyer-key') return [{ buyerApiKey: [] }, { sessionCookie: [] }]
  return [{ sessionCookie: [] }]
}

function authText(op: ApiOperation): string {
  if (op.auth === 'public') return 'Public: no sign-in needed.'
  if (op.auth === 'session') return 'Any signed-in admin.'
  if (op.auth === 'buyer-key')
    return "A buyer's API key as a bearer token (`Authorization: Bearer <key>`), which wins when sent; or the session of one of the buyer's sign-in accounts (the /buyer page). Either way the buyer must be active."
  return `Signed-in admins holding the \`${op.auth.slice('permission:'.length)}\` permission.`
}

/** The OpenAPI 3.1 document of every operation the modules describe. */
export function buildOpenApiDocument(modules: readonly ApiModule[], options: Options): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      description: 'Every 4xx and 5xx answer of the JSON API',
      properties: {
        message: { type: 'string', description: 'What went wrong, for people' },
        reauthenticate: {
          type: 'boolean',
          description: 'A 403 that a fresh sign-in would lift (POST /api/admin/account/reauthenticate)',
        },
        enrol: {
          type: 'boolean',
          description: 'A 403 until the account enrols a second factor (/admin/account/security)',
        },
      },
      required: ['message'],
    },
    Message: {
      type: 'object',
      properties: { message: { type: 'string' }, id: { type: 'integer' } },
      required: ['message'],
    },
  }
  const paths: OpenApiDocument['paths'] = {}
  const webhooks: OpenApiDocument['webhooks'] = {}
  const tags: OpenApiDocument['tags'] = []
  for (const module of modules) {
    for (const [name, item] of Object.entries(module.webhooks ?? {})) {
      if (webhooks[name]) throw new Error(`Two modules define the webhook ${name}`)
      webhooks[name] = item
    }
    if (!tags.some((t) => t.name === module.tag.name)) tags.push(module.tag)
    for (const [name, schema] of Object.entries(module.schemas ?? {})) {
      if (schemas[name]) throw new Error(`Two modules define the schema ${name}`)
      schemas[name] = schema
    }
    for (const op of module.operations) {
      paths[op.path] ??= {}
      const item = paths[op.path] as Record<string, JsonSchema>
      if (item[op.method]) throw new Error(`${op.method.toUpperCase()} ${op.path} is described twice`)
      const params = parameters(op)
      const body = requestBody(op)
      item[op.method] = {
        operationId: operationId(op.method, op.path),
        tags: [op.tag],
        summary: op.summary,
        description: [op.description, authText(op)].filter(Boolean).join('\n\n'),
        security: security(op),
        'x-auth': op.auth,
        ...(params.length > 0 ? { parameters: params } : {}),
        ...(body ? { requestBody: body } : {}),
        responses: responses(op),
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Car Finance Claim Check API',
      version: '1.0.0',
      description:
        'The public lead and consent endpoints, the admin API behind a session cookie, and the buyer API behind an API key. Errors are JSON `{"message": …}`.',
    },
    servers: [{ url: options.publicUrl ?? '/' }],
    tags,
    paths,
    webhooks,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookie,
          description: 'The session cookie that signing in (POST /api/login) sets',
        },
        buyerApiKey: {
          type: 'http',
          scheme: 'bearer',
          description: "A buyer's API key, created in the admin and shown once",
        },
      },
    },
  }
}
