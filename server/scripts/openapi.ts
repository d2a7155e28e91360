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
      script: {
        type: 'string',
        description:
          'Whole `<script>`, `<noscript>`, `<link>`, `<meta>` or `<style>` elements (comments and ' +
          'whitespace between them), or a bare tag ID: `GTM-…` (Google Tag Manager), `G-…` (Google ' +
          'Analytics 4) or a 15-16 digit Meta Pixel ID, sent as the vendor’s standard snippet in the head.',
      },
      consentCategory: {
        type: 'string',
        enum: ['none', 'analytics', 'marketing', 'preferences'],
        description:
          '`none` is Essential: it runs for every visitor without asking. GA4 needs `analytics`, Meta ' +
          '`marketing`; Google Tag Manager any but `none`. A gated entry’s `<noscript>` is not sent.',
      },
      isActive: 'boolean',
      'problem?': {
        type: 'string',
        description: 'Why a row saved before the current rules is left off the site; null when it is on.',
      },
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
      description:
        'Refused with 400 `{"message"}` naming what is wrong when the script holds text outside ' +
        'elements, an unclosed or other element, or when the consent category is missing.',
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
