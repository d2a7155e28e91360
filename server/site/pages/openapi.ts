import {
  pageConflictSchema,
  pageCreateRequestSchema,
  pagePreviewAnswerSchema,
  pagePreviewLinkSchema,
  pagePreviewSchema,
  pageRenderContextSchema,
  pageRevisionSummarySchema,
  pageRevisionViewSchema,
  pageSummarySchema,
  pageUpdateRequestSchema,
  pageViewSchema,
  publicPageSchema,
} from '../../../core/schemas/pages.ts'
import { arrayOf, defineApi, ref, shape, toJsonSchema } from '../../platform/index.ts'

const PAGE = '/api/admin/pages'
export const pagesApi = defineApi({
  tag: { name: 'Pages', description: 'The site’s pages: published ones to anyone, all of them to editors.' },
  schemas: {
    PreviewLink: shape({ path: 'string', url: 'string', expiresAt: 'date-time' }),
    Page: toJsonSchema(pageViewSchema, 'output'),
    PageSummary: toJsonSchema(pageSummarySchema, 'output'),
    PageRevision: toJsonSchema(pageRevisionViewSchema, 'output'),
    PageRevisionSummary: toJsonSchema(pageRevisionSummarySchema, 'output'),
  },
  operations: [
    {
      method: 'get',
      path: '/api/pages/{slug}',
      summary: 'A published page',
      description: 'With its content sanitised as the public page renders it (`html`).',
      auth: 'public',
      params: {
        slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', description: 'The URL slug' },
      },
      response: publicPageSchema,
    },
    {
      method: 'get',
      path: PAGE,
      summary: 'List pages',
      auth: 'permission:pages',
      response: arrayOf(ref('PageSummary')),
    },
    {
      method: 'post',
      path: PAGE,
      summary: 'Create a page',
      auth: 'permission:pages',
      description:
        'Publishing a page that holds a template’s sample content answers 409 with `code: "placeholder-content"` and the `placeholders`, unless `confirmPlaceholders` is true.',
      request: pageCreateRequestSchema,
      status: 201,
      response: ref('Page'),
      responses: {
        409: {
          description:
            'A page with this URL slug already exists, or publishing needs `confirmPlaceholders` (placeholder content)',
          schema: pageConflictSchema,
        },
      },
    },
    {
      method: 'get',
      path: `${PAGE}/render-context`,
      summary: 'What pages render with',
      description:
        'The live questionnaire, the consent’s recipients, the compliance wording and the media library’s image sizes, as the public page renders them: the builder’s canvas uses it so each widget is the same markup.',
      auth: 'permission:pages',
      response: pageRenderContextSchema,
    },
    {
      method: 'post',
      path: `${PAGE}/preview`,
      summary: 'Render unsaved content',
      description: 'The public renderer’s output for the editor’s Preview.',
      auth: 'permission:pages',
      request: pagePreviewSchema,
      response: pagePreviewAnswerSchema,
    },
    {
      method: 'get',
      path: `${PAGE}/{id}`,
      summary: 'A page',
      auth: 'permission:pages',
      response: ref('Page'),
    },
    {
      method: 'put',
      path: `${PAGE}/{id}`,
      summary: 'Update a page',
      description:
        'Any subset of the fields; the page as it was is kept as a revision. A save that publishes a page, or changes a published page’s content, while it holds a template’s sample content answers 409 with `code: "placeholder-content"` unless `confirmPlaceholders` is true.',
      auth: 'permission:pages',
      request: pageUpdateRequestSchema,
      response: ref('Page'),
      responses: {
        409: {
          description:
            'The slug is taken, a system page would change its slug, or publishing needs `confirmPlaceholders`',
          schema: pageConflictSchema,
        },
      },
    },
    {
      method: 'delete',
      path: `${PAGE}/{id}`,
      summary: 'Delete a page',
      auth: 'permission:pages',
      response: ref('Message'),
      responses: { 409: 'System pages cannot be deleted' },
    },
    {
      method: 'post',
      path: `${PAGE}/{id}/preview-links`,
      summary: 'A preview link',
      description:
        'A signed link, valid for 24 hours, to the page as saved (a draft too) or, with `revisionId`, to one of its revisions, rendered as the public page would be under a "Preview – not published" bar. Never cached, never indexed.',
      auth: 'permission:pages',
      request: pagePreviewLinkSchema,
      status: 201,
      response: ref('PreviewLink'),
      responses: { 400: 'A system page (its layout is built in: see it at its address)' },
    },
    {
      method: 'get',
      path: `${PAGE}/{id}/revisions`,
      summary: 'A page’s revisions',
      auth: 'permission:pages',
      response: arrayOf(ref('PageRevisionSummary')),
    },
    {
      method: 'get',
      path: `${PAGE}/{id}/revisions/{revisionId}`,
      summary: 'One revision',
      auth: 'permission:pages',
      response: ref('PageRevision'),
    },
    {
      method: 'post',
      path: `${PAGE}/{id}/revisions/{revisionId}/restore`,
      summary: 'Restore a revision',
      description: 'The page as it is now becomes a revision in its turn.',
      auth: 'permission:pages',
      response: ref('Page'),
      responses: { 409: 'The revision’s slug is now taken' },
    },
  ],
})
