import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expressRoutesOf } from '../support/express-routes.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

type Schema = { [key: string]: unknown }
type Operation = {
  operationId: string
  tags: string[]
  summary: string
  security: Record<string, string[]>[]
  'x-auth': string
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>
}
type Document = {
  openapi: string
  info: { title: string; version: string }
  servers: { url: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, Operation>>
  webhooks: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op })),
  )
}

/** Every `$ref` anywhere in `value`, with where it was found. */
function refsIn(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsIn(item, `${at}/${i}`))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [{ ref: item, at }] : refsIn(item, `${at}/${key}`),
  )
}

/** What a JSON pointer (`#/components/schemas/Page`) names in `doc`, or undefined. */
function pointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      doc,
    )
}

describe(`the OpenAPI document on ${testDialect}`, () => {
  let app: TestApp
  let response: Response
  let doc: Document

  beforeAll(async () => {
    app = await startTestApp()
    response = await app.request('/api/openapi.json')
    doc = (await response.clone().json()) as Document
  })
  afterAll(async () => {
    await app?.close()
  })

  it('is served to anyone as cacheable JSON, the same bytes every time', async () => {
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    const again = await app.request('/api/openapi.json')
    expect(await again.text()).toBe(await response.clone().text())
  })

  it('is an OpenAPI 3.1 document with servers, tags and both security schemes', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.title).toBeTruthy()
    expect(doc.info.version).toBeTruthy()
    expect(doc.servers.length).toBeGreaterThan(0)
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' })
    expect(doc.components.securitySchemes.buyerApiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components.schemas.Error).toMatchObject({ required: ['message'] })
    expect(new Set(doc.tags.map((t) => t.name)).size).toBe(doc.tags.length)
  })

  it('gives every operation a unique id, a known tag, declared security and responses', () => {
    const ids = new Set<string>()
    const tags = new Set(doc.tags.map((t) => t.name))
    for (const { method, path, op } of operations(doc)) {
      const name = `${method.toUpperCase()} ${path}`
      expect(METHODS, name).toContain(method)
      expect(path, name).toMatch(/^\/(api|\.well-known)\//)
      expect(ids.has(op.operationId), `${name}: operationId ${op.operationId} repeats`).toBe(false)
      ids.add(op.operationId)
      expect(
        op.tags.every((t) => tags.has(t)),
        name,
      ).toBe(true)
      expect(op.summary, name).toBeTruthy()
      for (const requirement of op.security)
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes, `${name}: ${scheme}`).toHaveProperty(scheme)
      expect(Object.keys(op.responses).length, name).toBeGreaterThan(0)
      for (const [status, answer] of Object.entries(op.responses)) {
        expect(status, name).toMatch(/^[1-5]\d\d$/)
        expect(answer.description, `${name} ${status}`).toBeTruthy()
        if (status.startsWith('4'))
          expect(answer.content?.['application/json']?.schema, `${name} ${status}`).toBeDefined()
      }
      if (op.requestBody)
        for (const [type, media] of Object.entries(op.requestBody.content))
          expect(media.schema, `${name} ${type}`).toBeTypeOf('object')
    }
    expect(ids.size).toBeGreaterThanOrEqual(50)
  })

  it('describes every 4xx as the {message} error, unless it says otherwise', () => {
    const sample = doc.paths['/api/admin/redirects/{id}']?.put
    expect(sample?.responses['401']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    })
    expect(Object.keys(sample?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    )
  })

  it('resolves every $ref', () => {
    const refs = refsIn(doc)
    expect(refs.length).toBeGreaterThan(50)
    for (const { ref, at } of refs) expect(pointer(doc, ref), `${ref} at ${at}`).toBeDefined()
  })

  it('declares every path parameter, and only those, as required path parameters', () => {
    for (const { method, path, op } of operations(doc)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path')
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath.sort())
      for (const p of declared) expect(p.required, `${method} ${path} {${p.name}}`).toBe(true)
      for (const p of op.parameters ?? [])
        expect(['path', 'query', 'header', 'cookie'], `${method} ${path} ${p.name}`).toContain(p.in)
    }
  })

  it('says that nothing under /api/admin is public', () => {
    for (const { method, path, op } of operations(doc))
      if (path.startsWith('/api/admin/')) {
        expect(op['x-auth'], `${method} ${path}`).not.toBe('public')
        expect(op.security, `${method} ${path}`).not.toEqual([])
      }
  })

  it('lets the buyer API take a buyer key or a buyer session, and nothing else', () => {
    const buyerOps = operations(doc).filter(({ path }) => path.startsWith('/api/buyer/'))
    expect(buyerOps.length).toBeGreaterThanOrEqual(4)
    for (const { method, path, op } of buyerOps) {
      expect(op['x-auth'], `${method} ${path}`).toBe('buyer-key')
      expect(op.security, `${method} ${path}`).toEqual([{ buyerApiKey: [] }, { sessionCookie: [] }])
    }
    const giveBack = doc.paths['/api/buyer/leads/{ref}/return']?.post
    expect(giveBack?.parameters).toContainEqual(expect.objectContaining({ name: 'ref', in: 'path' }))
    expect(Object.keys(giveBack?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '404', '409']),
    )
  })

  it('describes the routing of a lead: its detail and routing it again', () => {
    const routing = { $ref: '#/components/schemas/LeadRouting' }
    const detail = doc.paths['/api/admin/leads/{id}']?.get?.responses['200']?.content?.['application/json']
    expect(detail?.schema).toMatchObject({ properties: { routing } })
    const again = doc.paths['/api/admin/leads/{id}/route']?.post
    expect(again?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { routing },
      required: ['offers', 'round', 'routing'],
    })
    expect(Object.keys(again?.responses ?? {})).toEqual(expect.arrayContaining(['404', '409']))
    expect(doc.components.schemas.ConsentEvidence).toMatchObject({
      properties: { buyers: { type: 'array' } },
    })
  })

  it('describes what buyers receive as webhooks: a ping without personal data, its answer, and the post', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(['leadPing', 'leadPost', 'leadReturnDecided'])
    const ping = doc.webhooks.leadPing?.post
    const post = doc.webhooks.leadPost?.post
    expect(ping?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/LeadPing',
    })
    expect(ping?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/LeadPingAnswer',
    })
    expect(post?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/LeadPost',
    })
    for (const op of [ping, post])
      expect(op?.parameters?.map((p) => p.name)).toEqual(['Idempotency-Key', 'X-Webhook-Signature'])
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, Schema> }>
    const lead = schemas.LeadPing?.properties.lead as { properties: Record<string, unknown> } | undefined
    const pinged = lead?.properties ?? {}
    expect(Object.keys(pinged)).toEqual(
      expect.arrayContaining(['reference', 'answers', 'outcome', 'phoneType', 'campaign', 'consentVersion']),
    )
    for (const personal of ['firstName', 'lastName', 'email', 'phone', 'ipAddress', 'userAgent'])
      expect(pinged).not.toHaveProperty(personal)
    expect(schemas.LeadPost?.properties).toHaveProperty('pingId')
    expect(schemas.LeadPingAnswer).toMatchObject({
      properties: { accepted: { type: 'boolean' }, pricePence: { type: 'integer' } },
      required: ['accepted'],
    })
  })

  it('takes the request bodies from the zod schemas (constraints included)', () => {
    const redirect = doc.paths['/api/admin/redirects']?.post?.requestBody?.content['application/json']?.schema
    expect(redirect).toMatchObject({
      type: 'object',
      required: ['name', 'fromUrl', 'toUrl'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
    })
    const lead = doc.paths['/api/leads']?.post?.requestBody?.content['application/json']?.schema
    expect(lead).toMatchObject({ properties: { hasConsent: { const: true } } })
    const login = doc.paths['/api/login']?.post?.requestBody?.content
    expect(Object.keys(login ?? {})).toEqual(['application/json', 'application/x-www-form-urlencoded'])
  })

  it('describes exactly the routes Express serves under /api, and no other', async () => {
    const served = (await expressRoutesOf(app.services))
      .filter((r) => /^\/(api|\.well-known)/.test(r.split(' ')[1] ?? ''))
      .map((r) => r.replace(/:([A-Za-z0-9_]+)/g, '{$1}'))
    // Proves the walk works, so an empty or broken one cannot pass the comparison.
    expect(served).toContain('GET /api/admin/redirects/{id}')
    const described = operations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`)
    const missing = [...new Set(served)].filter((r) => !described.includes(r)).sort()
    const extra = described.filter((r) => !served.includes(r)).sort()
    expect(missing, 'served but not in the document: describe them in the module’s openapi.ts').toEqual([])
    expect(extra, 'in the document but not served').toEqual([])
  })
})
