import { factPlaceholder, siteFacts, unknownFactKeys } from '../../../../core/site-facts.ts'
import { cn } from '../../../lib/cn.ts'

/**
 * "Insert fact": a native select, so it is reached and chosen by keyboard like any other control.
 * Choosing a fact hands its placeholder (`{{fact.key}}`) to `onPick` and resets to the prompt.
 */
export function FactPicker({
  field,
  onPick,
  disabled,
  className,
}: {
  /** The field it inserts into (its description: the name stays "Insert fact", so a label lookup
   * for the field itself never finds the picker too). */
  field: string
  onPick: (placeholder: string) => void
  disabled?: boolean
  className?: string
}) {
  return (
    <select
      aria-label="Insert fact"
      title={`Insert a site fact into ${field}`}
      value=""
      disabled={disabled}
      onChange={(event) => {
        if (event.target.value) onPick(factPlaceholder(event.target.value))
      }}
      className={cn(
        'h-9 rounded-md border border-slate-300 bg-white px-1 text-slate-900 text-sm focus-visible:outline-3 focus-visible:outline-teal-600 focus-visible:outline-offset-1',
        className,
      )}
    >
      <option value="">Insert fact…</option>
      {siteFacts.map((fact) => (
        <option key={fact.key} value={fact.key}>
          {fact.label}
        </option>
      ))}
    </select>
  )
}

/** Placeholders naming no fact: shown as typed in the builder, empty on the site. */
export function UnknownFactsWarning({ text }: { text: string }) {
  const unknown = unknownFactKeys(text)
  if (unknown.length === 0) return null
  return (
    <p role="status" className="text-amber-800 text-xs">
      {`No site fact is called ${unknown.map((k) => `“${k}”`).join(', ')}: ${unknown
        .map((k) => factPlaceholder(k))
        .join(', ')} shows as typed here and empty on the site.`}
    </p>
  )
}

/** `html` with a placeholder added to the end of its last paragraph (or as a paragraph of its own). */
export function appendToHtml(html: string, placeholder: string): string {
  if (!html.trim()) return `<p>${placeholder}</p>`
  const closing = /(<\/(?:p|h[1-6]|li|ul|ol|blockquote)>\s*)+$/i.exec(html)
  return closing ? `${html.slice(0, closing.index)}${placeholder}${closing[0]}` : `${html}${placeholder}`
}
