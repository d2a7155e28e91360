import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { isSystemPageSlug, type pageUpdateSchema } from '../../../core/schemas/pages.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { requireActorPermission } from '../../identity/index.ts'
import type { DB, Page } from '../../platform/index.ts'
import { audit, changedFields, HttpError, isUniqueViolation } from '../../platform/index.ts'
import type { SiteState } from '../site-state.server.ts'
import { sanitizeStoredContent } from './content.server.ts'
import { isSlugTaken, updatePageKeepingRevision } from './queries.server.ts'

export const DUPLICATE_SLUG = 'A page with this URL slug already exists'
export const SYSTEM_SLUG = 'System pages keep their URL slug'

/**
 * Saving changes over a page: the one path every page save takes (the page editor, an
 * experiment's promotion), with its permission, the sanitiser, the slug rules, the revision of what
 * the page was, the audit entry and the site refresh.
 */
export async function savePage(
  { db, site }: { db: Kysely<DB>; site: SiteState },
  page: Page,
  changes: z.output<typeof pageUpdateSchema>,
  actor: CurrentAdmin | undefined,
): Promise<Page> {
  requireActorPermission(actor, 'pages')
  const input =
    changes.content === undefined ? changes : { ...changes, content: sanitizeStoredContent(changes.content) }
  if (input.slug !== undefined && input.slug !== page.slug) {
    if (isSystemPageSlug(page.slug)) throw new HttpError(409, SYSTEM_SLUG)
    if (await isSlugTaken(db, input.slug)) throw new HttpError(409, DUPLICATE_SLUG)
  }
  let updated: Page
  try {
    updated = await updatePageKeepingRevision(db, page, input, actor)
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_SLUG)
    throw error
  }
  await audit(db, {
    actor,
    action: 'page.update',
    entity: 'page',
    entityId: page.id,
    detail: {
      slug: updated.slug,
      title: updated.title,
      isPublished: updated.isPublished,
      fields: changedFields(input),
    },
  })
  await site.changed()
  return updated
}
