import fs from 'node:fs'
import path from 'node:path'

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g

/**
 * The stylesheets of a public page go inline (the site's whole CSS is about 9 KB compressed), so
 * the first paint waits for no other request. The `<link>` stays, as `media="print"`, which the
 * browser fetches without blocking and React finds when it hydrates the head.
 */
export function inlineStylesheets(clientDir: string) {
  const texts = new Map<string, string | null>()
  const read = (href: string) => {
    if (!texts.has(href)) {
      const file = path.join(clientDir, href)
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null
      texts.set(href, text && !text.includes('</style') ? text : null)
    }
    return texts.get(href) ?? null
  }
  return (html: string): string =>
    html.replace(STYLESHEET, (link, href: string) => {
      const text = read(href)
      return text === null
        ? link
        : `<style>${text}</style><link rel="stylesheet" href="${href}" media="print"/>`
    })
}
