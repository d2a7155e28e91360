import {
  redirectCreateSchema,
  redirectTestQuerySchema,
  redirectUpdateSchema,
} from '../../core/schemas/redirects.ts'
import { arrayOf, defineApi, ref, shape } from '../openapi/operation.ts'

const BASE = '/api/admin/redirects'
const saved = {
  allOf: [ref('Redirect')],
  properties: {
    chain: { type: 'array', items: { type: 'string' } },
    warning: { type: 'string', description: 'Set when the rule lengthens a chain of redirects' },
  },
}
const refused = {
  400: 'The rule cannot match, leads nowhere a browser can go, or takes over a path the site answers',
  409: 'An active rule from this address exists, or the rule would make a loop',
}

export const redirectsApi = defineApi({
  tag: { name: 'Redirects', description: 'Redirect rules, exact or RE2 patterns, checked for loops.' },
  schemas: {
    Redirect: shape({
      id: 'integer',
      name: 'string',
      fromUrl: 'string',
      toUrl: 'string',
      statusCode: { type: 'integer', enum: [301, 302] },
      isRegex: 'boolean',
      isActive: 'boolean',
      keepQuery: 'boolean',
      hitCount: 'integer',
      createdAt: 'date-time',
      updatedAt: 'date-time',
    }),
  },
  operations: [
    {
      method: 'get',
      path: BASE,
      summary: 'List redirects',
      auth: 'permission:redirects',
      response: arrayOf(ref('Redirect')),
    },
    {
      method: 'post',
      path: BASE,
      summary: 'Create a redirect',
      auth: 'permission:redirects',
      request: redirectCreateSchema,
      status: 201,
      response: saved,
      responses: refused,
    },
    {
      method: 'get',
      path: `${BASE}/test`,
      summary: 'Test an address',
      description: 'What the live rules do with an address, exactly as a visitor would get it.',
      auth: 'permission:redirects',
      query: redirectTestQuerySchema,
      response: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['redirect', 'none', 'protected', 'refused', 'loop'] },
          ruleId: { type: 'integer' },
          statusCode: { type: 'integer' },
          location: { type: 'string' },
        },
        required: ['kind'],
      },
    },
    {
      method: 'get',
      path: `${BASE}/{id}`,
      summary: 'A redirect',
      auth: 'permission:redirects',
      response: ref('Redirect'),
    },
    {
      method: 'put',
      path: `${BASE}/{id}`,
      summary: 'Update a redirect',
      description: 'Any subset of the fields, such as a bare `{"isActive": false}`.',
      auth: 'permission:redirects',
      request: redirectUpdateSchema,
      response: saved,
      responses: refused,
    },
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      summary: 'Delete a redirect',
      auth: 'permission:redirects',
      response: ref('Message'),
    },
  ],
})
