import type { z } from 'zod'
import type { Permission } from '../../../core/permissions.ts'

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) written by hand. */
export type JsonSchema = { [key: string]: unknown }

/** A schema in an operation: a zod schema (converted with z.toJSONSchema) or a plain JSON Schema. */
export type SchemaSource = z.ZodType | JsonSchema

/** `buyer-key`: the buyer API, which takes a buyer's API key or a buyer account's session. */
export type ApiAuth = 'public' | 'session' | `permission:${Permission}` | 'buyer-key'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** An answer other than the success one: its description, and a body other than `{message}`. */
export type ApiResponse = string | { description: string; schema?: SchemaSource; contentType?: string }

/** One route, as the document describes it. */
export type ApiOperation = {
  method: HttpMethod
  /** OpenAPI style: `/api/admin/redirects/{id}`. */
  path: string
  tag: string
  summary: string
  description?: string
  auth: ApiAuth
  /** Path parameters other than positive integer ids (a name ending in `id` or `Id`). */
  params?: Record<string, JsonSchema & { description?: string }>
  query?: z.ZodObject
  /** Request headers the operation reads, by name (`Idempotency-Key`). */
  headers?: Record<string, JsonSchema & { description?: string; required?: boolean }>
  /** The body: JSON unless `requestType` says otherwise. */
  request?: z.ZodType
  requestType?:
    | 'application/json'
    | 'multipart/form-data'
    | 'application/x-www-form-urlencoded'
    | 'json-or-form'
  /** The success answer's status (200 unless set), body and media type. */
  status?: number
  response?: SchemaSource
  responseType?: string
  /** Further answers. 400, 401, 403 and 404 are added where the operation can give them. */
  responses?: Record<number, ApiResponse>
}

/** What a module contributes: its tag, the schemas its answers share, and its operations. */
export type ApiModule = {
  tag: { name: string; description: string }
  schemas?: Record<string, JsonSchema>
  operations: ApiOperation[]
  /** Requests the app sends out (OpenAPI 3.1 `webhooks`), each a path item by name. */
  webhooks?: Record<string, JsonSchema>
}

/** A module's operations, each tagged with the module's tag. */
export function defineApi(module: {
  tag: ApiModule['tag']
  schemas?: ApiModule['schemas']
  webhooks?: ApiModule['webhooks']
  operations: Omit<ApiOperation, 'tag'>[]
}): ApiModule {
  return { ...module, operations: module.operations.map((op) => ({ ...op, tag: module.tag.name })) }
}

type Field = 'string' | 'integer' | 'number' | 'boolean' | 'date-time' | 'object' | JsonSchema
const scalar: Record<Exclude<Field, JsonSchema>, JsonSchema> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  'date-time': { type: 'string', format: 'date-time' },
  object: { type: 'object' },
}

/**
 * A concise object schema for answers no zod schema describes: every field listed is present; a
 * name ending in `?` may be null (`'lastLogin?': 'date-time'`). Other fields may appear.
 */
export function shape(fields: Record<string, Field>, description?: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  for (const [key, field] of Object.entries(fields)) {
    const nullable = key.endsWith('?')
    const schema = typeof field === 'string' ? scalar[field] : field
    properties[nullable ? key.slice(0, -1) : key] = nullable ? { anyOf: [schema, { type: 'null' }] } : schema
  }
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
  }
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items })

/** `{message}`: what deletes and simple actions answer. */
export const messageSchema = ref('Message')
