import { scriptCreateSchema, scriptUpdateSchema } from '../../core/schemas/scripts.ts'
import { arrayOf, defineApi, ref, shape } from '../openapi/operation.ts'

const BASE = '/api/admin/scripts'

export const scriptsApi = defineApi({
  tag: { name: 'Scripts', description: 'Tracking scripts, each loaded only with its cookie consent.' },
  schemas: {
    Script: shape({
      id: 'integer',
      name: 'string',
      position: { type: 'string', enum: ['head', 'body'] },
      script: 'string',
      consentCategory: { type: 'string', enum: ['none', 'analytics', 'marketing', 'preferences'] },
      isActive: 'boolean',
      createdAt: 'date-time',
      updatedAt: 'date-time',
    }),
  },
  operations: [
    {
      method: 'get',
      path: BASE,
      summary: 'List scripts',
      auth: 'permission:scripts',
      response: arrayOf(ref('Script')),
    },
    {
      method: 'post',
      path: BASE,
      summary: 'Add a script',
      auth: 'permission:scripts',
      request: scriptCreateSchema,
      status: 201,
      response: ref('Script'),
    },
    {
      method: 'get',
      path: `${BASE}/{id}`,
      summary: 'A script',
      auth: 'permission:scripts',
      response: ref('Script'),
    },
    {
      method: 'put',
      path: `${BASE}/{id}`,
      summary: 'Update a script',
      description: 'Any subset of the fields, such as a bare `{"isActive": false}`.',
      auth: 'permission:scripts',
      request: scriptUpdateSchema,
      response: ref('Script'),
    },
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      summary: 'Delete a script',
      auth: 'permission:scripts',
      response: ref('Message'),
    },
  ],
})
