import type { scriptConsentCategories } from './consent.ts'
import { checkScriptMarkup } from './script-markup.ts'
import { type VendorTag, vendorCategoryProblem, vendorTag } from './script-vendors.ts'

type ScriptCategory = (typeof scriptConsentCategories)[number]

export type ScriptEntry = { script: string; position: string; consentCategory: string }

/** What one entry puts on every public page, and where; the form's preview shows the same. */
export type ScriptInjection =
  | {
      ok: true
      vendor: VendorTag | null
      /** The consent category the markup waits for; null: essential, it runs for every visitor. */
      gate: Exclude<ScriptCategory, 'none'> | null
      head: string
      bodyEnd: string
      /**
       * `<noscript>` markup not sent (a vendor's fallback belongs at the start of the body): it would
       * run for visitors without JavaScript, who have not consented.
       */
      leftOut: string | null
    }
  | { ok: false; message: string }

const isCategory = (value: string): value is ScriptCategory =>
  value === 'none' || value === 'analytics' || value === 'marketing' || value === 'preferences'

const ATTRIBUTE_VALUE = '("[^"]*"|\'[^\']*\'|[^\\s>]+)'

/**
 * Every `<script>` gets the nonce (`nonce` null: none, as in the form's preview), and a script with
 * a consent category is sent inert (`type="text/plain"`) with its category and original type kept
 * in data attributes, for the consent layer to activate once that category is granted.
 */
export function gateScriptMarkup(markup: string, category: string, nonce: string | null): string {
  const gated = category !== 'none'
  return markup.replace(/<script\b([^>]*)>/gi, (_tag, attributes: string) => {
    let attrs = attributes.replace(new RegExp(`\\snonce\\s*=\\s*${ATTRIBUTE_VALUE}`, 'gi'), '')
    if (gated) {
      const type = /\stype\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs)
      const original = type ? (type[2] ?? type[3] ?? type[4] ?? '') : ''
      attrs = attrs.replace(new RegExp(`\\stype\\s*=\\s*${ATTRIBUTE_VALUE}`, 'gi'), '')
      const keep = original ? ` data-consent-type="${original.replace(/"/g, '&quot;')}"` : ''
      attrs = ` type="text/plain" data-consent-category="${category}"${keep}${attrs}`
    }
    return `<script${nonce === null ? '' : ` nonce="${nonce}"`}${attrs}>`
  })
}

/**
 * Checks an entry (the same rules as the save) and answers what it injects. An entry that fails,
 * such as a row saved before these rules, injects nothing: its text never reaches a page.
 */
export function scriptInjection(entry: ScriptEntry, nonce: string | null = null): ScriptInjection {
  if (!isCategory(entry.consentCategory)) {
    return { ok: false, message: `Unknown consent category "${entry.consentCategory}"` }
  }
  const category = entry.consentCategory
  const gate = category === 'none' ? null : category
  const tag = vendorTag(entry.script)
  if (tag) {
    const problem = vendorCategoryProblem(entry.script, category)
    if (problem) return { ok: false, message: problem }
    return {
      ok: true,
      vendor: tag,
      gate,
      // Vendors ask for their snippet in the head, whatever position the entry names.
      head: gateScriptMarkup(tag.vendor.head(tag.id), category, nonce),
      bodyEnd: '',
      leftOut: tag.vendor.noscript ? tag.vendor.noscript(tag.id) : null,
    }
  }
  const checked = checkScriptMarkup(entry.script)
  if (!checked.ok) return checked
  // A <noscript> runs for visitors without JavaScript, who cannot have consented on a page that is
  // the same bytes for everyone: a gated entry's <noscript> elements are not sent.
  const dropped = gate ? checked.elements.filter((e) => e.name === 'noscript') : []
  let kept = entry.script
  for (const element of [...dropped].reverse()) {
    kept = kept.slice(0, element.start) + kept.slice(element.end)
  }
  const markup = gateScriptMarkup(dropped.length ? kept.trim() : kept, category, nonce)
  return {
    ok: true,
    vendor: null,
    gate,
    head: entry.position === 'head' ? markup : '',
    bodyEnd: entry.position === 'head' ? '' : markup,
    leftOut: dropped.length ? dropped.map((e) => entry.script.slice(e.start, e.end)).join('\n') : null,
  }
}
