import { Router } from 'express'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { renderPageContent } from './content.server.ts'
import { getPublishedPage } from './queries.server.ts'

export function pagesRouter({ db }: AppServices): Router {
  const router = Router()
  router.get('/api/pages/:slug', async (req, res) => {
    const page = await getPublishedPage(db, req.params.slug)
    if (!page) throw new HttpError(404, 'Page not found')
    // The same sanitised content the public page renders, never the raw stored markup.
    res.json({
      ...page,
      content: typeof page.content === 'string' ? renderPageContent(page.content) : page.content,
      html: renderPageContent(page.content),
    })
  })
  return router
}
