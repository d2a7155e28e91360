import { createDocument, getHTMLFromFragment } from '@tiptap/core'
import type { Schema } from '@tiptap/pm/model'
import { safeHref } from '../../../../../core/links.ts'

/**
 * The parts of a DOM node the comparison reads. Real DOM nodes fit it; so do plain objects, which
 * lets the comparison run in tests without a DOM.
 */
export interface MarkupNode {
  readonly nodeType: number
  readonly nodeName: string
  readonly nodeValue: string | null
  readonly childNodes: ArrayLike<MarkupNode>
  getAttribute?(name: string): string | null
  /** When present (a real element), styles are read through it, so both sides are normalised alike. */
  readonly style?: {
    readonly length: number
    item(index: number): string
    getPropertyValue(name: string): string
  }
}

const ELEMENT = 1
const TEXT = 3

/** Tags the editor writes differently but means the same by. */
const SAME_AS: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' }
const SCAFFOLD_TAGS = new Set(['html', 'head', 'body'])
/** Text in these is not page text (or, for players, a fallback the editor does not keep). */
const TEXTLESS_TAGS = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'title',
  'iframe',
  'video',
  'audio',
])
const COMPARED_ATTRIBUTES = ['href', 'src', 'srcset', 'sizes', 'alt', 'class', 'style', 'id']

type Feature = { label: string; detail?: string }
export type MarkupInventory = { features: Map<string, Feature>; text: string }

function styleEntries(node: MarkupNode): [string, string][] {
  const style = node.style
  if (style) {
    const entries: [string, string][] = []
    for (let i = 0; i < style.length; i += 1) {
      const name = style.item(i)
      const value = style.getPropertyValue(name)
      // A shorthand sets the longhands it does not mention to "initial": nothing of the author's.
      if (value && value !== 'initial') entries.push([name, value])
    }
    return entries
  }
  return (node.getAttribute?.('style') ?? '')
    .split(';')
    .map((declaration) => declaration.split(':'))
    .filter((parts) => parts.length >= 2)
    .map(([name = '', ...value]) => [
      name.trim().toLowerCase(),
      value.join(':').trim().replace(/\s+/g, ' ').toLowerCase(),
    ])
}

/** Every element kind, compared attribute value and style property in a document, and its text. */
export function markupInventory(root: MarkupNode): MarkupInventory {
  const features = new Map<string, Feature>()
  const text: string[] = []
  const visit = (node: MarkupNode, inTextless: boolean) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === TEXT && !inTextless) text.push(child.nodeValue ?? '')
      if (child.nodeType !== ELEMENT) continue
      const name = child.nodeName.toLowerCase()
      const tag = SAME_AS[name] ?? name
      // The editor drops bare spans; a span's attributes still count.
      if (!SCAFFOLD_TAGS.has(tag) && tag !== 'span')
        features.set(`tag ${tag}`, { label: `<${tag}> elements` })
      for (const attribute of SCAFFOLD_TAGS.has(tag) ? [] : COMPARED_ATTRIBUTES) {
        const value = child.getAttribute?.(attribute)
        if (value === null || value === undefined) continue
        const label = `${attribute} on <${tag}>`
        if (attribute === 'style') {
          for (const [property, propertyValue] of styleEntries(child)) {
            features.set(`style ${tag} ${property}: ${propertyValue}`, { label, detail: property })
          }
        } else {
          const normalised = attribute === 'class' ? value.trim().split(/\s+/).sort().join(' ') : value.trim()
          if (attribute === 'class' && !normalised) continue
          features.set(`${attribute} ${tag} ${normalised}`, { label })
        }
      }
      visit(child, inTextless || TEXTLESS_TAGS.has(tag))
    }
  }
  visit(root, false)
  // Whitespace is layout in HTML source, not content: the editor is free to change it.
  return { features, text: text.join('').replace(/\s+/g, '') }
}

export const parseHtml = (html: string): Document => new DOMParser().parseFromString(html, 'text/html')

/**
 * What of `before` is missing from `after`, in words for the operator: "<table> elements",
 * "class on <span>", "style on <p> (color, border-top-width)", "text content". Documents are
 * compared as sets (the editor may merge two spans into one), so this reports kinds, not counts.
 */
export function lostMarkup(
  before: MarkupNode | string,
  after: MarkupNode | string,
  parse: (html: string) => MarkupNode = parseHtml,
): string[] {
  const was = markupInventory(typeof before === 'string' ? parse(before) : before)
  const is = markupInventory(typeof after === 'string' ? parse(after) : after)
  const lost = new Map<string, string[]>()
  for (const [key, feature] of was.features) {
    if (is.features.has(key)) continue
    const details = lost.get(feature.label) ?? []
    if (feature.detail && !details.includes(feature.detail)) details.push(feature.detail)
    lost.set(feature.label, details)
  }
  const items = [...lost].map(([label, details]) =>
    details.length ? `${label} (${details.join(', ')})` : label,
  )
  if (was.text !== is.text) items.push('text content')
  return items
}

/**
 * HTML from Code View, as the editor will be given it: link addresses with another protocol become
 * about:blank (SPEC section 2), so that is not reported as a loss. Browser only.
 */
export function prepareHtml(html: string): { document: Document; html: string } {
  const document = parseHtml(html)
  for (const link of Array.from(document.querySelectorAll('a[href]'))) {
    link.setAttribute('href', safeHref(link.getAttribute('href') ?? ''))
  }
  return { document, html: document.body.innerHTML }
}

/**
 * What the editor would make of `raw` (parsed with its schema, off the live document) and what of
 * it would be lost. Browser only.
 */
export function checkHtml(schema: Schema, raw: string): { html: string; lost: string[] } {
  const prepared = prepareHtml(raw)
  const output = getHTMLFromFragment(createDocument(prepared.html, schema).content, schema)
  return { html: prepared.html, lost: lostMarkup(prepared.document, output) }
}

/** The editor's one-line HTML with a line break between blocks, for reading in Code View. */
export function formatHtml(html: string): string {
  // Only between a block's end and the next tag's start: inside a paragraph (after <br>) a break
  // would become a space, and a run of closing tags reads better on one line.
  return html.replace(/(<\/(?:p|h[1-6]|ul|ol|li|blockquote|pre|div)>|<hr>)(?=<[^/])/g, '$1\n').trim()
}
