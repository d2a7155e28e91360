/**
 * What an operator's script entry may hold, checked the way a browser reads it: a tokenizer over the
 * top-level of the markup (not a regex), so text between elements, unclosed elements and other
 * elements are found wherever they are. Only whole `<script>`, `<noscript>`, `<link>`, `<meta>` and
 * `<style>` elements, whitespace and comments pass: anything else would print on every public page.
 */

export const allowedScriptElements = ['script', 'noscript', 'link', 'meta', 'style'] as const
const ALLOWED = new Set<string>(allowedScriptElements)
/** Elements whose content is text up to their end tag, as the parser reads them in the head. */
const RAW_TEXT = new Set(['script', 'style', 'noscript'])
const VOID = new Set(['link', 'meta'])
const WHITESPACE = /[\t\n\f\r ]/
const ALLOWED_LIST = '<script>, <noscript>, <link>, <meta> or <style>'

export type MarkupElement = { name: string; start: number; end: number }
export type MarkupCheck = { ok: true; elements: MarkupElement[] } | { ok: false; message: string }

class MarkupError extends Error {}

const excerpt = (text: string) => {
  const flat = text.trim().replace(/\s+/g, ' ')
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat
}

/** Reads a start or end tag from `<` at `at`; returns its name and the index after its `>`. */
function readTag(html: string, at: number): { name: string; closing: boolean; end: number } {
  let i = at + 1
  const closing = html[i] === '/'
  if (closing) i++
  const nameMatch = /^[a-zA-Z][^\t\n\f\r />]*/.exec(html.slice(i))
  if (!nameMatch) throw new MarkupError('')
  const name = nameMatch[0].toLowerCase()
  i += nameMatch[0].length
  const unfinished = () =>
    new MarkupError(`The tag "${excerpt(html.slice(at, at + 30))}" is not finished: it needs its closing >`)
  while (i < html.length) {
    const c = html[i] as string
    if (c === '>') return { name, closing, end: i + 1 }
    if (WHITESPACE.test(c) || c === '/') {
      i++
      continue
    }
    // An attribute: a name, then perhaps = and a value, quoted or not.
    while (i < html.length && !/[\t\n\f\r />=]/.test(html[i] as string)) i++
    let j = i
    while (j < html.length && WHITESPACE.test(html[j] as string)) j++
    if (html[j] !== '=') continue
    j++
    while (j < html.length && WHITESPACE.test(html[j] as string)) j++
    const quote = html[j]
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, j + 1)
      if (close < 0) throw unfinished()
      i = close + 1
    } else {
      while (j < html.length && !/[\t\n\f\r >]/.test(html[j] as string)) j++
      i = j
    }
  }
  throw unfinished()
}

/** The index after the end tag of a raw-text element whose content starts at `from`, or -1. */
function endOfRawText(html: string, name: string, from: number): { contentEnd: number; end: number } | null {
  const pattern = new RegExp(`</${name}(?=[\\t\\n\\f\\r />])`, 'gi')
  pattern.lastIndex = from
  const found = pattern.exec(html)
  if (!found) return null
  const close = html.indexOf('>', found.index)
  if (close < 0) return null
  return { contentEnd: found.index, end: close + 1 }
}

/** Inside `<noscript>`: elements, comments and whitespace only, or the text shows to some visitors. */
function checkNoscriptContent(content: string) {
  let i = 0
  while (i < content.length) {
    const c = content[i] as string
    if (WHITESPACE.test(c)) {
      i++
      continue
    }
    if (content.startsWith('<!--', i)) {
      const close = content.indexOf('-->', i + 4)
      if (close < 0) throw new MarkupError('A comment is not closed: add -->')
      i = close + 3
      continue
    }
    if (c === '<' && /^<\/?[a-zA-Z]/.test(content.slice(i, i + 3))) {
      i = readTag(content, i).end
      continue
    }
    const next = content.indexOf('<', i + 1)
    throw new MarkupError(
      `The <noscript> element holds text ("${excerpt(content.slice(i, next < 0 ? undefined : next))}"): only elements such as <iframe> or <img> belong there`,
    )
  }
}

/** Checks a script entry's markup; on success, its top-level elements in order. */
export function checkScriptMarkup(html: string): MarkupCheck {
  const elements: MarkupElement[] = []
  try {
    let i = 0
    while (i < html.length) {
      const c = html[i] as string
      if (WHITESPACE.test(c)) {
        i++
        continue
      }
      if (html.startsWith('<!--', i)) {
        const close = html.indexOf('-->', i + 4)
        if (close < 0) throw new MarkupError('A comment is not closed: add -->')
        i = close + 3
        continue
      }
      if (c === '<' && /^<[a-zA-Z]/.test(html.slice(i, i + 2))) {
        const start = i
        const tag = readTag(html, i)
        if (!ALLOWED.has(tag.name)) {
          throw new MarkupError(`<${tag.name}> is not allowed here: use only ${ALLOWED_LIST} elements`)
        }
        i = tag.end
        if (RAW_TEXT.has(tag.name)) {
          const close = endOfRawText(html, tag.name, i)
          if (!close) throw new MarkupError(`The <${tag.name}> element is not closed: add </${tag.name}>`)
          if (tag.name === 'noscript') checkNoscriptContent(html.slice(i, close.contentEnd))
          i = close.end
        } else if (!VOID.has(tag.name)) {
          throw new MarkupError(`<${tag.name}> is not allowed here: use only ${ALLOWED_LIST} elements`)
        }
        elements.push({ name: tag.name, start, end: i })
        continue
      }
      if (c === '<' && /^<\/[a-zA-Z]/.test(html.slice(i, i + 3))) {
        const tag = readTag(html, i)
        throw new MarkupError(`</${tag.name}> closes no element: remove it or add its opening tag`)
      }
      const next = html.indexOf('<', i + 1)
      throw new MarkupError(
        `Text outside an element ("${excerpt(html.slice(i, next < 0 ? undefined : next))}") would show on every page: paste complete ${ALLOWED_LIST} elements, or just a Google Tag Manager, GA4 or Meta Pixel ID`,
      )
    }
  } catch (error) {
    if (error instanceof MarkupError) return { ok: false, message: error.message }
    throw error
  }
  if (elements.length === 0) {
    return { ok: false, message: `The script has no elements: paste complete ${ALLOWED_LIST} elements` }
  }
  return { ok: true, elements }
}
