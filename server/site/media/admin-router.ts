import { Router } from 'express'
import { z } from 'zod'
import {
  type MediaCleanupResult,
  mediaListQuerySchema,
  mediaUpdateSchema,
  mediaUploadFieldsSchema,
} from '../../../core/schemas/media.ts'
import type { AppServices, Media } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  audit,
  containsNul,
  HttpError,
  messageSchema,
  mountRoutes,
  NUL_MESSAGE,
  readMultipartForm,
  ref,
  route,
  shape,
} from '../../platform/index.ts'
import { MAX_IMAGE_BYTES, TOO_LARGE } from '../uploads/images.server.ts'
import { deleteMedia, findMedia, listMedia, mediaView, updateMediaAlt } from './queries.server.ts'
import { storeImage } from './store.server.ts'
import { isInUse, type MediaUsageMap, mediaUsage } from './usage.server.ts'

const BASE = '/api/admin/media'
const auth = 'permission:pages' as const

/** Room for the multipart boundaries, part headers and the alt text around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

const view = (row: Media, usage: MediaUsageMap) =>
  mediaView(
    row,
    usage.pages.get(row.hash) ?? [],
    usage.settings.get(row.hash) ?? [],
    usage.kept.get(row.hash) ?? [],
  )

/** Why an image cannot be deleted: the pages (and settings) that show it. */
function inUseMessage(row: Media, usage: MediaUsageMap): string {
  const pages = (usage.pages.get(row.hash) ?? []).map((p) => `'${p.title}' (/${p.slug})`)
  const settings = (usage.settings.get(row.hash) ?? []).map((key) => `the ${key} setting`)
  const kept = usage.kept.get(row.hash) ?? []
  return `The image is used on ${[...pages, ...settings, ...kept].join(', ')}: remove it there first`
}

export const mediaRoutes = [
  route({
    method: 'get',
    path: BASE,
    summary: 'List the images, newest first',
    description:
      '`q` searches file names and alt text; `unused=1` keeps only images no page, experiment variant or setting refers to.',
    auth,
    query: mediaListQuerySchema,
    response: arrayOf(ref('MediaItem')),
    handle: async ({ services: { db }, query: { q, unused } }) => {
      const [rows, usage] = await Promise.all([listMedia(db, q || undefined), mediaUsage(db)])
      const onlyUnused = unused === '1' || unused === 'true'
      return rows.filter((row) => !onlyUnused || !isInUse(usage, row.hash)).map((row) => view(row, usage))
    },
  }),
  // The multipart form is read here, not by mountRoutes: the file is checked as it streams in.
  route({
    method: 'post',
    path: BASE,
    summary: 'Upload an image into the library',
    description:
      'Answers 201 with the new image, or 200 with the image already in the library when the same file was uploaded before.',
    auth,
    body: mediaUploadFieldsSchema.extend({ image: z.file().describe('The image file') }),
    requestType: 'multipart/form-data',
    status: 201,
    response: ref('MediaItem'),
    responses: {
      200: { description: 'The same file is already in the library', schema: ref('MediaItem') },
      413: 'The image is too large',
    },
    handle: async ({ services: { db, site }, actor, req, res }) => {
      const form = await readMultipartForm(req, {
        maxBytes: MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES,
        tooLarge: TOO_LARGE,
      })
      const raw = { alt: form.get('alt') ?? undefined }
      if (containsNul(raw)) throw new HttpError(400, NUL_MESSAGE)
      const parsed = mediaUploadFieldsSchema.safeParse(raw)
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request')
      const { media, created } = await storeImage(db, {
        image: form.get('image'),
        alt: parsed.data.alt,
        createdBy: actor?.id ?? null,
      })
      if (created) {
        await site.changed()
        await audit(db, {
          actor,
          action: 'media.create',
          entity: 'media',
          entityId: media.id,
          detail: { fileName: media.fileName, width: media.width, height: media.height, bytes: media.bytes },
        })
      }
      res.status(created ? 201 : 200).json(view(media, await mediaUsage(db)))
    },
  }),
  route({
    method: 'put',
    path: `${BASE}/{id}`,
    summary: "Change an image's alt text",
    auth,
    body: mediaUpdateSchema,
    response: ref('MediaItem'),
    label: 'Image',
    handle: async ({ services: { db }, params: { id }, body, actor }) => {
      const row = await updateMediaAlt(db, id, body.alt)
      if (!row) throw new HttpError(404, 'Image not found')
      await audit(db, {
        actor,
        action: 'media.update',
        entity: 'media',
        entityId: id,
        detail: { fileName: row.fileName, fields: ['alt'] },
      })
      return view(row, await mediaUsage(db))
    },
  }),
  route({
    method: 'delete',
    path: `${BASE}/{id}`,
    summary: 'Delete an image and its renditions',
    auth,
    response: messageSchema,
    responses: { 409: 'The image is used on a page or in a setting (the message names them)' },
    label: 'Image',
    handle: async ({ services: { db, site, events }, params: { id }, actor }) => {
      const row = await findMedia(db, id)
      if (!row) throw new HttpError(404, 'Image not found')
      const usage = await mediaUsage(db)
      if (isInUse(usage, row.hash)) throw new HttpError(409, inUseMessage(row, usage))
      events.emit('uploads.deleted', { keys: await deleteMedia(db, [row]) })
      await site.changed()
      await audit(db, {
        actor,
        action: 'media.delete',
        entity: 'media',
        entityId: id,
        detail: { fileName: row.fileName, bytes: row.bytes },
      })
      return { message: 'Image deleted' }
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/cleanup`,
    summary: 'Delete every unused image',
    auth,
    response: shape({ deleted: 'integer', bytes: 'integer' }),
    handle: async ({ services: { db, site, events }, actor }) => {
      const [rows, usage] = await Promise.all([listMedia(db), mediaUsage(db)])
      const unused = rows.filter((row) => !isInUse(usage, row.hash))
      events.emit('uploads.deleted', { keys: await deleteMedia(db, unused) })
      const result: MediaCleanupResult = {
        deleted: unused.length,
        bytes: unused.reduce((sum, row) => sum + row.bytes, 0),
      }
      if (unused.length > 0) {
        await site.changed()
        await audit(db, {
          actor,
          action: 'media.cleanup',
          entity: 'media',
          detail: { ...result, fileNames: unused.slice(0, 50).map((row) => row.fileName) },
        })
      }
      return result
    },
  }),
]

export const mediaApi = apiModule(
  {
    tag: {
      name: 'Media',
      description:
        'The media library: every uploaded image with its WebP renditions, alt text and the pages that use it.',
    },
    schemas: {
      MediaItem: shape({
        id: 'integer',
        url: 'string',
        width: 'integer',
        height: 'integer',
        srcset: 'string',
        sizes: 'string',
        renditions: arrayOf(shape({ url: 'string', width: 'integer', height: 'integer', bytes: 'integer' })),
        bytes: 'integer',
        fileName: 'string',
        alt: 'string',
        createdAt: 'date-time',
        usedIn: arrayOf(shape({ pageId: 'integer', title: 'string', slug: 'string' })),
        usedInSettings: arrayOf({ type: 'string' }),
        keptIn: arrayOf({ type: 'string' }),
      }),
    },
  },
  mediaRoutes,
)

/** `/api/admin/media` (mounted behind the pages permission): the media library. */
export function mediaAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, mediaRoutes)
}
