import type { Kysely } from 'kysely'
import type { MediaUsage } from '../../core/schemas/media.ts'
import type { DB } from '../db/schema.ts'
import { RENDITION_URL } from './queries.server.ts'

/** The upload hashes a stored value refers to, wherever they sit (image src, gallery, HTML, srcset). */
export function hashesIn(value: unknown, into = new Set<string>()): Set<string> {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null)
  for (const match of text.matchAll(RENDITION_URL)) into.add(match[1] as string)
  return into
}

/** By upload hash: the pages, and the site settings (`og_image`, `favicon_url`), that use it. */
export type MediaUsageMap = { pages: Map<string, MediaUsage[]>; settings: Map<string, string[]> }

export const isInUse = (usage: MediaUsageMap, hash: string) =>
  usage.pages.has(hash) || usage.settings.has(hash)

/** The public path of a page's slug, as experiments name it. */
const pathOfSlug = (slug: string) => (slug === 'home' ? '/' : `/${slug}`)

/**
 * Which pages use each uploaded image, by hash, read in one pass: every page's content and the
 * content of every experiment variant (draft or running) on its path, and the site settings. A reference to any rendition
 * counts, so an image is in use whether the page holds its largest URL or a smaller one.
 */
export async function mediaUsage(db: Kysely<DB>): Promise<MediaUsageMap> {
  const [pages, experiments, settings] = await Promise.all([
    db.selectFrom('page').select(['id', 'title', 'slug', 'content']).orderBy('id').execute(),
    db
      .selectFrom('experiment')
      .select(['path', 'variants'])
      .where('status', 'in', ['draft', 'running'])
      .execute(),
    db.selectFrom('siteSetting').select(['key', 'value']).where('value', 'like', '%/uploads/%').execute(),
  ])
  const variantsByPath = new Map<string, unknown[]>()
  for (const experiment of experiments) {
    const contents = experiment.variants.map((v) => v.content).filter((c) => c != null)
    variantsByPath.set(experiment.path, [...(variantsByPath.get(experiment.path) ?? []), ...contents])
  }
  const usage: MediaUsageMap = { pages: new Map(), settings: new Map() }
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
  return usage
}
