import { type Kysely, sql } from 'kysely'
import { IMAGE_SIZES, type ImageInfoMap } from '../../../core/image-info.ts'
import type { MediaItem, MediaRendition, MediaUsage } from '../../../core/schemas/media.ts'
import type { DB, Media } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'

/** The only code that reads or writes `media` (and deletes from `upload`). */

export type NewMedia = {
  hash: string
  renditions: MediaRendition[]
  fileName: string
  contentType: string
  alt: string
  createdBy: number | null
}

const bySize = (renditions: readonly MediaRendition[]) => [...renditions].sort((a, b) => a.width - b.width)

export const srcsetOf = (renditions: readonly MediaRendition[]) =>
  bySize(renditions)
    .map((r) => `${r.url} ${r.width}w`)
    .join(', ')

/** The hash a rendition URL (`/uploads/{hash}-{width}.webp`) belongs to. */
export const RENDITION_URL = /\/uploads\/([0-9a-f]{16})-\d{1,5}\.webp/g

/**
 * Records an uploaded image; the same file again (the same hash) answers the row already there.
 * `created` says whether this call added it.
 */
export async function recordMedia(
  db: Kysely<DB>,
  values: NewMedia,
): Promise<{ media: Media; created: boolean }> {
  const renditions = bySize(values.renditions)
  const largest = renditions.at(-1)
  if (!largest) throw new Error('An image has at least one rendition')
  const inserted = await db
    .insertInto('media')
    .values({
      hash: values.hash,
      url: largest.url,
      width: largest.width,
      height: largest.height,
      renditions: json(renditions),
      bytes: renditions.reduce((sum, r) => sum + r.bytes, 0),
      fileName: values.fileName,
      contentType: values.contentType,
      alt: values.alt,
      createdBy: values.createdBy,
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted) return { media: inserted, created: true }
  const existing = await db
    .selectFrom('media')
    .selectAll()
    .where('hash', '=', values.hash)
    .executeTakeFirstOrThrow()
  return { media: existing, created: false }
}

export function findMedia(db: Kysely<DB>, id: number) {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Newest first; `q` matches the file name or the alt text, case-insensitively. */
export function listMedia(db: Kysely<DB>, q?: string) {
  let query = db.selectFrom('media').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc')
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('fileName')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('alt')}) like ${pattern} escape '\\'`,
      ]),
    )
  }
  return query.execute()
}

export async function updateMediaAlt(db: Kysely<DB>, id: number, alt: string) {
  return db.updateTable('media').set({ alt }).where('id', '=', id).returningAll().executeTakeFirst()
}

/** Deletes the images and their renditions, in one transaction; answers the rendition keys. */
export async function deleteMedia(
  db: Kysely<DB>,
  items: readonly Pick<Media, 'id' | 'renditions'>[],
): Promise<string[]> {
  if (items.length === 0) return []
  const keys = items.flatMap((m) => m.renditions.map((r) => r.url.slice('/uploads/'.length)))
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('media')
      .where(
        'id',
        'in',
        items.map((m) => m.id),
      )
      .execute()
    if (keys.length > 0) await trx.deleteFrom('upload').where('key', 'in', keys).execute()
  })
  return keys
}

export function mediaView(
  row: Media,
  usedIn: MediaUsage[],
  usedInSettings: string[],
  keptIn: string[] = [],
): MediaItem {
  const renditions = bySize(row.renditions)
  return {
    id: row.id,
    url: row.url,
    width: row.width,
    height: row.height,
    srcset: srcsetOf(renditions),
    sizes: IMAGE_SIZES,
    renditions,
    bytes: row.bytes,
    fileName: row.fileName,
    alt: row.alt,
    createdAt: new Date(row.createdAt).toISOString(),
    usedIn,
    usedInSettings,
    keptIn,
  }
}

/** What public rendering knows of every uploaded image, keyed by the URL pages store. */
export async function loadImageInfo(db: Kysely<DB>): Promise<ImageInfoMap> {
  const rows = await db.selectFrom('media').select(['url', 'width', 'height', 'renditions']).execute()
  const map: Record<string, { width: number; height: number; srcset: string }> = {}
  for (const row of rows)
    map[row.url] = { width: row.width, height: row.height, srcset: srcsetOf(row.renditions) }
  return map
}
