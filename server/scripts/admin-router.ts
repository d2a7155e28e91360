import { scriptCreateSchema, scriptUpdateSchema } from '../../core/schemas/scripts.ts'
import { scriptInjection } from '../../core/script-injection.ts'
import { vendorCategoryProblem } from '../../core/script-vendors.ts'
import { adminResource, withChanges } from '../admin/admin-resource.ts'
import type { AppServices } from '../context.ts'
import type { ConsentCategory } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { scriptStore } from './queries.server.ts'

type StoredScript = { script: string; position: string; consentCategory: unknown }
/** The stored row's fields as the rules read them (the store types the category as a column). */
const entryOf = (row: StoredScript) => ({
  script: row.script,
  position: row.position,
  consentCategory: row.consentCategory as ConsentCategory,
})

export function scriptsAdminRouter(services: AppServices) {
  return adminResource(services, {
    store: scriptStore(services.db),
    entity: 'custom_script',
    label: 'Script',
    audit: { create: 'script.create', update: 'script.update', delete: 'script.delete' },
    createSchema: scriptCreateSchema,
    updateSchema: scriptUpdateSchema,
    affectsSite: true,
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
}
