import { z } from 'zod'
import {
  mediaListQuerySchema,
  mediaUpdateSchema,
  mediaUploadFieldsSchema,
} from '../../../core/schemas/media.ts'
import { arrayOf, defineApi, messageSchema, ref, shape } from '../../platform/index.ts'

const BASE = '/api/admin/media'
const auth = 'permission:pages' as const

export const mediaApi = defineApi({
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
  operations: [
    {
      method: 'get',
      path: BASE,
      summary: 'List the images, newest first',
      description:
        '`q` searches file names and alt text; `unused=1` keeps only images no page, experiment variant or setting refers to.',
      auth,
      query: mediaListQuerySchema,
      response: arrayOf(ref('MediaItem')),
    },
    {
      method: 'post',
      path: BASE,
      summary: 'Upload an image into the library',
      description:
        'Answers 201 with the new image, or 200 with the image already in the library when the same file was uploaded before.',
      auth,
      request: mediaUploadFieldsSchema.extend({ image: z.file().describe('The image file') }),
      requestType: 'multipart/form-data',
      status: 201,
      response: ref('MediaItem'),
      responses: {
        200: { description: 'The same file is already in the library', schema: ref('MediaItem') },
        413: 'The image is too large',
      },
    },
    {
      method: 'put',
      path: `${BASE}/{id}`,
      summary: "Change an image's alt text",
      auth,
      request: mediaUpdateSchema,
      response: ref('MediaItem'),
    },
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      summary: 'Delete an image and its renditions',
      auth,
      response: messageSchema,
      responses: { 409: 'The image is used on a page or in a setting (the message names them)' },
    },
    {
      method: 'post',
      path: `${BASE}/cleanup`,
      summary: 'Delete every unused image',
      auth,
      response: shape({ deleted: 'integer', bytes: 'integer' }),
    },
  ],
})
