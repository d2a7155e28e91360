import { Router } from 'express'
import { type UploadImageResponse, uploadImageFieldsSchema } from '../../../core/schemas/uploads.ts'
import type { AppServices } from '../../platform/index.ts'
import { audit, containsNul, HttpError, NUL_MESSAGE, readMultipartForm } from '../../platform/index.ts'
import { storeImage } from '../media/store.server.ts'
import { MAX_IMAGE_BYTES, TOO_LARGE } from './images.server.ts'
import { imageSnippet } from './snippet.ts'

/** Room for the multipart boundaries, part headers and the text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/** `POST /api/admin/upload-image` (mounted behind the pages permission). */
export function uploadsAdminRouter({ db, site }: AppServices): Router {
  const router = Router()

  router.post('/', async (req, res) => {
    const form = await readMultipartForm(req, {
      maxBytes: MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES,
      tooLarge: TOO_LARGE,
    })
    const raw = { alt: form.get('alt') ?? undefined, className: form.get('className') ?? undefined }
    if (containsNul(raw)) throw new HttpError(400, NUL_MESSAGE)
    const parsed = uploadImageFieldsSchema.safeParse(raw)
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request')
    const { alt, className } = parsed.data

    const { renditions, created } = await storeImage(db, {
      image: form.get('image'),
      alt,
      createdBy: req.admin?.id ?? null,
    })
    // A new image changes what the site knows of uploads (its width, height and srcset).
    if (created) await site.changed()
    const snippet: UploadImageResponse = imageSnippet(
      renditions.map((r) => ({ url: `/uploads/${r.key}`, width: r.width, height: r.height })),
      alt,
      className,
    )
    await audit(db, {
      actor: req.admin,
      action: 'upload.create',
      entity: 'upload',
      entityId: snippet.url.slice('/uploads/'.length),
      detail: { width: snippet.width, height: snippet.height, widths: renditions.map((r) => r.width) },
    })
    res.json(snippet)
  })

  return router
}
