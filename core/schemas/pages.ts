import { z } from 'zod'
import type { PageContent } from '../page-content.ts'
import { reservedSlugs } from '../paths.ts'
import { flag, optionalText, type Stored } from './fields.ts'
import { contentStyleIssues } from './styles.ts'

export { isSystemPageSlug, systemPageSlugs } from '../paths.ts'

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const META_DESCRIPTION_HINT = 160

export const CONTENT_MAX_DEPTH = 12
export const CONTENT_MAX_BYTES = 500_000

/** Whether `value` nests objects or arrays deeper than `limit` (stops looking past the limit). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false
  if (limit <= 0) return true
  return Object.values(value).some((item) => nestsDeeperThan(item, limit - 1))
}

/** An HTML string, or the builders' structured content (core/page-content.ts), bounded in size and depth. */
export const pageContentSchema = z
  .union([z.string().max(CONTENT_MAX_BYTES, 'Content is too long'), z.record(z.string(), z.unknown())])
  .superRefine((value, ctx) => {
    if (typeof value === 'string') return
    if (nestsDeeperThan(value, CONTENT_MAX_DEPTH)) {
      ctx.addIssue({
        code: 'custom',
        message: `Content is nested too deeply (at most ${CONTENT_MAX_DEPTH} levels)`,
      })
    } else if (JSON.stringify(value).length > CONTENT_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: 'Content is too long' })
    } else {
      const [issue] = contentStyleIssues(value)
      if (issue) ctx.addIssue({ code: 'custom', message: `Content style: ${issue}` })
    }
  })

export const pageFields = {
  slug: z
    .string({ error: 'Please enter a URL slug' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter a URL slug')
    .max(100, 'Slug must be at most 100 characters')
    .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, numbers and single hyphens')
    .refine((s) => !reservedSlugs.includes(s), 'This URL is used by the site itself'),
  title: z
    .string({ error: 'Please enter a page title' })
    .trim()
    .min(1, 'Please enter a page title')
    .max(200, 'Title must be at most 200 characters'),
  metaDescription: optionalText(500),
  metaKeywords: optionalText(500),
  targetKeyword: optionalText(200),
  ogTitle: optionalText(200),
  ogDescription: optionalText(500),
  content: pageContentSchema,
  isPublished: flag('isPublished'),
  /** The title heading is for screen readers only (a hero with its own heading). */
  hideTitle: flag('hideTitle'),
}

export const pageCreateSchema = z.object({
  ...pageFields,
  content: pageFields.content.default(''),
  isPublished: pageFields.isPublished.default(false),
  hideTitle: pageFields.hideTitle.default(false),
})
export const pageUpdateSchema = z.object(pageFields).partial()

/**
 * A save that publishes a page still holding a template's sample content is answered 409 with
 * PLACEHOLDER_CONTENT unless it carries `confirmPlaceholders: true` (docs/decisions/0061).
 */
const publishConfirmation = { confirmPlaceholders: flag('confirmPlaceholders').optional() }
export const pageCreateRequestSchema = pageCreateSchema.extend(publishConfirmation)
export const pageUpdateRequestSchema = pageUpdateSchema.extend(publishConfirmation)
export const PLACEHOLDER_CONTENT = 'placeholder-content'
/** The 409 answer when publishing would put a template's sample content live. */
export type PlaceholderConflict = {
  message: string
  code: typeof PLACEHOLDER_CONTENT
  placeholders: { id: string; type: string; label: string; section: number }[]
}
export const pagePreviewSchema = z.object({ content: pageContentSchema })
/** A preview link to the page as saved, or to one of its revisions. */
export const pagePreviewLinkSchema = z.object({
  revisionId: z.number({ error: 'revisionId must be a revision id' }).int().positive().optional(),
})

export type PageCreateInput = z.input<typeof pageCreateSchema>
export type PageUpdateInput = z.input<typeof pageUpdateSchema>

type PageFields = z.output<typeof pageCreateSchema>
/** A page as `GET /api/admin/pages/{id}` answers it. */
export type PageRecord = Stored<Omit<PageFields, 'content'> & { content: PageContent }> & {
  isSystem: boolean
}
/** A page as the pages list (`GET /api/admin/pages`) answers it. */
export type PageListItem = Pick<
  PageRecord,
  'id' | 'title' | 'slug' | 'metaDescription' | 'isPublished' | 'createdAt' | 'updatedAt' | 'isSystem'
>
