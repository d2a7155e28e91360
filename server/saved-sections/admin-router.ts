import { isBuilderContent, readPageContent } from '../../core/page-content.ts'
import {
  type SavedSectionContent,
  savedSectionCreateSchema,
  savedSectionUpdateSchema,
} from '../../core/schemas/saved-sections.ts'
import { adminResource } from '../admin/admin-resource.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { isUniqueViolation, parseBody } from '../http/validate.ts'
import { sanitizeStoredContent } from '../pages/content.server.ts'
import { insertSavedSection, savedSectionStore } from './queries.server.ts'

const DUPLICATE_NAME = 'A saved section with this name already exists'

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

export function savedSectionsAdminRouter(services: AppServices) {
  const { db } = services
  return adminResource(services, {
    store: savedSectionStore(db),
    entity: 'saved_section',
    label: 'Saved section',
    // Saving needs the author and the sanitiser: it is the POST below. A section is renamed, not edited.
    operations: ['list', 'update', 'delete'],
    createSchema: savedSectionCreateSchema,
    updateSchema: savedSectionUpdateSchema,
    audit: { update: 'saved_section.update', delete: 'saved_section.delete' },
    conflict: DUPLICATE_NAME,
    describe: (row) => ({ name: row.name }),
    routes: (router) => {
      router.post('/', async (req, res) => {
        const input = parseBody(savedSectionCreateSchema, req)
        const section = storedSection(input.section)
        let row: Awaited<ReturnType<typeof insertSavedSection>>
        try {
          row = await insertSavedSection(db, { name: input.name, section, createdBy: req.admin?.id ?? null })
        } catch (error) {
          if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_NAME)
          throw error
        }
        await audit(db, {
          actor: req.admin,
          action: 'saved_section.create',
          entity: 'saved_section',
          entityId: row.id,
          detail: { name: row.name, widgets: section.widgets.length },
        })
        res.status(201).json(row)
      })
    },
  })
}
