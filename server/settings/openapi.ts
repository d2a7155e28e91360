import { settingSchema } from '../../core/schemas/settings.ts'
import { arrayOf, defineApi, ref, shape } from '../openapi/operation.ts'

export const settingsApi = defineApi({
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
  operations: [
    {
      method: 'get',
      path: '/api/admin/settings',
      summary: 'List settings',
      auth: 'permission:settings',
      response: arrayOf(ref('Setting')),
    },
    {
      method: 'post',
      path: '/api/admin/settings',
      summary: 'Save a setting',
      description: 'Creates or replaces the value; settings with a rule (compliance, leads) are checked.',
      auth: 'permission:settings',
      request: settingSchema,
      response: ref('Setting'),
    },
  ],
})
