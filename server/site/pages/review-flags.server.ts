import type { Kysely } from 'kysely'
import { reviewFacts, reviewQuestionnaire, scopedFlagId } from '../../../core/compliance-review.ts'
import { flagsNeedingApproval } from '../../../core/publish-approval.ts'
import type { QuestionnaireDefinition } from '../../../core/questionnaire/definition.ts'
import type { ReviewFlag } from '../../../core/schemas/page-publications.ts'
import type { DB, Page } from '../../platform/index.ts'
import type { SiteState } from '../site-state.server.ts'
import { reviewContext, reviewOnePage } from './review.server.ts'

/** The version four-eyes publishing asks about: the page it belongs to (none while being created). */
export type ReviewTarget = { pageId: number | null; slug: string; content: unknown }

/**
 * The compliance review's flags that ask for a second admin before `target` goes live
 * (docs/decisions/0078-compliance-review.md, 0079): the one place four-eyes publishing asks.
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

/** A questionnaire version as the review reads it: its definition and the evidence note it goes live with. */
export type QuestionnaireReviewTarget = { definition: QuestionnaireDefinition; evidenceNote: string | null }

/**
 * The review's flags that ask for a second admin before a questionnaire version goes live: those it
 * brings over the live version's, not those accepted with a note (scope `questionnaire`).
 */
export async function questionnaireReviewFlags(
  services: { db: Kysely<DB>; site: SiteState },
  target: QuestionnaireReviewTarget,
  live: QuestionnaireReviewTarget | undefined,
): Promise<ReviewFlag[]> {
  const facts = reviewFacts((await services.site.get()).settings)
  const flags = reviewQuestionnaire({ ...target, facts })
  if (flags.length === 0) return []
  const scoped = new Map(flags.map((flag) => [scopedFlagId('questionnaire', flag), flag.id]))
  const accepted = await services.db
    .selectFrom('reviewAcceptance')
    .select('flagId')
    .where('flagId', 'in', [...scoped.keys()])
    .execute()
  return pick(
    flagsNeedingApproval({
      flags,
      live: live ? reviewQuestionnaire({ ...live, facts }) : [],
      accepted: new Set(accepted.map((row) => scoped.get(row.flagId) ?? '')),
    }),
  )
}

const pick = (flags: { code: string; message: string }[]): ReviewFlag[] =>
  flags.map((flag) => ({ code: flag.code, message: flag.message }))

export type ReviewFlags = typeof reviewFlags
