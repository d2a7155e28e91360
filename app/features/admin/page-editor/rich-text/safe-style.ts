/** Properties a `<div>` from Code View may keep: look and layout of a block, nothing that positions it. */
const PROPERTIES = new Set([
  'color',
  'background-color',
  'text-align',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'line-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-width',
  'border-style',
  'border-color',
  'border-radius',
  'width',
  'max-width',
  'height',
  'min-height',
  'display',
  'gap',
  'grid-template-columns',
])
const FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'repeat', 'minmax', 'calc'])

/** Colons, semicolons, slashes, backslashes, `!` and `url(` cannot appear, so nothing loads or escapes. */
function safeValue(value: string): boolean {
  if (!/^[#\w\s.,%()'"+*-]{1,200}$/.test(value)) return false
  return [...value.matchAll(/([a-z-]+)\s*\(/gi)].every((match) =>
    FUNCTIONS.has((match[1] ?? '').toLowerCase()),
  )
}

/** The declarations of a style attribute that are safe to keep, as a style attribute ('' if none). */
export function safeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':')
      if (colon < 0) return null
      const property = declaration.slice(0, colon).trim().toLowerCase()
      const value = declaration.slice(colon + 1).trim()
      return PROPERTIES.has(property) && safeValue(value) ? `${property}: ${value}` : null
    })
    .filter((declaration) => declaration !== null)
    .join('; ')
}
