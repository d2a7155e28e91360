import { type Kysely, sql } from 'kysely'
import type { MediaUsage } from '../../../core/schemas/media.ts'
import type { DB } from '../../platform/index.ts'
import { RENDITION_URL } from './queries.server.ts'

/** The upload hashes a stored value refers to, wherever they sit (image src, gallery, HTML, srcset). */
export function hashesIn(value: unknown, into = new Set<string>()): Set<string> {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null)
  for (const match of text.matchAll(RENDITION_URL)) into.add(match[1] as string)
  return into
}

/**
 * By upload hash: the pages, and the site settings (`og_image`, `favicon_url`), that use it, and
 * what may still put it on a page (`kept`: a saved section, a page revision, an experiment's
 * variant), described for people.
 */
export type MediaUsageMap = {
  pages: Map<string, MediaUsage[]>
  settings: Map<string, string[]>
  kept: Map<string, string[]>
}

export const isInUse = (usage: MediaUsageMap, hash: string) =>
  usage.pages.has(hash) || usage.settings.has(hash) || usage.kept.has(hash)

/** The public path of a page's slug, as experiments name it. */
const pathOfSlug = (slug: string) => (slug === 'home' ? '/' : `/${slug}`)

/**
 * Which pages use each uploaded image, by hash, read in one pass: every page's content and the
 * content of every experiment variant on its path that may still be shown or promoted (draft,
 * running, stopped), the site settings, and what an editor may put back on a page later: saved
 * sections and page revisions (docs/decisions/0056-promotion-runs-the-guards.md). A reference to any
 * rendition counts, so an image is in use whether the page holds its largest URL or a smaller one.
 */
export async function mediaUsage(db: Kysely<DB>): Promise<MediaUsageMap> {
  const [pages, experiments, settings, sections, revisions] = await Promise.all([
    db.selectFrom('page').select(['id', 'title', 'slug', 'content']).orderBy('id').execute(),
    db
      .selectFrom('experiment')
      .select(['name', 'path', 'variants'])
      .where('status', 'in', ['draft', 'running', 'stopped'])
      .orderBy('id')
      .execute(),
    db.selectFrom('siteSetting').select(['key', 'value']).where('value', 'like', '%/uploads/%').execute(),
    db.selectFrom('savedSection').select(['name', 'section']).orderBy('id').execute(),
    db
      .selectFrom('pageRevision')
      .innerJoin('page', 'page.id', 'pageRevision.pageId')
      .select(['page.title', 'page.slug', 'pageRevision.content'])
      // JSON on PostgreSQL, text on SQLite: compared as text on both.
      .where(sql<boolean>`cast(${sql.ref('pageRevision.content')} as text) like ${'%/uploads/%'}`)
      .orderBy('pageRevision.id')
      .execute(),
  ])
  const variantsByPath = new Map<string, unknown[]>()
  for (const experiment of experiments) {
    const contents = experiment.variants.map((v) => v.content).filter((c) => c != null)
    variantsByPath.set(experiment.path, [...(variantsByPath.get(experiment.path) ?? []), ...contents])
  }
  const usage: MediaUsageMap = { pages: new Map(), settings: new Map(), kept: new Map() }
  for (const page of pages) {
    const hashes = hashesIn(page.content)
    for (const content of variantsByPath.get(pathOfSlug(page.slug)) ?? []) hashesIn(content, hashes)
    for (const hash of hashes) {
      const list = usage.pages.get(hash) ?? []
      list.push({ pageId: page.id, title: page.title, slug: page.slug })
      usage.pages.set(hash, list)
    }
  }
  for (const setting of settings) {
    for (const hash of hashesIn(setting.value)) {
      usage.settings.set(hash, [...(usage.settings.get(hash) ?? []), setting.key])
    }
  }
  const keep = (hashes: Set<string>, what: string) => {
    for (const hash of hashes) {
      const list = usage.kept.get(hash) ?? []
      if (!list.includes(what)) list.push(what)
      usage.kept.set(hash, list)
    }
  }
  for (const experiment of experiments) {
    keep(hashesIn(experiment.variants.map((v) => v.content)), `the experiment '${experiment.name}'`)
  }
  for (const section of sections) keep(hashesIn(section.section), `the saved section '${section.name}'`)
  for (const revision of revisions) {
    keep(hashesIn(revision.content), `a revision of '${revision.title}' (/${revision.slug})`)
  }
  return usage
}
