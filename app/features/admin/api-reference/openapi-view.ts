/** Reading /api/openapi.json into what the reference page shows: rows, not raw JSON Schema. */

export type Schema = { [key: string]: unknown }

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema }
type Response = { description: string; content?: Record<string, { schema?: Schema }> }
type Operation = {
  operationId: string
  tags?: string[]
  summary?: string
  description?: string
  'x-auth'?: string
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: Schema }> }
  responses: Record<string, Response>
}

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string }
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}

export type FieldRow = {
  name: string
  type: string
  required: boolean
  constraints: string[]
  description: string
}

export type OperationView = {
  id: string
  method: string
  path: string
  tag: string
  summary: string
  description: string
  auth: string
  parameters: (FieldRow & { in: string })[]
  bodyTypes: string[]
  body: FieldRow[]
  responses: { status: string; description: string; types: string[] }[]
}

const REF = '#/components/schemas/'

function resolve(schema: Schema | undefined, doc: OpenApiDocument): Schema {
  const seen = new Set<string>()
  let current = schema ?? {}
  while (typeof current.$ref === 'string' && current.$ref.startsWith(REF) && !seen.has(current.$ref)) {
    seen.add(current.$ref)
    current = doc.components?.schemas?.[current.$ref.slice(REF.length)] ?? {}
  }
  return current
}

const members = (schema: Schema) => (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
const isNull = (schema: Schema) => schema.type === 'null'

/** A short type for people: `string`, `integer or null`, `array of string`, `Page`. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any'
  if (typeof schema.$ref === 'string') return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)
  const options = members(schema)
  if (options) return [...new Set(options.map(typeOf))].join(' or ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.type === 'array') return `array of ${typeOf(schema.items as Schema | undefined)}`
  if (schema.format === 'binary') return 'file'
  if (Array.isArray(schema.type)) return schema.type.join(' or ')
  if (typeof schema.type === 'string') return schema.type
  if (Array.isArray(schema.allOf)) return (schema.allOf as Schema[]).map(typeOf).join(' and ')
  return 'object'
}

/** The rules a value must keep, in words: `1–200 characters`, `one of: head, body`. */
export function constraintsOf(schema: Schema | undefined): string[] {
  if (!schema) return []
  const options = members(schema)
  if (options) {
    const out = options.filter((s) => !isNull(s)).flatMap(constraintsOf)
    return [...new Set(out)]
  }
  const out: string[] = []
  const { minLength, maxLength, minimum, maximum, exclusiveMinimum, maxItems, pattern, format } = schema
  if (typeof minLength === 'number' && typeof maxLength === 'number')
    out.push(`${minLength}–${maxLength} characters`)
  else if (typeof maxLength === 'number') out.push(`at most ${maxLength} characters`)
  else if (typeof minLength === 'number') out.push(`at least ${minLength} characters`)
  if (typeof exclusiveMinimum === 'number') out.push(`more than ${exclusiveMinimum}`)
  if (typeof minimum === 'number') out.push(`at least ${minimum}`)
  // Zod bounds every integer by the largest safe one: not a rule worth reading.
  if (typeof maximum === 'number' && maximum < Number.MAX_SAFE_INTEGER) out.push(`at most ${maximum}`)
  if (typeof maxItems === 'number') out.push(`at most ${maxItems} items`)
  if (Array.isArray(schema.enum)) out.push(`one of: ${schema.enum.join(', ')}`)
  if (typeof format === 'string' && format !== 'binary') out.push(`format ${format}`)
  if (typeof pattern === 'string') out.push(`pattern ${pattern}`)
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`)
  if (schema.type === 'array') out.push(...constraintsOf(schema.items as Schema | undefined))
  return out
}

/** The top-level fields of an object schema (after `$ref` and `allOf`), one row each. */
export function fieldsOf(schema: Schema | undefined, doc: OpenApiDocument): FieldRow[] {
  const resolved = resolve(schema, doc)
  const parts = [resolved, ...((resolved.allOf as Schema[] | undefined) ?? []).map((s) => resolve(s, doc))]
  const rows: FieldRow[] = []
  for (const part of parts) {
    const required = new Set((part.required as string[] | undefined) ?? [])
    const properties = (part.properties ?? {}) as Record<string, Schema>
    for (const [name, property] of Object.entries(properties)) {
      if (rows.some((r) => r.name === name)) continue
      rows.push({
        name,
        type: typeOf(property),
        required: required.has(name),
        constraints: constraintsOf(property),
        description: typeof property.description === 'string' ? property.description : '',
      })
    }
  }
  return rows
}

export function authLabel(auth: string | undefined): string {
  if (!auth || auth === 'public') return 'Public'
  if (auth === 'session') return 'Signed in'
  if (auth === 'buyer-key') return 'Buyer API key or buyer sign-in'
  if (auth.startsWith('permission:')) return `Permission: ${auth.slice('permission:'.length)}`
  return auth
}

/** Every operation of the document, in the order of its tags, then of its paths. */
export function operationsOf(doc: OpenApiDocument): OperationView[] {
  const out: OperationView[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const body = op.requestBody?.content ?? {}
      const first = Object.values(body)[0]?.schema
      out.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? 'Other',
        summary: op.summary ?? '',
        description: op.description ?? '',
        auth: authLabel(op['x-auth']),
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          type: typeOf(p.schema),
          required: p.required === true,
          constraints: constraintsOf(p.schema),
          description:
            p.description ?? (typeof p.schema?.description === 'string' ? p.schema.description : ''),
        })),
        bodyTypes: Object.keys(body),
        body: first ? fieldsOf(first, doc) : [],
        responses: Object.entries(op.responses).map(([status, r]) => ({
          status,
          description: r.description,
          types: Object.entries(r.content ?? {}).map(([type, c]) => `${type}: ${typeOf(c.schema)}`),
        })),
      })
    }
  }
  const order = (doc.tags ?? []).map((t) => t.name)
  const rank = (tag: string) => (order.includes(tag) ? order.indexOf(tag) : order.length)
  return out.sort((a, b) => rank(a.tag) - rank(b.tag))
}

/** Operations whose method, path, summary, tag or access contain every word of `filter`. */
export function filterOperations(operations: OperationView[], filter: string): OperationView[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return operations
  return operations.filter((op) => {
    const text = `${op.method} ${op.path} ${op.summary} ${op.tag} ${op.auth}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/** Operations grouped by tag, keeping the order they come in; tags without any are left out. */
export function groupByTag(operations: OperationView[]): { tag: string; operations: OperationView[] }[] {
  const groups: { tag: string; operations: OperationView[] }[] = []
  for (const op of operations) {
    const group = groups.find((g) => g.tag === op.tag)
    if (group) group.operations.push(op)
    else groups.push({ tag: op.tag, operations: [op] })
  }
  return groups
}
