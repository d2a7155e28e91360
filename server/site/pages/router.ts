import { Router } from 'express'
import { type ImageInfoMap, imagesIn } from '../../../core/image-info.ts'
import { type PageContent, readPageContent } from '../../../core/page-content.ts'
import { sanitizePageHtml } from '../../../core/page-html.ts'
import { publicPageSchema } from '../../../core/schemas/pages.ts'
import type { AppServices, RouteDefinition } from '../../platform/index.ts'
import { HttpError, mountRoutes, route } from '../../platform/index.ts'
import { getPublishedPage } from './queries.server.ts'

/** Builder content as the public page's markup: the app's block components, handed in by compose. */
export type RenderBlocks = (content: PageContent, images: ImageInfoMap) => string

/** GET /api/pages/{slug}, rendering builder content with `renderBlocks`. */
export function publicPageRoutes(renderBlocks: RenderBlocks): RouteDefinition[] {
  return [
    route({
      method: 'get',
      path: '/api/pages/{slug}',
      summary: 'A published page',
      description: 'With its content sanitised as the public page renders it (`html`).',
      auth: 'public',
      params: {
        slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', description: 'The URL slug' },
      },
      response: publicPageSchema,
      handle: async ({ services: { db, site }, params }) => {
        const page = await getPublishedPage(db, params.slug)
        if (!page) throw new HttpError(404, 'Page not found')
        const images = imagesIn((await site.get()).images, page.content)
        // An HTML page's images as the page renders them (the first eager: app/features/blocks).
        const html =
          typeof page.content === 'string' ? sanitizePageHtml(page.content, { images, lead: true }) : null
        // The same sanitised content the public page renders, never the raw stored markup; `html` is
        // the page's own HTML as it is, or the blocks' markup for builder content.
        return {
          ...page,
          content: html ?? page.content,
          html: html ?? renderBlocks(readPageContent(page.content), images),
        }
      },
    }),
  ]
}

export function pagesRouter(services: AppServices, renderBlocks: RenderBlocks): Router {
  return mountRoutes(Router(), services, '', publicPageRoutes(renderBlocks))
}
