import { createHash } from 'node:crypto'
import { expect } from 'vitest'

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** HTML character references decoded, as a browser would show the text. */
export function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1))
      return String.fromCodePoint(code)
    }
    return entities[entity] ?? whole
  })
}

/** A tag's double-quoted attributes, decoded. */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [, name, value] of tag.matchAll(/([\w:-]+)="([^"]*)"/g))
    if (name) out[name] = decode(value ?? '')
  return out
}

/** The document head, parsed with regexes: the title and every meta and link tag's attributes. */
export function parseHead(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1] ?? ''))
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map((m) => attributes(m[0]))
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => attributes(m[0]))
  /** The content of the one meta tag with this name or property; fails the test if there are two. */
  const meta = (key: 'name' | 'property', value: string) => {
    const found = metas.filter((m) => m[key] === value)
    expect(found.length, `<meta ${key}="${value}"> tags`).toBeLessThanOrEqual(1)
    return found[0]?.content
  }
  return {
    titles,
    title: titles[0],
    description: meta('name', 'description'),
    keywords: meta('name', 'keywords'),
    robots: meta('name', 'robots'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogImage: meta('property', 'og:image'),
    ogUrl: meta('property', 'og:url'),
    canonical: links.find((l) => l.rel === 'canonical')?.href,
    icons: links.filter((l) => l.rel === 'icon').map((l) => l.href),
  }
}

/** Visible text of server HTML, without React's text separators. */
export const visibleText = (html: string) => html.replace(/<!-- -->/g, '')

const NOT_RUN = /^(text\/plain|application\/(ld\+)?json)$/i

/**
 * A cached public page's CSP lists the SHA-256 of each script that may run and nothing else: every
 * inline script that runs has its hash listed, every listed hash belongs to one of them, no script
 * carries a nonce and no parser-inserted script loads a file (hashes could not allow it).
 */
export function expectScriptsAllowedByHash(html: string, csp: string) {
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
  expect(scriptSrc).not.toContain("'nonce-")
  expect(scriptSrc).toContain("'strict-dynamic'")
  const listed = new Set([...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]))
  const needed = new Set<string>()
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrMap = attributes(`<script${attrs}>`)
    expect(attrs, 'a nonce on a cached page').not.toMatch(/\bnonce\b/)
    if (attrMap.type && NOT_RUN.test(attrMap.type)) continue
    expect(attrMap.src, `parser-inserted <script src> ${attrs}`).toBeUndefined()
    needed.add(createHash('sha256').update(body).digest('base64'))
  }
  expect(needed.size).toBeGreaterThan(0)
  expect([...listed].sort()).toEqual([...needed].sort())
}
