import fs from 'node:fs'
import path from 'node:path'

/**
 * Critical CSS for the public pages (docs/decisions/0020-critical-css.md): the head carries the
 * stylesheet's rules that can match the page as rendered (every rule without a class in its
 * selector, and the class rules whose classes all occur in the page); the whole stylesheet
 * follows as print-only, so it no longer holds up the first paint, until the islands script
 * applies it.
 */

type CssNode =
  | { kind: 'raw'; text: string }
  | { kind: 'rule'; selectors: string[][]; text: string }
  | { kind: 'group'; prelude: string; children: CssNode[] }

/** At-rules whose block holds rules, filtered like the top level; any other at-rule is kept whole. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container|scope|starting-style)\b/i

/** Index just past the string that starts at `start` (a quote). */
function skipString(css: string, start: number): number {
  const quote = css[start]
  let i = start + 1
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1
  return i + 1
}

/** Index just past the comment that starts at `start`. */
function skipComment(css: string, start: number): number {
  const end = css.indexOf('*/', start + 2)
  return end < 0 ? css.length : end + 2
}

/**
 * Index of the next `stops` character outside strings, comments and nested pairs (`opens` with
 * `closes`: parentheses and brackets unless told), or the end.
 */
function scanTo(css: string, start: number, stops: string, opens = '([', closes = ')]'): number {
  let depth = 0
  let i = start
  while (i < css.length) {
    const c = css[i] as string
    if (c === '"' || c === "'") i = skipString(css, i)
    else if (c === '/' && css[i + 1] === '*') i = skipComment(css, i)
    else if (c === '\\') i += 2
    else {
      if (depth === 0 && stops.includes(c)) return i
      if (opens.includes(c)) depth++
      else if (closes.includes(c) && depth > 0) depth--
      i++
    }
  }
  return css.length
}

/** Index of the `}` that closes the block whose `{` is at `open`. */
const blockEnd = (css: string, open: number) => scanTo(css, open + 1, '}', '{', '}')

const unescapeIdent = (ident: string) =>
  ident.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_m, hex: string | undefined, char: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char,
  )

/**
 * The class names one selector needs on the page. Classes under `:not()` are left out (their
 * absence is what matches); attribute values and strings are not class names.
 */
export function selectorClasses(selector: string): string[] {
  const classes: string[] = []
  let i = 0
  while (i < selector.length) {
    const c = selector[i]
    if (c === '"' || c === "'") i = skipString(selector, i)
    else if (c === '\\') i += 2
    else if (c === '[') i = scanTo(selector, i + 1, ']') + 1
    else if (selector.startsWith(':not(', i)) i = scanTo(selector, i + 5, ')') + 1
    else if (c === '.' && /[-_a-zA-Z\\\u00a0-\uffff]/.test(selector[i + 1] ?? '')) {
      const match = /^(?:[-\w\u00a0-\uffff]|\\[0-9a-fA-F]{1,6} ?|\\.)+/.exec(selector.slice(i + 1))
      const ident = match?.[0] ?? ''
      classes.push(unescapeIdent(ident))
      i += 1 + ident.length
    } else i++
  }
  return classes
}

function splitSelectorList(prelude: string): string[] {
  const parts: string[] = []
  let start = 0
  for (;;) {
    const comma = scanTo(prelude, start, ',')
    parts.push(prelude.slice(start, comma))
    if (comma >= prelude.length) return parts
    start = comma + 1
  }
}

/** Parses a stylesheet into rules, statements and grouping at-rules (nested). */
export function parseCss(css: string, from = 0, to = css.length): CssNode[] {
  const nodes: CssNode[] = []
  let i = from
  while (i < to) {
    while (i < to && /\s/.test(css[i] as string)) i++
    if (i >= to) break
    if (css.startsWith('/*', i)) {
      i = skipComment(css, i)
      continue
    }
    const stop = scanTo(css, i, '{;}')
    const prelude = css.slice(i, Math.min(stop, to)).trim()
    if (stop >= to || css[stop] !== '{') {
      if (prelude) nodes.push({ kind: 'raw', text: `${prelude};` })
      i = stop + 1
      continue
    }
    const end = blockEnd(css, stop)
    if (GROUPING_AT_RULES.test(prelude)) {
      nodes.push({ kind: 'group', prelude, children: parseCss(css, stop + 1, end) })
    } else if (prelude.startsWith('@')) {
      nodes.push({ kind: 'raw', text: css.slice(i, end + 1) })
    } else {
      const selectors = splitSelectorList(prelude).map(selectorClasses)
      nodes.push({ kind: 'rule', selectors, text: `${prelude}${css.slice(stop, end + 1)}` })
    }
    i = end + 1
  }
  return nodes
}

function serialise(nodes: CssNode[], classes: ReadonlySet<string>): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'raw') out += node.text
    else if (node.kind === 'rule') {
      if (node.selectors.some((needed) => needed.every((name) => classes.has(name)))) out += node.text
    } else {
      const inner = serialise(node.children, classes)
      if (inner) out += `${node.prelude}{${inner}}`
    }
  }
  return out
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }

/** Every class name used in an HTML document. */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>()
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = (match[1] as string).replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) =>
      name[0] === '#'
        ? String.fromCodePoint(
            name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
          )
        : (ENTITIES[name] ?? entity),
    )
    for (const name of value.split(/\s+/)) if (name) classes.add(name)
  }
  return classes
}

/** A parsed stylesheet that answers the part of it one page needs. */
export class CriticalStylesheet {
  readonly #nodes: CssNode[]
  constructor(css: string) {
    this.#nodes = parseCss(css)
  }
  for(html: string): string {
    return serialise(this.#nodes, htmlClasses(html))
  }
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g
const hrefOf = (tag: string) => /\bhref="([^"]+)"/.exec(tag)?.[1]

/**
 * Rewrites a public page: each of our own stylesheets in the head becomes its critical part
 * inline, followed by the stylesheet itself as print-only, which does not block rendering; the
 * islands script makes it apply to the screen (app/islands/entry.client.tsx), and without
 * scripts a <noscript> copy does.
 */
export class CriticalCss {
  readonly #clientDir: string
  readonly #sheets = new Map<string, CriticalStylesheet | null>()

  constructor(clientDir: string) {
    this.#clientDir = clientDir
  }

  #sheet(href: string): CriticalStylesheet | null {
    let sheet = this.#sheets.get(href)
    if (sheet === undefined) {
      const file = path.join(this.#clientDir, href)
      const ours = href.startsWith('/assets/') && href.endsWith('.css') && !href.includes('..')
      sheet = ours && fs.existsSync(file) ? new CriticalStylesheet(fs.readFileSync(file, 'utf8')) : null
      this.#sheets.set(href, sheet)
    }
    return sheet
  }

  inline(html: string): string {
    const headEnd = html.indexOf('</head>')
    if (headEnd < 0) return html
    const head = html.slice(0, headEnd).replace(STYLESHEET_LINK, (tag) => {
      const href = hrefOf(tag)
      const sheet = href ? this.#sheet(href) : null
      if (!href || !sheet) return tag
      const nonce = /\bnonce="([^"]*)"/.exec(tag)?.[1]
      const nonceAttr = nonce === undefined ? '' : ` nonce="${nonce}"`
      return (
        `<style${nonceAttr}>${sheet.for(html)}</style>` +
        `<link rel="stylesheet" href="${href}" media="print" data-deferred-style=""${nonceAttr}/>` +
        `<noscript><link rel="stylesheet" href="${href}"${nonceAttr}/></noscript>`
      )
    })
    return head + html.slice(headEnd)
  }
}
