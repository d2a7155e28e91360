import { Router } from 'express'
import { isBuilderContent, readPageContent } from '../../../core/page-content.ts'
import {
  type SavedSectionContent,
  savedSectionCreateSchema,
  savedSectionUpdateSchema,
} from '../../../core/schemas/saved-sections.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  audit,
  HttpError,
  isUniqueViolation,
  mountRoutes,
  ref,
  resourceRoutes,
  route,
  shape,
} from '../../platform/index.ts'
import { sanitizeStoredContent } from '../pages/content.server.ts'
import { insertSavedSection, savedSectionStore } from './queries.server.ts'

const BASE = '/api/admin/saved-sections'
const DUPLICATE_NAME = 'A saved section with this name already exists'
const duplicate = { 409: DUPLICATE_NAME }

/**
 * A section as it is kept: its HTML sanitised exactly as a page's is, then read into the model, so
 * unknown widget types and fields are dropped. Widget ids are kept; the builder gives every
 * inserted copy fresh ones (builder-state.ts, insertSection).
 */
export function storedSection(section: unknown): SavedSectionContent {
  const model = readPageContent(sanitizeStoredContent({ sections: [section] }))
  const read = typeof model !== 'string' && isBuilderContent(model) ? model.sections[0] : undefined
  if (!read || read.widgets.length === 0) {
    throw new HttpError(400, 'A saved section needs at least one widget')
  }
  return { styles: read.styles, widgets: read.widgets }
}

export const savedSectionsRoutes = resourceRoutes({
  base: BASE,
  auth: 'permission:pages',
  schema: ref('SavedSection'),
  store: ({ db }) => savedSectionStore(db),
  entity: 'saved_section',
  label: 'Saved section',
  // Saving needs the author and the sanitiser: it is its own route below. A section is renamed, not edited.
  operations: {
    list: { summary: 'List saved sections', description: 'By name.' },
    update: { summary: 'Rename a saved section', responses: duplicate },
    delete: {
      summary: 'Delete a saved section',
      description: 'Pages it was inserted into keep their copies.',
    },
  },
  createSchema: savedSectionCreateSchema,
  updateSchema: savedSectionUpdateSchema,
  audit: { update: 'saved_section.update', delete: 'saved_section.delete' },
  conflict: DUPLICATE_NAME,
  describe: (row) => ({ name: row.name }),
  routes: [
    route({
      method: 'post',
      path: BASE,
      summary: 'Save a section',
      description:
        'The section is read into the page model (unknown widgets dropped) and its HTML sanitised as a page’s is.',
      auth: 'permission:pages',
      body: savedSectionCreateSchema,
      status: 201,
      response: ref('SavedSection'),
      responses: duplicate,
      handle: async ({ body, actor, services: { db } }) => {
        const section = storedSection(body.section)
        let row: Awaited<ReturnType<typeof insertSavedSection>>
        try {
          row = await insertSavedSection(db, { name: body.name, section, createdBy: actor?.id ?? null })
        } catch (error) {
          if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_NAME)
          throw error
        }
        await audit(db, {
          actor,
          action: 'saved_section.create',
          entity: 'saved_section',
          entityId: row.id,
          detail: { name: row.name, widgets: section.widgets.length },
        })
        return row
      },
    }),
  ],
})

export const savedSectionsApi = apiModule(
  {
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
  },
  savedSectionsRoutes,
)

/** Under /api/admin/saved-sections, behind the pages permission. */
export function savedSectionsAdminRouter(services: AppServices) {
  return mountRoutes(Router(), services, BASE, savedSectionsRoutes)
}
