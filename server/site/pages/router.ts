import { Router } from 'express'
import { type ImageInfoMap, imagesIn } from '../../../core/image-info.ts'
import { type PageContent, readPageContent } from '../../../core/page-content.ts'
import { sanitizePageHtml } from '../../../core/page-html.ts'
import { publicPageSchema } from '../../../core/schemas/pages.ts'
import { readFacts, resolvePageFacts } from '../../../core/site-facts.ts'
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
        const snapshot = await site.get()
        const images = imagesIn(snapshot.images, page.content)
        // As a visitor sees it: site facts filled in, blocks hidden by their fact condition left out.
        const shown = resolvePageFacts(readPageContent(page.content), {
          values: readFacts(snapshot.settings),
          unknown: 'empty',
        })
        // An HTML page's images as the page renders them (the first eager: app/features/blocks).
        const html = typeof shown === 'string' ? sanitizePageHtml(shown, { images, lead: true }) : null
        // The same sanitised content the public page renders, never the raw stored markup; `html` is
        // the page's own HTML, or the blocks' markup for builder content (blocks stay as stored).
        return { ...page, content: html ?? page.content, html: html ?? renderBlocks(shown, images) }
      },
    }),
  ]
}

export function pagesRouter(services: AppServices, renderBlocks: RenderBlocks): Router {
  return mountRoutes(Router(), services, '', publicPageRoutes(renderBlocks))
}
