import { z } from 'zod'
import { ALT_MAX } from './uploads.ts'

/** One stored size of an image, as `/uploads/{hash}-{width}.webp`. */
export type MediaRendition = { url: string; width: number; height: number; bytes: number }

/** A page whose content (or one of its experiment's variants) shows the image. */
export type MediaUsage = { pageId: number; title: string; slug: string }

/** An image of the media library, as `GET /api/admin/media` lists it. */
export type MediaItem = {
  id: number
  /** The largest rendition: what a page stores as the image's `src`. */
  url: string
  width: number
  height: number
  srcset: string
  sizes: string
  /** Smallest first. */
  renditions: MediaRendition[]
  /** All renditions together. */
  bytes: number
  fileName: string
  alt: string
  createdAt: string
  usedIn: MediaUsage[]
  /** Site settings (keys such as `og_image`) whose value refers to the image. */
  usedInSettings: string[]
  /** What may put the image back on a page: saved sections, page revisions, experiments' variants. */
  keptIn: string[]
}

export type MediaCleanupResult = { deleted: number; bytes: number }

const altField = z
  .string({ error: 'Alt text must be text' })
  .max(ALT_MAX, `Alt text must be at most ${ALT_MAX} characters`)
  .transform((s) => s.trim())

/** `PUT /api/admin/media/{id}`: the alt text (empty marks a decorative image). */
export const mediaUpdateSchema = z.strictObject({ alt: altField })
export type MediaUpdate = z.input<typeof mediaUpdateSchema>

/** The text field of `POST /api/admin/media` (the file itself is checked on the server). */
export const mediaUploadFieldsSchema = z.object({ alt: altField.default('') })

/** `GET /api/admin/media`: a search of file names and alt text, and only unused images. */
export const mediaListQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search at most 200 characters').optional(),
  unused: z.enum(['0', '1', 'true', 'false']).optional(),
})
