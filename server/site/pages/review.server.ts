import type { Kysely } from 'kysely'
import { readCompliance } from '../../../core/compliance.ts'
import {
  pageWidgets,
  type ReviewFlag,
  reviewFacts,
  reviewFixes,
  reviewPage,
  reviewQuestionnaire,
  scopedFlagId,
} from '../../../core/compliance-review.ts'
import { type PageContent, readPageContent } from '../../../core/page-content.ts'
import { hasNoWidgets } from '../../../core/page-conversion.ts'
import { isSystemPageSlug, type SystemPageSlug } from '../../../core/paths.ts'
import type { ReviewFlagView } from '../../../core/schemas/review.ts'
import { readFacts } from '../../../core/site-facts.ts'
import { systemPageContent } from '../../../core/system-page-content.ts'
import type { AppServices, DB, Page } from '../../platform/index.ts'
import { audit, HttpError } from '../../platform/index.ts'
import type { SiteSnapshot } from '../site-state.server.ts'
import { evidenceSources } from './evidence.server.ts'

/**
 * The content a page shows: a system page whose content is still empty shows its shipped default
 * (as app/features/site/system-page.server.ts renders it), so that is what is reviewed.
 */
function shownContent(page: Pick<Page, 'slug' | 'content'>): PageContent {
  const content = readPageContent(page.content)
  if (!isSystemPageSlug(page.slug) || !hasNoWidgets(content)) return content
  return readPageContent(systemPageContent[page.slug as SystemPageSlug])
}

/** What the review of one page needs from the site, read once for every page. */
export function reviewContext(snapshot: Pick<SiteSnapshot, 'settings' | 'pages'>) {
  const facts = reviewFacts(snapshot.settings)
  const compliance = readCompliance(snapshot.settings)
  return {
    facts,
    factValues: readFacts(snapshot.settings),
    evidence: evidenceSources(snapshot.pages),
    // The site footer shows the free route and the firm's name on every page.
    footerText: `${compliance.freeRouteStatement} ${compliance.firmName}`,
  }
}

export function reviewOnePage(
  page: Pick<Page, 'slug' | 'content'>,
  context: ReturnType<typeof reviewContext>,
): ReviewFlag[] {
  return reviewPage({ ...context, widgets: pageWidgets(shownContent(page)) })
}

type Located = ReviewFlag & { scope: string; pageId: number | null; title: string; editPath: string }

/** Every flag of every page and of the live questionnaire, as computed from the copy now. */
async function currentFlags(db: Kysely<DB>, snapshot: SiteSnapshot): Promise<Located[]> {
  const context = reviewContext(snapshot)
  const pages = await db.selectFrom('page').select(['id', 'slug', 'title', 'content']).orderBy('id').execute()
  const flags: Located[] = pages.flatMap((page) =>
    reviewOnePage(page, context).map((flag) => ({
      ...flag,
      scope: `page:${page.id}`,
      pageId: page.id,
      title: page.title,
      editPath: `/admin/pages/edit/${page.id}`,
    })),
  )
  const live = snapshot.questionnaire
  if (live) {
    // The evidence note is kept with the version by the questionnaire's publishing (leads). The
    // installed version's note says where its estimates came from, not why they are fair: only a
    // note someone published with counts.
    const version = await db
      .selectFrom('questionnaireVersion')
      .select(['evidenceNote', 'publishedByEmail'])
      .where('id', '=', live.id)
      .executeTakeFirst()
    for (const flag of reviewQuestionnaire({
      definition: live.definition,
      evidenceNote: version?.publishedByEmail ? version.evidenceNote : null,
      facts: context.facts,
    })) {
      flags.push({
        ...flag,
        scope: 'questionnaire',
        pageId: null,
        title: `Questionnaire: ${live.name}`,
        editPath: '/admin?tab=questionnaire',
      })
    }
  }
  return flags
}

/** The flags with their status: an accepted one carries its note; a fixed one is simply gone. */
export async function reviewFlags(services: Pick<AppServices, 'db' | 'site'>): Promise<ReviewFlagView[]> {
  const { db, site } = services
  const flags = await currentFlags(db, await site.get())
  const accepted = await db.selectFrom('reviewAcceptance').selectAll().execute()
  const byId = new Map(accepted.map((a) => [a.flagId, a]))
  return flags.map((flag) => {
    const id = scopedFlagId(flag.scope, flag)
    const acceptance = byId.get(id)
    return {
      ...flag,
      id,
      fix: reviewFixes[flag.code],
      status: acceptance ? 'accepted' : 'open',
      acceptance: acceptance
        ? {
            note: acceptance.note,
            acceptedByEmail: acceptance.acceptedByEmail,
            acceptedAt: new Date(acceptance.acceptedAt).toISOString(),
          }
        : null,
    }
  })
}

/** Accepts an open flag with a note, kept with it and in the audit log. */
export async function acceptFlag(
  services: Pick<AppServices, 'db' | 'site'>,
  flagId: string,
  note: string,
  actor: { id: number; email: string } | null | undefined,
): Promise<ReviewFlagView> {
  const flag = (await reviewFlags(services)).find((f) => f.id === flagId)
  if (!flag) throw new HttpError(404, 'No such flag: it may have been fixed')
  if (flag.status === 'accepted') throw new HttpError(409, 'This flag is already accepted')
  const { db } = services
  await db
    .insertInto('reviewAcceptance')
    .values({ scope: flag.scope, flagId, code: flag.code, note, acceptedByEmail: actor?.email ?? null })
    .onConflict((oc) => oc.columns(['scope', 'flagId']).doNothing())
    .execute()
  await audit(db, {
    actor,
    action: 'page.review_accepted',
    entity: flag.pageId === null ? 'questionnaire' : 'page',
    entityId: flag.pageId,
    detail: { flagId, code: flag.code, scope: flag.scope, text: flag.text, message: flag.message, note },
  })
  return (await reviewFlags(services)).find((f) => f.id === flagId) ?? flag
}
