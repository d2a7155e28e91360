import { scriptCreateSchema, scriptUpdateSchema } from '../../core/schemas/scripts.ts'
import { crudRouter } from '../admin/crud-router.ts'
import type { AppServices } from '../context.ts'

export function scriptsAdminRouter(services: AppServices) {
  return crudRouter(services, {
    table: 'customScript',
    label: 'Script',
    createSchema: scriptCreateSchema,
    updateSchema: scriptUpdateSchema,
  })
}
