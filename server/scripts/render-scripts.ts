import { NONCE_PLACEHOLDER } from '../http/nonce.ts'

export type ScriptRecord = { id: number; script: string; position: string; consentCategory: string }

/**
 * Prepares an admin's script markup for the page: every `<script>` gets the response's nonce, and a
 * script with a consent category is sent inert (`type="text/plain"`) with its category and original
 * type kept in data attributes, for the consent layer to activate once that category is granted.
 */
export function prepareScript(record: ScriptRecord): string {
  const gated = record.consentCategory !== 'none'
  return record.script.replace(/<script\b([^>]*)>/gi, (_tag, attributes: string) => {
    let attrs = attributes.replace(/\snonce\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    if (gated) {
      const type = /\stype\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs)
      const original = type ? (type[2] ?? type[3] ?? type[4] ?? '') : ''
      attrs = attrs.replace(/\stype\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
      const keep = original ? ` data-consent-type="${original.replace(/"/g, '&quot;')}"` : ''
      attrs = ` type="text/plain" data-consent-category="${record.consentCategory}"${keep}${attrs}`
    }
    return `<script nonce="${NONCE_PLACEHOLDER}"${attrs}>`
  })
}

/** Head and body markup of the active scripts, in a stable order (id). */
export function renderScripts(records: ScriptRecord[]): { head: string; body: string } {
  const sorted = [...records].sort((a, b) => a.id - b.id)
  const join = (position: string) =>
    sorted
      .filter((r) => r.position === position)
      .map(prepareScript)
      .join('\n')
  return { head: join('head'), body: join('body') }
}
