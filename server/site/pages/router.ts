import { Router } from 'express'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { PageBlocks } from '../../../app/features/blocks/block-view.tsx'
import { imagesIn } from '../../../core/image-info.ts'
import { readPageContent } from '../../../core/page-content.ts'
import { sanitizePageHtml } from '../../../core/page-html.ts'
import type { AppServices } from '../../platform/context.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { getPublishedPage } from './queries.server.ts'

export function pagesRouter({ db, site }: AppServices): Router {
  const router = Router()
  router.get('/api/pages/:slug', async (req, res) => {
    const page = await getPublishedPage(db, req.params.slug)
    if (!page) throw new HttpError(404, 'Page not found')
    const images = imagesIn((await site.get()).images, page.content)
    // The same sanitised content the public page renders, never the raw stored markup.
    // An HTML page's images as the page renders them (the first eager: app/features/blocks).
    const html =
      typeof page.content === 'string' ? sanitizePageHtml(page.content, { images, lead: true }) : null
    // The same sanitised content the public page renders, never the raw stored markup; `html` is
    // the page's own HTML as it is, or the blocks' markup for builder content.
    res.json({
      ...page,
      content: html ?? page.content,
      html:
        html ??
        renderToStaticMarkup(createElement(PageBlocks, { content: readPageContent(page.content), images })),
    })
  })
  return router
}
