import { isSystemPageSlug } from '../../../core/paths.ts'
import { findExperiment } from '../../insight/index.ts'
import type { AppServices } from '../../platform/index.ts'
import { HttpError } from '../../platform/index.ts'
import { readPreview } from './preview-links.server.ts'
import { findPage, findPageBySlug, findRevision } from './queries.server.ts'

export type PreviewPage = {
  /** The public address the content is (or would be) at. */
  path: string
  title: string
  content: unknown
  /** What the bar says this is: "Draft", "Revision of …", "Variant B of …". */
  label: string
  expiresAt: Date
}

const slugOf = (path: string) => (path === '/' ? 'home' : path.slice(1))

/**
 * What a preview link shows: the page as saved (published or not), one of its revisions, or an
 * experiment's variant over its page, read fresh from the database (never from the site snapshot,
 * which holds published pages only). A bad or expired link is the caller's fault: 403 or 410.
 */
export async function loadPreview({ db, config }: Pick<AppServices, 'db' | 'config'>, token: string) {
  const check = readPreview(config.sessionSecret, token)
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new HttpError(410, 'This preview link has expired. Make a new one from the editor.')
      : new HttpError(403, 'This preview link is not valid. Make a new one from the editor.')
  }
  const { target, expiresAt } = check
  if ('page' in target) {
    const page = await findPage(db, target.page)
    if (!page || isSystemPageSlug(page.slug)) {
      throw new HttpError(404, 'The page of this preview no longer exists.')
    }
    if (target.revision === undefined) {
      return {
        path: `/${page.slug}`,
        title: page.title,
        content: page.content,
        label: page.isPublished ? 'Saved version' : 'Draft',
        expiresAt,
      } satisfies PreviewPage
    }
    const revision = await findRevision(db, page.id, target.revision)
    if (!revision) throw new HttpError(404, 'The revision of this preview no longer exists.')
    return {
      path: `/${revision.slug}`,
      title: revision.title,
      content: revision.content,
      label: `Revision of ${new Date(revision.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      expiresAt,
    } satisfies PreviewPage
  }
  const experiment = await findExperiment(db, target.experiment)
  const variant = experiment?.variants.find((v) => v.name === target.variant)
  if (!experiment || !variant) throw new HttpError(404, 'The variant of this preview no longer exists.')
  const page = await findPageBySlug(db, slugOf(experiment.path))
  if (!page) throw new HttpError(404, `No page at ${experiment.path}.`)
  return {
    path: experiment.path,
    title: variant.title || page.title,
    content: variant.content ?? page.content,
    label: `Variant ${variant.name} of ${experiment.name}`,
    expiresAt,
  } satisfies PreviewPage
}
