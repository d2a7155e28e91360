import { z } from 'zod'

/**
 * Publishing a page through a publication (docs/decisions/0079-four-eyes-and-scheduled-publishing.md):
 * - `awaiting-approval`: a second admin must approve it (approval is on, or review flagged it);
 * - `scheduled`: approved or needing no approval, published by the scheduler at `publishAt`;
 * - `publishing`: claimed by one instance's scheduler, being published;
 * - `published`, `rejected` (with a note), `cancelled`, `failed` (with a note: the slug was taken).
 */
export const publicationStatuses = [
  'awaiting-approval',
  'scheduled',
  'publishing',
  'published',
  'rejected',
  'cancelled',
  'failed',
] as const
export type PublicationStatus = (typeof publicationStatuses)[number]

/** What the compliance review found in a version's content. */
export const reviewFlagSchema = z.object({
  code: z.string(),
  message: z.string(),
})
export type ReviewFlag = z.output<typeof reviewFlagSchema>

/** A London wall-clock date-time, `YYYY-MM-DDTHH:mm` (core/london-time.ts). */
export const londonDateTimeSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'The publish time must be a date and time, e.g. 2026-12-01T09:00')
  .describe('Europe/London wall-clock time, YYYY-MM-DDTHH:mm')

/** `POST /api/admin/pages/{id}/publications`: publish the page as saved, now or at a time. */
export const publishRequestSchema = z.object({
  publishAt: londonDateTimeSchema.optional(),
  confirmPlaceholders: z.boolean().optional(),
})

/** `POST …/publications/{id}/reject`. */
export const rejectPublicationSchema = z.object({
  note: z
    .string({ error: 'Say why the publication is rejected' })
    .trim()
    .min(1, 'Say why the publication is rejected')
    .max(1000, 'The note must be at most 1000 characters'),
})

export const publicationListQuerySchema = z.object({
  status: z.enum(publicationStatuses).optional(),
  pageId: z.coerce.number().int().positive().optional(),
})

const iso = z.iso.datetime().nullable()

/** A publication as the API answers it. */
export const publicationViewSchema = z.object({
  id: z.number().int(),
  pageId: z.number().int(),
  status: z.enum(publicationStatuses),
  title: z.string(),
  slug: z.string(),
  flags: z.array(reviewFlagSchema).describe('What the compliance review flagged in this version'),
  approvalRequired: z.boolean(),
  requestedByEmail: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  publishAt: iso,
  publishAtLondon: z.string().nullable().describe('`publishAt` as Europe/London wall-clock time'),
  decidedByEmail: z.string().nullable().describe('The admin who approved or rejected it'),
  decidedAt: iso,
  note: z.string().nullable(),
  publishedAt: iso,
})
export type PublicationView = z.output<typeof publicationViewSchema>

/** A save that needs a second admin: 202 with the publication made in its place. */
export const approvalNeededSchema = z.object({
  message: z.string(),
  code: z.literal('approval-required'),
  publication: publicationViewSchema,
})

/** `GET /api/admin/pages/{id}/revisions/{revisionId}/diff` (core/page-diff.ts). */
export const pageDiffSchema = z.object({
  fields: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  blocks: z
    .array(
      z.object({
        change: z.enum(['added', 'removed', 'changed']),
        id: z.string(),
        type: z.string(),
        before: z.string().nullable(),
        after: z.string().nullable(),
      }),
    )
    .nullable()
    .describe('Block content on both sides: each block added, removed or changed, with its text'),
  lines: z
    .array(z.object({ change: z.enum(['added', 'removed', 'same']), text: z.string() }))
    .nullable()
    .describe('Otherwise (an HTML page): the text, line by line'),
})
