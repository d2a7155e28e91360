import type { Kysely } from 'kysely'
import { scopedFlagId } from '../../../core/compliance-review.ts'
import { flagsNeedingApproval } from '../../../core/publish-approval.ts'
import type { ReviewFlag } from '../../../core/schemas/page-publications.ts'
import type { DB, Page } from '../../platform/index.ts'
import type { SiteState } from '../site-state.server.ts'
import { reviewContext, reviewOnePage } from './review.server.ts'

/** The version four-eyes publishing asks about: the page it belongs to (none while being created). */
export type ReviewTarget = { pageId: number | null; slug: string; content: unknown }

/**
 * The compliance review's flags that ask for a second admin before `target` goes live
 * (docs/decisions/0078-compliance-review.md, 0080): the one place four-eyes publishing asks.
 */
export async function reviewFlags(
  services: { db: Kysely<DB>; site: SiteState },
  target: ReviewTarget,
): Promise<ReviewFlag[]> {
  const context = reviewContext(await services.site.get())
  const flags = reviewOnePage({ slug: target.slug, content: target.content as Page['content'] }, context)
  if (flags.length === 0) return []
  const { pageId } = target
  if (pageId === null) return pick(flagsNeedingApproval({ flags, live: [], accepted: new Set() }))
  const live = await services.db
    .selectFrom('page')
    .select(['slug', 'content'])
    .where('id', '=', pageId)
    .where('isPublished', '=', true)
    .executeTakeFirst()
  const scoped = new Map(flags.map((flag) => [scopedFlagId(`page:${pageId}`, flag), flag.id]))
  const accepted = await services.db
    .selectFrom('reviewAcceptance')
    .select('flagId')
    .where('flagId', 'in', [...scoped.keys()])
    .execute()
  return pick(
    flagsNeedingApproval({
      flags,
      live: live ? reviewOnePage(live, context) : [],
      accepted: new Set(accepted.map((row) => scoped.get(row.flagId) ?? '')),
    }),
  )
}

const pick = (flags: { code: string; message: string }[]): ReviewFlag[] =>
  flags.map((flag) => ({ code: flag.code, message: flag.message }))

export type ReviewFlags = typeof reviewFlags
