import { savedSectionCreateSchema, savedSectionUpdateSchema } from '../../core/schemas/saved-sections.ts'
import { arrayOf, defineApi, ref, shape } from '../openapi/operation.ts'

const BASE = '/api/admin/saved-sections'
const duplicate = { 409: 'A saved section with this name already exists' }

export const savedSectionsApi = defineApi({
  tag: {
    name: 'Saved sections',
    description: 'Builder sections kept under a name, to insert into any page.',
  },
  schemas: {
    SavedSection: shape({
      id: 'integer',
      name: 'string',
      section: shape(
        {
          styles: 'object',
          widgets: { type: 'array', items: { type: 'object' } },
        },
        'One builder section without its id, sanitised as page content is',
      ),
      'createdBy?': 'integer',
      createdAt: 'date-time',
      updatedAt: 'date-time',
    }),
  },
  operations: [
    {
      method: 'get',
      path: BASE,
      summary: 'List saved sections',
      description: 'By name.',
      auth: 'permission:pages',
      response: arrayOf(ref('SavedSection')),
    },
    {
      method: 'post',
      path: BASE,
      summary: 'Save a section',
      description:
        'The section is read into the page model (unknown widgets dropped) and its HTML sanitised as a page’s is.',
      auth: 'permission:pages',
      request: savedSectionCreateSchema,
      status: 201,
      response: ref('SavedSection'),
      responses: duplicate,
    },
    {
      method: 'put',
      path: `${BASE}/{id}`,
      summary: 'Rename a saved section',
      auth: 'permission:pages',
      request: savedSectionUpdateSchema,
      response: ref('SavedSection'),
      responses: duplicate,
    },
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      summary: 'Delete a saved section',
      description: 'Pages it was inserted into keep their copies.',
      auth: 'permission:pages',
      response: ref('Message'),
    },
  ],
})
