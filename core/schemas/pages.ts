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

// The answers of the pages API, as the OpenAPI document publishes them (docs/decisions/0070).
const text = z.string().nullable()
const storedContent = z.unknown().describe('HTML, or the page builder’s structured content')
const pageMeta = {
  slug: z.string(),
  title: z.string(),
  metaDescription: text,
  metaKeywords: text,
  targetKeyword: text,
  ogTitle: text,
  ogDescription: text,
  content: storedContent,
}

/** `GET /api/admin/pages/{id}` and what saves answer: the whole page. */
export const pageViewSchema = z.object({
  id: z.number().int(),
  ...pageMeta,
  isPublished: z.boolean(),
  hideTitle: z.boolean(),
  publicationId: z
    .number()
    .int()
    .nullable()
    .describe('The publication (approval) that put this version live, if any'),
  isSystem: z.boolean().describe('A page the site builds in (home, thank-you…): its slug cannot change'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})

/** One row of `GET /api/admin/pages`: no content or SEO fields (open the page for those). */
export const pageSummarySchema = pageViewSchema.pick({
  id: true,
  title: true,
  slug: true,
  metaDescription: true,
  isPublished: true,
  isSystem: true,
  createdAt: true,
  updatedAt: true,
})

/** The second admin's approval a version was published with (ADR 0079). */
export const revisionApprovalSchema = z
  .object({
    approvedByEmail: text,
    approvedAt: z.iso.datetime().nullable(),
    requestedByEmail: text,
    flags: z.array(z.object({ code: z.string(), message: z.string() })),
  })
  .nullable()
  .describe('How this version was published: its approver and the review flags seen (null: a plain save)')

/** A page as it was before a save, and who saved over it. */
export const pageRevisionViewSchema = z.object({
  id: z.number().int(),
  pageId: z.number().int(),
  ...pageMeta,
  actorId: z.number().int().nullable(),
  actorEmail: text,
  approval: revisionApprovalSchema,
  createdAt: z.iso.datetime(),
})

/** One row of `GET /api/admin/pages/{id}/revisions`. */
export const pageRevisionSummarySchema = pageRevisionViewSchema.pick({
  id: true,
  pageId: true,
  title: true,
  slug: true,
  actorEmail: true,
  approval: true,
  createdAt: true,
})

/** `GET /api/pages/{slug}`: a published page, sanitised as the public page renders it. */
export const publicPageSchema = pageViewSchema
  .pick({
    id: true,
    slug: true,
    title: true,
    metaDescription: true,
    metaKeywords: true,
    ogTitle: true,
    ogDescription: true,
    isPublished: true,
    hideTitle: true,
    updatedAt: true,
  })
  .extend({
    content: storedContent.describe('The sanitised HTML, or the builder’s structured content'),
    html: z.string().describe('The markup the public page renders'),
  })

/** `GET /api/admin/pages/render-context`: what blocks render with besides the content. */
export const pageRenderContextSchema = z.object({
  questionnaire: z
    .looseObject({ id: z.number().int(), version: z.number().int(), definition: z.looseObject({}) })
    .describe('The live questionnaire (id 0: the one the settings describe)'),
  consent: z.looseObject({}).describe('The consent version pages show: its wording and firms'),
  compliance: z.looseObject({}).describe('The compliance wording'),
  facts: z
    .record(z.string(), z.string())
    .describe('Each site fact as pages show it, by key (core/site-facts.ts)'),
  images: z.record(z.string(), z.looseObject({})).describe('The media library’s image sizes, by URL'),
})

/** `POST /api/admin/pages/preview`: the content as the public page renders it, sanitised. */
export const pagePreviewAnswerSchema = z.object({
  content: z.unknown().describe('The sanitised content, in the page builder’s structure'),
})

/** A 409 of a page save: a taken slug, or (with `code`) publishing placeholder content. */
export const pageConflictSchema = z.object({
  message: z.string(),
  code: z.literal(PLACEHOLDER_CONTENT).optional(),
  placeholders: z
    .array(z.object({ id: z.string(), type: z.string(), label: z.string(), section: z.number().int() }))
    .optional()
    .describe('The widgets still holding a template’s sample content'),
})
