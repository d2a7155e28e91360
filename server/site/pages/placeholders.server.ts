import { placeholderWidgets } from '../../../core/page-conversion.ts'
import { PLACEHOLDER_CONTENT, type PlaceholderConflict } from '../../../core/schemas/pages.ts'

/**
 * Whether a save must be confirmed first: it leaves the page published with a template's sample
 * content in it (docs/decisions/0061-editor-switching-and-placeholders.md), and it publishes the
 * page or changes its content without `confirmPlaceholders`. Null when it may go ahead.
 */
export function placeholderConflict({
  publishing,
  content,
  confirmed,
}: {
  publishing: boolean
  content: unknown
  confirmed: boolean | undefined
}): PlaceholderConflict | null {
  if (!publishing || confirmed === true) return null
  const placeholders = placeholderWidgets(content)
  if (placeholders.length === 0) return null
  const names = placeholders.map((p) => `${p.label} in Section ${p.section}`).join(', ')
  return {
    message: `This page still holds template sample content: ${names}. Replace it, or confirm to publish it as it is.`,
    code: PLACEHOLDER_CONTENT,
    placeholders,
  }
}
