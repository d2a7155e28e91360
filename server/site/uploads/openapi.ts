import { z } from 'zod'
import { uploadImageFieldsSchema } from '../../../core/schemas/uploads.ts'
import { defineApi, shape } from '../../platform/index.ts'

export const uploadsApi = defineApi({
  tag: { name: 'Uploads', description: 'Images for pages, stored as WebP renditions.' },
  operations: [
    {
      method: 'post',
      path: '/api/admin/upload-image',
      summary: 'Upload an image',
      description: 'Answers the HTML snippet to paste into a page. Whoever may edit pages may upload.',
      auth: 'permission:pages',
      request: uploadImageFieldsSchema.extend({ image: z.file().describe('The image file') }),
      requestType: 'multipart/form-data',
      response: shape({
        htmlSnippet: 'string',
        url: 'string',
        width: 'integer',
        height: 'integer',
        srcset: 'string',
      }),
      responses: { 413: 'The image is too large' },
    },
  ],
})
