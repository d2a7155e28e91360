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
      description:
        'Creates or replaces the value. A setting core/settings.ts defines is checked by its rule (400 naming the setting and the rule, nothing saved); an empty value means its default.',
      auth: 'permission:settings',
      request: settingSchema,
      response: ref('Setting'),
    },
  ],
})
