import { describe, expect, it } from 'vitest'
import {
  authLabel,
  constraintsOf,
  fieldsOf,
  filterOperations,
  groupByTag,
  type OpenApiDocument,
  operationsOf,
  typeOf,
} from './openapi-view.ts'

const doc: OpenApiDocument = {
  info: { title: 'T', version: '1' },
  tags: [{ name: 'Redirects' }, { name: 'Auth' }],
  components: {
    schemas: {
      Redirect: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
        required: ['id', 'name'],
      },
    },
  },
  paths: {
    '/api/login': {
      post: {
        operationId: 'post_login',
        tags: ['Auth'],
        summary: 'Sign in',
        'x-auth': 'public',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { email: { type: 'string', maxLength: 254 } },
                required: ['email'],
              },
            },
          },
        },
        responses: { 200: { description: 'OK' } },
      },
    },
    '/api/admin/redirects/{id}': {
      get: {
        operationId: 'get_admin_redirects_id',
        tags: ['Redirects'],
        summary: 'A redirect',
        'x-auth': 'permission:redirects',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Redirect' } } },
          },
        },
      },
    },
  },
}

describe('the API reference view', () => {
  it('names types people can read', () => {
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null')
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('array of string')
    expect(typeOf({ $ref: '#/components/schemas/Page' })).toBe('Page')
    expect(typeOf({ type: 'string', format: 'binary' })).toBe('file')
    expect(typeOf({})).toBe('any')
  })

  it('puts the rules in words, leaving out the safe-integer bound zod adds', () => {
    expect(constraintsOf({ type: 'string', minLength: 1, maxLength: 200 })).toEqual(['1–200 characters'])
    expect(constraintsOf({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER })).toEqual(
      ['more than 0'],
    )
    expect(constraintsOf({ anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] })).toEqual([
      'at most 5 characters',
    ])
    expect(constraintsOf({ type: 'string', enum: ['head', 'body'], default: 'head' })).toEqual([
      'one of: head, body',
      'default "head"',
    ])
  })

  it('lists the fields of a referenced object with whether each is required', () => {
    expect(fieldsOf({ $ref: '#/components/schemas/Redirect' }, doc)).toEqual([
      { name: 'id', type: 'integer', required: true, constraints: [], description: '' },
      { name: 'name', type: 'string', required: true, constraints: [], description: '' },
    ])
  })

  it('orders operations by tag and reads access, parameters, body and responses', () => {
    const ops = operationsOf(doc)
    expect(ops.map((o) => o.id)).toEqual(['get_admin_redirects_id', 'post_login'])
    const [get, login] = ops
    expect(get).toMatchObject({ method: 'GET', auth: 'Permission: redirects', bodyTypes: [] })
    expect(get?.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        type: 'integer',
        required: true,
        constraints: ['at least 1'],
        description: '',
      },
    ])
    expect(get?.responses).toEqual([
      { status: '200', description: 'OK', types: ['application/json: Redirect'] },
    ])
    expect(login?.body).toEqual([
      {
        name: 'email',
        type: 'string',
        required: true,
        constraints: ['at most 254 characters'],
        description: '',
      },
    ])
  })

  it('filters on every word and groups what is left by tag', () => {
    const ops = operationsOf(doc)
    expect(filterOperations(ops, '').length).toBe(2)
    expect(filterOperations(ops, 'GET redirects').map((o) => o.id)).toEqual(['get_admin_redirects_id'])
    expect(filterOperations(ops, 'post redirects')).toEqual([])
    expect(groupByTag(ops).map((g) => g.tag)).toEqual(['Redirects', 'Auth'])
  })

  it('labels access', () => {
    expect(authLabel('public')).toBe('Public')
    expect(authLabel('session')).toBe('Signed in')
    expect(authLabel('buyer-key')).toBe('Buyer API key or buyer sign-in')
  })
})
