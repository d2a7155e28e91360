/** Font stacks every visitor has: no web font to download (DESIGN: system fonts, no layout shift). */
export const FONT_FAMILIES = [
  { label: 'Arial', value: 'Arial, Helvetica, sans-serif' },
  { label: 'Georgia', value: "Georgia, 'Times New Roman', serif" },
  { label: 'Times New Roman', value: "'Times New Roman', Times, serif" },
  { label: 'Trebuchet MS', value: "'Trebuchet MS', Helvetica, sans-serif" },
  { label: 'Verdana', value: 'Verdana, Geneva, sans-serif' },
  { label: 'Courier New', value: "'Courier New', Courier, monospace" },
] as const

const fontKey = (value: string) =>
  value
    .replace(/["']/g, '')
    .replace(/\s*,\s*/g, ',')
    .trim()
    .toLowerCase()

/**
 * The listed font stack a font-family value is (browsers rewrite quotes and spacing), or the value
 * itself when it is not one of them.
 */
export function listedFontFamily(value: string): string {
  return FONT_FAMILIES.find((font) => fontKey(font.value) === fontKey(value))?.value ?? value
}

/** SPEC section 9: the font sizes of the page editors. */
export const FONT_SIZES = ['12px', '14px', '16px', '18px', '20px', '24px', '32px'] as const

/** A colour as `<input type="color">` needs it (#rrggbb), or `fallback` when it cannot be read. */
export function toHexColor(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback
  const color = value.trim().toLowerCase()
  if (/^#[\da-f]{6}$/.test(color)) return color
  const short = /^#([\da-f])([\da-f])([\da-f])$/.exec(color)
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(color)
  if (rgb) {
    return `#${rgb
      .slice(1, 4)
      .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0'))
      .join('')}`
  }
  return fallback
}
