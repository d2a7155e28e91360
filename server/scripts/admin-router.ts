import { scriptCreateSchema, scriptUpdateSchema } from '../../core/schemas/scripts.ts'
import { crudRouter } from '../admin/crud-router.ts'
import type { AppServices } from '../context.ts'
import { scriptStore } from './queries.server.ts'

export function scriptsAdminRouter(services: AppServices) {
  return crudRouter(services, {
    store: scriptStore(services.db),
    entity: 'custom_script',
    label: 'Script',
    audit: { create: 'script.create', update: 'script.update', delete: 'script.delete' },
    createSchema: scriptCreateSchema,
    updateSchema: scriptUpdateSchema,
    describe: (row) => ({ name: row.name, isActive: row.isActive }),
  })
}
