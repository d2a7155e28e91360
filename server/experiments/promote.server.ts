import type { Kysely } from 'kysely'
import type { ExperimentVariant } from '../../core/schemas/experiments.ts'
import type { CurrentAdmin } from '../../core/schemas/users.ts'
import type { DB, Experiment } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { updatePageKeepingRevision } from '../pages/queries.server.ts'
import { findQuestionnaireVersion, publishQuestionnaireVersion } from '../questionnaire/queries.server.ts'
import type { SiteState } from '../site/site-state.server.ts'

/**
 * Makes a variant the page: its title and content are saved over the page through the pages
 * module, so what the page was is kept as a revision (and can be restored); for the home page a
 * variant's questionnaire version, when it is not the live one, is published again (the live one is
 * retired, as any publish does). A variant that changes nothing leaves the page as it is.
 */
export async function promoteVariant(
  { db, site }: { db: Kysely<DB>; site: SiteState },
  experiment: Experiment,
  variant: ExperimentVariant,
  actor: CurrentAdmin | undefined,
): Promise<{ pageRevision: boolean; questionnairePublished: number | null }> {
  const { pages, questionnaire } = await site.get()
  const slug = experiment.path === '/' ? 'home' : experiment.path.slice(1)
  const page = pages.get(slug)
  const values = {
    ...(variant.title && variant.title !== page?.title ? { title: variant.title } : {}),
    ...(variant.content != null ? { content: variant.content } : {}),
  }
  let pageRevision = false
  if (Object.keys(values).length > 0) {
    if (!page) throw new HttpError(409, `The page at ${experiment.path} is no longer published`)
    await updatePageKeepingRevision(db, page, values, actor)
    pageRevision = true
  }
  let questionnairePublished: number | null = null
  if (variant.questionnaireId && variant.questionnaireId !== questionnaire?.id) {
    const version = await findQuestionnaireVersion(db, variant.questionnaireId)
    if (!version || version.status === 'draft') {
      throw new HttpError(409, `Questionnaire version ${variant.questionnaireId} can no longer be published`)
    }
    const published = await publishQuestionnaireVersion(db, version.id, {
      publishedByEmail: actor?.email ?? null,
      evidenceNote: null,
      referenceAmount: version.referenceAmount ?? 0,
    })
    if (published.ok) questionnairePublished = published.version.version
  }
  return { pageRevision, questionnairePublished }
}
