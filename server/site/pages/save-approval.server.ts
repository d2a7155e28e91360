import { approvalNeededSchema } from '../../../core/schemas/page-publications.ts'
import type { AppServices, Page } from '../../platform/index.ts'
import { approvalFor, type PageVersion, requestPublication } from './publications.server.ts'

// A save that would put a version live which needs a second admin (ADR 0079).

const APPROVAL_NEEDED =
  'Publishing this needs a second admin’s approval: it is waiting in the approvals list, and the live page is unchanged until then'

/** The 202 of a save that would put a version live that needs a second admin (ADR 0079). */
export const approvalAnswer = {
  description: 'Publishing needs a second admin: the version awaits approval and nothing went live',
  schema: approvalNeededSchema,
}

const versionFields = [
  'slug',
  'title',
  'metaDescription',
  'metaKeywords',
  'targetKeyword',
  'ogTitle',
  'ogDescription',
  'content',
] as const

export type VersionChanges = Partial<Record<(typeof versionFields)[number], unknown>>

/** Whether `changes` make a version other than `page`'s (a field set to what it already is does not). */
export function changesVersion(page: Page, changes: VersionChanges): boolean {
  return versionFields.some(
    (field) =>
      changes[field] !== undefined &&
      (field === 'content'
        ? JSON.stringify(changes.content) !== JSON.stringify(page.content)
        : (changes[field] ?? null) !== (page[field] ?? null)),
  )
}

/**
 * When putting `version` live needs a second admin, makes the publication that waits for one,
 * answers 202 and returns true; otherwise returns false and the caller publishes as before.
 */
export async function requestIfApprovalNeeded(
  services: AppServices,
  page: Page,
  version: PageVersion,
  actor: Parameters<typeof requestPublication>[3],
  res: { status: (code: number) => { json: (body: unknown) => unknown } },
): Promise<boolean> {
  if (
    !(await approvalFor(services, { pageId: page.id, slug: version.slug, content: version.content })).required
  )
    return false
  const publication = await requestPublication(services, page, version, actor)
  res.status(202).json({ message: APPROVAL_NEEDED, code: 'approval-required', publication })
  return true
}

export function pickVersion(changes: VersionChanges): Partial<PageVersion> {
  return Object.fromEntries(versionFields.flatMap((f) => (changes[f] === undefined ? [] : [[f, changes[f]]])))
}
