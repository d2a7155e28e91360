import { Router } from 'express'
import { type ImageInfoMap, imagesIn } from '../../../core/image-info.ts'
import { type PageContent, readPageContent } from '../../../core/page-content.ts'
import { sanitizePageHtml } from '../../../core/page-html.ts'
import type { AppServices } from '../../platform/index.ts'
import { HttpError } from '../../platform/index.ts'
import { getPublishedPage } from './queries.server.ts'

/** Builder content as the public page's markup: the app's block components, handed in by compose. */
export type RenderBlocks = (content: PageContent, images: ImageInfoMap) => string

export function pagesRouter({ db, site }: AppServices, renderBlocks: RenderBlocks): Router {
  const router = Router()
  router.get('/api/pages/:slug', async (req, res) => {
    const page = await getPublishedPage(db, req.params.slug)
    if (!page) throw new HttpError(404, 'Page not found')
    const images = imagesIn((await site.get()).images, page.content)
    // An HTML page's images as the page renders them (the first eager: app/features/blocks).
    const html =
      typeof page.content === 'string' ? sanitizePageHtml(page.content, { images, lead: true }) : null
    // The same sanitised content the public page renders, never the raw stored markup; `html` is
    // the page's own HTML as it is, or the blocks' markup for builder content.
    res.json({
      ...page,
      content: html ?? page.content,
      html: html ?? renderBlocks(readPageContent(page.content), images),
    })
  })
  return router
}
