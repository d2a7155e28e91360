import type { WidgetStyles, WidgetType } from './page-content.ts'
import { isSafeStyleValue } from './page-styles.ts'
import { type Device, effectiveValue } from './responsive-styles.ts'

type Rgb = [number, number, number]

// The named colours an editor is likely to type; any other name is not judged (no warning).
const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  navy: '#000080',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  yellow: '#ffff00',
  orange: '#ffa500',
  purple: '#800080',
  teal: '#008080',
  maroon: '#800000',
}

/** An opaque colour's channels, or null for what cannot be judged (a name not listed, transparency). */
export function parseColour(value: string): Rgb | null {
  const v = (NAMED[value.trim().toLowerCase()] ?? value).trim().toLowerCase()
  const hex = /^#([0-9a-f]{3,8})$/.exec(v)?.[1]
  if (hex) {
    if (hex.length === 3 || hex.length === 4) {
      if (hex.length === 4 && hex[3] !== 'f') return null
      return [0, 1, 2].map((i) => Number.parseInt(`${hex[i]}${hex[i]}`, 16)) as Rgb
    }
    if (hex.length === 6 || hex.length === 8) {
      if (hex.length === 8 && hex.slice(6) !== 'ff') return null
      return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb
    }
    return null
  }
  const rgb = /^rgba?\(([^)]*)\)$/
    .exec(v)?.[1]
    ?.split(',')
    .map((part) => part.trim())
  if (!rgb || rgb.length < 3) return null
  if (rgb[3] !== undefined && Number(rgb[3]) !== 1) return null
  const channels = rgb
    .slice(0, 3)
    .map((c) => (c.endsWith('%') ? (Number.parseFloat(c) * 255) / 100 : Number(c)))
  return channels.every((c) => Number.isFinite(c) && c >= 0 && c <= 255) ? (channels as Rgb) : null
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
}

/** The WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Pixels of a font size (rem and em against the page's 16 px); null when it cannot be known. */
export function fontPixels(value: string | undefined): number | null {
  const m = value ? /^(\d+(?:\.\d+)?)(px|rem|em|%)$/.exec(value.trim()) : null
  if (!m) return null
  const n = Number(m[1])
  return m[2] === 'px' ? n : m[2] === '%' ? (n * 16) / 100 : n * 16
}

/** WCAG's large text: 18 pt (24 px), or 14 pt (about 18.7 px) in bold. */
export function isLargeText(px: number, weight: number): boolean {
  return px >= 24 || (px >= 18.66 && weight >= 700)
}

// What the site's stylesheet gives text no style sets (block-view.tsx contentClasses: slate-800
// on the page, navy-900 headings; main is slate-50).
const PAGE_TEXT = '#1e293b'
const PAGE_HEADING = '#0c1d3a'
const PAGE_BACKGROUND = '#f8fafc'
// A heading's size by level when no style sets it (Tailwind's preflight: the prose's h2 is 1.5rem).
const HEADING_PX = 24

const usable = (field: 'color' | 'backgroundColor', value: string | undefined) =>
  value && isSafeStyleValue(field, value) ? value : undefined

const textColourOf = (styles: WidgetStyles) =>
  usable('color', styles.color) ?? usable('color', styles.textColor)

export type ContrastCheck = {
  ratio: number
  /** 4.5 for body text, 3 for large text (WCAG 2 AA). */
  required: number
  passes: boolean
  text: string
  background: string
}

/**
 * The contrast of a widget's text with what is behind it, as `device` shows it: its own colours,
 * else its section's, else the page's. Null when a colour cannot be judged.
 */
export function widgetContrast(
  widget: { type: WidgetType; styles: WidgetStyles },
  section: WidgetStyles,
  device: Device = 'desktop',
): ContrastCheck | null {
  const heading = widget.type === 'heading'
  // A section's colour reaches a heading only through the colour a widget copies when added.
  const text = textColourOf(widget.styles) ?? (heading ? PAGE_HEADING : (textColourOf(section) ?? PAGE_TEXT))
  const background =
    usable('backgroundColor', widget.styles.backgroundColor) ??
    usable('backgroundColor', section.backgroundColor) ??
    PAGE_BACKGROUND
  const fg = parseColour(text)
  const bg = parseColour(background)
  if (!fg || !bg) return null
  const px = fontPixels(effectiveValue(widget.styles, 'fontSize', device)) ?? (heading ? HEADING_PX : 16)
  const weight = Number(widget.styles.fontWeight ?? (heading ? 700 : 400))
  const required = isLargeText(px, weight) ? 3 : 4.5
  const ratio = contrastRatio(fg, bg)
  return { ratio, required, passes: ratio >= required, text, background }
}
