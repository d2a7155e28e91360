import { Router } from 'express'
import { settingValue } from '../../../core/settings.ts'
import type { AppServices } from '../../platform/index.ts'

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  )

/** robots.txt from the `robots_txt` setting; sitemap.xml from the published pages. */
export function seoRouter(services: AppServices): Router {
  const router = Router()
  router.get('/robots.txt', async (_req, res) => {
    const { settings } = await services.site.get()
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=300')
    res.send(`${settingValue(settings, 'robots_txt')}\n`)
  })
  router.get('/sitemap.xml', async (req, res) => {
    const { pages } = await services.site.get()
    const origin = services.config.publicUrl ?? `${req.protocol}://${req.get('host')}`
    const urls = [...pages.values()]
      .sort((a, b) => (a.slug === 'home' ? -1 : b.slug === 'home' ? 1 : a.slug.localeCompare(b.slug)))
      .map((page) => {
        const loc = page.slug === 'home' ? `${origin}/` : `${origin}/${page.slug}`
        return `  <url><loc>${escapeXml(loc)}</loc><lastmod>${page.updatedAt.toISOString()}</lastmod></url>`
      })
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=300')
    res.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    )
  })
  return router
}
