import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'
import { HttpError } from '../../platform/index.ts'
import { MAX_IMAGE_BYTES, processImage, TOO_LARGE, UPLOAD_CONTENT_TYPE } from '../uploads/images.server.ts'
import { saveRenditions } from '../uploads/queries.server.ts'
import { recordMedia } from './queries.server.ts'

const FILE_NAME_MAX = 200

/** The name the browser sent, without a path or control characters, cut to a sane length. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return clean.slice(0, FILE_NAME_MAX) || fallback
}

/**
 * Stores an uploaded file: its WebP renditions in `upload` and one row in `media`. The same file
 * again gives the same hash, so it answers the image already in the library (`created` false).
 */
export async function storeImage(
  db: Kysely<DB>,
  { image, alt, createdBy }: { image: unknown; alt: string; createdBy: number | null },
) {
  if (!(image instanceof Blob) || image.size === 0)
    throw new HttpError(400, 'Please choose an image to upload')
  if (image.size > MAX_IMAGE_BYTES) throw new HttpError(413, TOO_LARGE)

  const renditions = await processImage(new Uint8Array(await image.arrayBuffer()))
  const hash = (renditions[0]?.key ?? '').split('-')[0] as string
  await saveRenditions(
    db,
    renditions.map(({ key, width, height, bytes }) => ({
      key,
      width,
      height,
      bytes,
      contentType: UPLOAD_CONTENT_TYPE,
    })),
    createdBy,
  )
  const { media, created } = await recordMedia(db, {
    hash,
    renditions: renditions.map((r) => ({
      url: `/uploads/${r.key}`,
      width: r.width,
      height: r.height,
      bytes: r.bytes.byteLength,
    })),
    fileName: cleanFileName(image instanceof File ? image.name : '', `${hash}.webp`),
    contentType: (image.type || 'application/octet-stream').slice(0, 100),
    alt,
    createdBy,
  })
  return { media, created, renditions }
}
