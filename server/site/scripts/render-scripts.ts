import { gateScriptMarkup, scriptInjection } from '../../../core/script-injection.ts'
import { NONCE_PLACEHOLDER } from '../../platform/index.ts'

export type ScriptRecord = { id: number; script: string; position: string; consentCategory: string }

/**
 * Prepares an admin's script markup for the page: every `<script>` gets the response's nonce, and a
 * script with a consent category is sent inert until the visitor grants it (core/script-injection.ts).
 */
export function prepareScript(record: ScriptRecord): string {
  return gateScriptMarkup(record.script, record.consentCategory, NONCE_PLACEHOLDER)
}

/**
 * Head and body markup of the active scripts, in a stable order (id). An entry that breaks the
 * rules of the save (a row from before them) is left out whole, so its text never shows on a page.
 */
export function renderScripts(records: ScriptRecord[]): { head: string; body: string } {
  const head: string[] = []
  const body: string[] = []
  for (const record of [...records].sort((a, b) => a.id - b.id)) {
    const injection = scriptInjection(record, NONCE_PLACEHOLDER)
    if (!injection.ok) continue
    if (injection.head) head.push(injection.head)
    if (injection.bodyEnd) body.push(injection.bodyEnd)
  }
  return { head: head.join('\n'), body: body.join('\n') }
}
