import type { Kysely } from 'kysely'
import type { ExperimentVariant } from '../../../core/schemas/experiments.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { requireActorPermission } from '../../identity/index.ts'
import { ApprovalNeeded, findQuestionnaireVersion, publishQuestionnaire } from '../../leads/index.ts'
import type { DB, Experiment } from '../../platform/index.ts'
import { HttpError } from '../../platform/index.ts'
import type { SiteState } from '../../site/index.ts'
import {
  approvalFor,
  findPage,
  requestPublication,
  sanitizeStoredContent,
  savePage,
  versionOf,
} from '../../site/index.ts'

/**
 * Makes a variant the page by performing what it changes, each through the operation its own route
 * calls (docs/decisions/0056-promotion-runs-the-guards.md): a page save (permission, sanitiser,
 * revision, audit) for its title and content, a questionnaire publish (permission, estimates guard
 * with `evidenceNote`, audit) for a version that is not the live one. Every permission is checked
 * before anything changes, and the publish (which its guard may refuse) goes first. A variant that
 * changes nothing leaves the page as it is. A page version that needs a second admin
 * (docs/decisions/0079-four-eyes-and-scheduled-publishing.md) waits for one as a publication; a
 * questionnaire version the review flags waits on the version (ADR 0084).
 */
export async function promoteVariant(
  services: { db: Kysely<DB>; site: SiteState },
  experiment: Experiment,
  variant: ExperimentVariant,
  input: { evidenceNote?: string | undefined },
  actor: CurrentAdmin | undefined,
): Promise<{ pageRevision: boolean; questionnairePublished: number | null; publicationId: number | null }> {
  const { db, site } = services
  const { pages, questionnaire } = await site.get()
  const slug = experiment.path === '/' ? 'home' : experiment.path.slice(1)
  const published = pages.get(slug)
  const values = {
    ...(variant.title && variant.title !== published?.title ? { title: variant.title } : {}),
    ...(variant.content != null ? { content: variant.content } : {}),
  }
  const savesPage = Object.keys(values).length > 0
  const publishes = variant.questionnaireId != null && variant.questionnaireId !== questionnaire?.id
  if (savesPage) requireActorPermission(actor, 'pages')
  if (publishes) requireActorPermission(actor, 'questionnaire')

  let questionnairePublished: number | null = null
  if (publishes && variant.questionnaireId != null) {
    const version = await findQuestionnaireVersion(db, variant.questionnaireId)
    if (!version || version.status === 'draft') {
      throw new HttpError(409, `Questionnaire version ${variant.questionnaireId} can no longer be published`)
    }
    try {
      questionnairePublished = (await publishQuestionnaire(services, version, input, actor)).version
    } catch (error) {
      // Flagged by the compliance review: it waits on the version for a second admin (ADR 0084).
      if (!(error instanceof ApprovalNeeded)) throw error
    }
  }
  if (savesPage) {
    const page = published && (await findPage(db, published.id))
    if (!page?.isPublished) throw new HttpError(409, `The page at ${experiment.path} is no longer published`)
    const content =
      values.content === undefined
        ? page.content
        : (sanitizeStoredContent(values.content) as typeof page.content)
    if ((await approvalFor(services, { pageId: page.id, slug: page.slug, content })).required) {
      const version = { ...versionOf(page), ...values, content }
      const publication = await requestPublication(services, page, version, actor)
      return { pageRevision: false, questionnairePublished, publicationId: publication.id }
    }
    await savePage(services, page, values, actor)
  }
  return { pageRevision: savesPage, questionnairePublished, publicationId: null }
}
