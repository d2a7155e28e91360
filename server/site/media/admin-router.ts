import { Router } from 'express'
import {
  type MediaCleanupResult,
  mediaListQuerySchema,
  mediaUpdateSchema,
  mediaUploadFieldsSchema,
} from '../../../core/schemas/media.ts'
import type { AppServices, Media } from '../../platform/index.ts'
import {
  audit,
  containsNul,
  HttpError,
  NUL_MESSAGE,
  parseBody,
  parseId,
  readMultipartForm,
} from '../../platform/index.ts'
import { MAX_IMAGE_BYTES, TOO_LARGE } from '../uploads/images.server.ts'
import { deleteMedia, findMedia, listMedia, mediaView, updateMediaAlt } from './queries.server.ts'
import { storeImage } from './store.server.ts'
import { isInUse, type MediaUsageMap, mediaUsage } from './usage.server.ts'

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

/** `/api/admin/media` (mounted behind the pages permission): the media library. */
export function mediaAdminRouter({ db, site, events }: AppServices): Router {
  const router = Router()

  router.get('/', async (req, res) => {
    const parsed = mediaListQuerySchema.safeParse(req.query)
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request')
    const { q, unused } = parsed.data
    const [rows, usage] = await Promise.all([listMedia(db, q || undefined), mediaUsage(db)])
    const onlyUnused = unused === '1' || unused === 'true'
    res.json(rows.filter((row) => !onlyUnused || !isInUse(usage, row.hash)).map((row) => view(row, usage)))
  })

  router.post('/', async (req, res) => {
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
      createdBy: req.admin?.id ?? null,
    })
    if (created) {
      await site.changed()
      await audit(db, {
        actor: req.admin,
        action: 'media.create',
        entity: 'media',
        entityId: media.id,
        detail: { fileName: media.fileName, width: media.width, height: media.height, bytes: media.bytes },
      })
    }
    res.status(created ? 201 : 200).json(view(media, await mediaUsage(db)))
  })

  router.post('/cleanup', async (req, res) => {
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
        actor: req.admin,
        action: 'media.cleanup',
        entity: 'media',
        detail: { ...result, fileNames: unused.slice(0, 50).map((row) => row.fileName) },
      })
    }
    res.json(result)
  })

  router.put('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Image')
    const input = parseBody(mediaUpdateSchema, req)
    const row = await updateMediaAlt(db, id, input.alt)
    if (!row) throw new HttpError(404, 'Image not found')
    await audit(db, {
      actor: req.admin,
      action: 'media.update',
      entity: 'media',
      entityId: id,
      detail: { fileName: row.fileName, fields: ['alt'] },
    })
    res.json(view(row, await mediaUsage(db)))
  })

  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id, 'Image')
    const row = await findMedia(db, id)
    if (!row) throw new HttpError(404, 'Image not found')
    const usage = await mediaUsage(db)
    if (isInUse(usage, row.hash)) throw new HttpError(409, inUseMessage(row, usage))
    events.emit('uploads.deleted', { keys: await deleteMedia(db, [row]) })
    await site.changed()
    await audit(db, {
      actor: req.admin,
      action: 'media.delete',
      entity: 'media',
      entityId: id,
      detail: { fileName: row.fileName, bytes: row.bytes },
    })
    res.json({ message: 'Image deleted' })
  })

  return router
}
