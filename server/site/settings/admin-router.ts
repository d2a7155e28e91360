import { Router } from 'express'
import { settingSchema, settingValueError } from '../../../core/schemas/settings.ts'
import type { AppServices } from '../../platform/index.ts'
import { apiModule, arrayOf, audit, HttpError, mountRoutes, ref, route, shape } from '../../platform/index.ts'
import { listSettings, saveSetting } from './queries.server.ts'

const BASE = '/api/admin/settings'

/** Under /api/admin/settings, behind the settings permission. */
export const settingsRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'List settings',
    auth: 'permission:settings',
    response: arrayOf(ref('Setting')),
    handle: ({ services }) => listSettings(services.db),
  }),
  route({
    method: 'post',
    path: BASE,
    summary: 'Save a setting',
    description:
      'Creates or replaces the value. A setting core/settings.ts defines is checked by its rule (400 naming the setting and the rule, nothing saved); an empty value means its default.',
    auth: 'permission:settings',
    body: settingSchema,
    response: ref('Setting'),
    handle: async ({ services: { db, site }, body: { key, value }, actor }) => {
      const invalid = settingValueError(key, value)
      if (invalid) throw new HttpError(400, invalid)
      const setting = await saveSetting(db, key, value)
      await audit(db, { actor, action: 'setting.update', entity: 'site_setting', entityId: key })
      await site.changed()
      return setting
    },
  }),
]

export const settingsApi = apiModule(
  {
    tag: { name: 'Settings', description: 'Site settings as key and text value.' },
    schemas: {
      Setting: shape({
        id: 'integer',
        key: 'string',
        'value?': 'string',
        category: 'string',
        'description?': 'string',
        updatedAt: 'date-time',
      }),
    },
  },
  settingsRoutes,
)

export function settingsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, settingsRoutes)
}
