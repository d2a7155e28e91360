import { z } from 'zod'
import type { Widget, WidgetStyles } from '../page-content.ts'
import type { Stored } from './fields.ts'
import { CONTENT_MAX_DEPTH, nestsDeeperThan } from './pages.ts'

/** A saved section's JSON may take at most this many characters (a page may take 500,000). */
export const SAVED_SECTION_MAX_BYTES = 100_000
export const SAVED_SECTION_MAX_WIDGETS = 50
export const SAVED_SECTION_NAME_MAX = 100

const NO_WIDGETS = 'A saved section needs at least one widget'

const name = z
  .string({ error: 'Please enter a name for the section' })
  .trim()
  .min(1, 'Please enter a name for the section')
  .max(SAVED_SECTION_NAME_MAX, `Name must be at most ${SAVED_SECTION_NAME_MAX} characters`)

/**
 * One builder section as core/page-content.ts reads it, without its id: section styles and its
 * widgets. The server reads it into the model (unknown widgets dropped) and sanitises it on save.
 */
export const savedSectionContentSchema = z
  .object(
    {
      styles: z.record(z.string(), z.unknown()).optional(),
      widgets: z
        .array(z.record(z.string(), z.unknown()), { error: NO_WIDGETS })
        .min(1, NO_WIDGETS)
        .max(
          SAVED_SECTION_MAX_WIDGETS,
          `A saved section may hold at most ${SAVED_SECTION_MAX_WIDGETS} widgets`,
        ),
    },
    { error: 'The section must be an object with its widgets' },
  )
  .superRefine((value, ctx) => {
    if (nestsDeeperThan(value, CONTENT_MAX_DEPTH)) {
      ctx.addIssue({ code: 'custom', message: 'The section is nested too deeply' })
    } else if (JSON.stringify(value).length > SAVED_SECTION_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: 'The section is too large to save' })
    }
  })

export const savedSectionCreateSchema = z.object({ name, section: savedSectionContentSchema })
/** `PUT /api/admin/saved-sections/{id}`: a saved section is renamed, never edited in place. */
export const savedSectionUpdateSchema = z.object({ name })

export type SavedSectionInput = z.input<typeof savedSectionCreateSchema>
export type SavedSectionContent = { styles: WidgetStyles; widgets: Widget[] }
/** A saved section as `GET /api/admin/saved-sections` answers it. */
export type SavedSection = Stored<{ name: string; section: SavedSectionContent; createdBy: number | null }>
