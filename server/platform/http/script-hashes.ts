import { createHash } from 'node:crypto'
import { NONCE_PLACEHOLDER } from './nonce.ts'

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const TRUSTED = ` nonce="${NONCE_PLACEHOLDER}"`
// Scripts the browser never runs: the consent layer's inert scripts and data blocks.
const NOT_RUN = /^(text\/plain|application\/(ld\+)?json|importmap)$/i

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_m, code: string) => {
    const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }
    if (code[0] !== '#') return named[code.toLowerCase()] ?? ''
    const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1))
    return String.fromCodePoint(n)
  })
}

function parseAttributes(attrs: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of attrs.matchAll(ATTRIBUTE)) {
    out[(m[1] as string).toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')
  }
  return out
}

export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/**
 * A parser-inserted `<script src>` is not allowed by hashes under 'strict-dynamic', so an operator's
 * external script is sent inert (`type="text/plain"`, its own type kept in `data-csp-type`) and
 * followed by this loader, allowed by its hash, which inserts a live copy in the same place.
 * Scripts inserted this way run in order (async = false) unless they asked for async.
 */
export const EXTERNAL_SCRIPT_LOADER = [
  '(function(c){var e=c.previousElementSibling,s=document.createElement("script");',
  'for(var i=0;i<e.attributes.length;i++){var a=e.attributes[i];',
  'if(a.name!=="type"&&a.name.indexOf("data-csp-")!==0)s.setAttribute(a.name,a.value);}',
  'var t=e.getAttribute("data-csp-type");if(t)s.type=t;if(!e.hasAttribute("async"))s.async=false;',
  'c.parentNode.insertBefore(s,c.nextSibling);})(document.currentScript)',
].join('')

const TYPE_ATTRIBUTE = /\stype\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i

function inertExternal(attrs: string): string {
  const type = TYPE_ATTRIBUTE.exec(attrs)
  const original = type ? (type[2] ?? type[3] ?? type[4] ?? '') : ''
  const rest = attrs.replace(new RegExp(TYPE_ATTRIBUTE.source, 'gi'), '')
  const keep = original ? ` data-csp-type="${original.replace(/"/g, '&quot;')}"` : ''
  return `<script type="text/plain" data-csp-external${keep}${rest}></script><script>${EXTERNAL_SCRIPT_LOADER}</script>`
}

/**
 * Turns a page rendered with nonce placeholders into one a hash-based CSP allows: the scripts we
 * marked as trusted (the placeholder nonce: React Router's, the consent layer's and the
 * operator's) lose the nonce and their hashes are listed; any other script (it could only come
 * from content) is left as it is and will not run.
 */
export function hashTrustedScripts(html: string): { html: string; sources: string[] } {
  const sources = new Set<string>()
  const out = html.replace(SCRIPT, (whole, rawAttrs: string, body: string) => {
    if (!rawAttrs.includes(TRUSTED)) return whole
    const attrs = rawAttrs.replace(TRUSTED, '')
    const parsed = parseAttributes(attrs)
    if (parsed.type !== undefined && NOT_RUN.test(parsed.type.trim()))
      return `<script${attrs}>${body}</script>`
    if (parsed.src !== undefined) {
      sources.add(sha256Source(EXTERNAL_SCRIPT_LOADER))
      return inertExternal(attrs)
    }
    sources.add(sha256Source(body))
    return `<script${attrs}>${body}</script>`
  })
  // Links and styles carried the placeholder too; without a nonce in the policy it means nothing.
  return { html: out.replaceAll(TRUSTED, ''), sources: [...sources] }
}
