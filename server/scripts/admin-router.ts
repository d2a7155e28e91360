import { scriptCreateSchema, scriptUpdateSchema } from '../../core/schemas/scripts.ts'
import { adminResource } from '../admin/admin-resource.ts'
import type { AppServices } from '../context.ts'
import { scriptStore } from './queries.server.ts'

export function scriptsAdminRouter(services: AppServices) {
  return adminResource(services, {
    store: scriptStore(services.db),
    entity: 'custom_script',
    label: 'Script',
    audit: { create: 'script.create', update: 'script.update', delete: 'script.delete' },
    createSchema: scriptCreateSchema,
    updateSchema: scriptUpdateSchema,
    affectsSite: true,
    describe: (row) => ({ name: row.name, isActive: row.isActive }),
  })
}
