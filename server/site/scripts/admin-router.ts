import { Router } from 'express'
import { scriptCreateSchema, scriptUpdateSchema } from '../../../core/schemas/scripts.ts'
import { scriptInjection } from '../../../core/script-injection.ts'
import { vendorCategoryProblem } from '../../../core/script-vendors.ts'
import type { AppServices, ConsentCategory } from '../../platform/index.ts'
import {
  apiModule,
  HttpError,
  mountRoutes,
  ref,
  resourceRoutes,
  shape,
  withChanges,
} from '../../platform/index.ts'
import { scriptStore } from './queries.server.ts'

const BASE = '/api/admin/scripts'

type StoredScript = { script: string; position: string; consentCategory: unknown }
/** The stored row's fields as the rules read them (the store types the category as a column). */
const entryOf = (row: StoredScript) => ({
  script: row.script,
  position: row.position,
  consentCategory: row.consentCategory as ConsentCategory,
})

export const scriptsRoutes = resourceRoutes({
  base: BASE,
  auth: 'permission:scripts',
  schema: ref('Script'),
  store: ({ db }) => scriptStore(db),
  entity: 'custom_script',
  label: 'Script',
  audit: { create: 'script.create', update: 'script.update', delete: 'script.delete' },
  createSchema: scriptCreateSchema,
  updateSchema: scriptUpdateSchema,
  affectsSite: true,
  operations: {
    list: { summary: 'List scripts' },
    create: {
      summary: 'Add a script',
      description:
        'Refused with 400 `{"message"}` naming what is wrong when the script holds text outside ' +
        'elements, an unclosed or other element, or when the consent category is missing.',
    },
    read: { summary: 'A script' },
    update: {
      summary: 'Update a script',
      description: 'Any subset of the fields, such as a bare `{"isActive": false}`.',
    },
    delete: { summary: 'Delete a script' },
  },
  // A row saved before today's rules stays listed with the reason it is not on the site.
  view: (row) => {
    const injection = scriptInjection(entryOf(row))
    return { ...row, problem: injection.ok ? null : injection.message }
  },
  // A partial update may change the tag or the category alone: the pair must still agree.
  beforeUpdate: (input, current) => {
    const next = entryOf(withChanges(current, input))
    const problem = vendorCategoryProblem(next.script, next.consentCategory)
    if (problem) throw new HttpError(400, problem)
  },
  describe: (row) => ({ name: row.name, isActive: row.isActive }),
})

export const scriptsApi = apiModule(
  {
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
  },
  scriptsRoutes,
)

/** Under /api/admin/scripts, behind the scripts permission. */
export function scriptsAdminRouter(services: AppServices) {
  return mountRoutes(Router(), services, BASE, scriptsRoutes)
}
