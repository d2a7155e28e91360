import { Router } from 'express'
import { type UploadImageResponse, uploadImageFieldsSchema } from '../../core/schemas/uploads.ts'
import { audit } from '../audit/audit.server.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { readMultipartForm } from '../http/multipart.ts'
import { containsNul, NUL_MESSAGE } from '../http/validate.ts'
import { MAX_IMAGE_BYTES, processImage, TOO_LARGE, UPLOAD_CONTENT_TYPE } from './images.server.ts'
import { saveRenditions } from './queries.server.ts'
import { imageSnippet } from './snippet.ts'

/** Room for the multipart boundaries, part headers and the text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/** `POST /api/admin/upload-image` (mounted behind the pages permission). */
export function uploadsAdminRouter({ db }: AppServices): Router {
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

    const image = form.get('image')
    if (!(image instanceof Blob) || image.size === 0)
      throw new HttpError(400, 'Please choose an image to upload')
    if (image.size > MAX_IMAGE_BYTES) throw new HttpError(413, TOO_LARGE)

    const renditions = await processImage(new Uint8Array(await image.arrayBuffer()))
    await saveRenditions(
      db,
      renditions.map(({ key, width, height, bytes }) => ({
        key,
        width,
        height,
        bytes,
        contentType: UPLOAD_CONTENT_TYPE,
      })),
      req.admin?.id ?? null,
    )
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
