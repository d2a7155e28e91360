import { Router } from 'express'
import { z } from 'zod'
import { type UploadImageResponse, uploadImageFieldsSchema } from '../../../core/schemas/uploads.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  audit,
  containsNul,
  HttpError,
  mountRoutes,
  NUL_MESSAGE,
  readMultipartForm,
  route,
  shape,
} from '../../platform/index.ts'
import { storeImage } from '../media/store.server.ts'
import { MAX_IMAGE_BYTES, TOO_LARGE } from './images.server.ts'
import { imageSnippet } from './snippet.ts'

const BASE = '/api/admin/upload-image'

/** Room for the multipart boundaries, part headers and the text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

export const uploadsRoutes = [
  // The multipart form is read here, not by mountRoutes: the file is checked as it streams in.
  route({
    method: 'post',
    path: BASE,
    summary: 'Upload an image',
    description: 'Answers the HTML snippet to paste into a page. Whoever may edit pages may upload.',
    auth: 'permission:pages',
    body: uploadImageFieldsSchema.extend({ image: z.file().describe('The image file') }),
    requestType: 'multipart/form-data',
    response: shape({
      htmlSnippet: 'string',
      url: 'string',
      width: 'integer',
      height: 'integer',
      srcset: 'string',
    }),
    responses: { 413: 'The image is too large' },
    handle: async ({ services: { db, site }, actor, req }) => {
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
        createdBy: actor?.id ?? null,
      })
      // A new image changes what the site knows of uploads (its width, height and srcset).
      if (created) await site.changed()
      const snippet: UploadImageResponse = imageSnippet(
        renditions.map((r) => ({ url: `/uploads/${r.key}`, width: r.width, height: r.height })),
        alt,
        className,
      )
      await audit(db, {
        actor,
        action: 'upload.create',
        entity: 'upload',
        entityId: snippet.url.slice('/uploads/'.length),
        detail: { width: snippet.width, height: snippet.height, widths: renditions.map((r) => r.width) },
      })
      return snippet
    },
  }),
]

export const uploadsApi = apiModule(
  { tag: { name: 'Uploads', description: 'Images for pages, stored as WebP renditions.' } },
  uploadsRoutes,
)

/** `POST /api/admin/upload-image` (mounted behind the pages permission). */
export function uploadsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, uploadsRoutes)
}
