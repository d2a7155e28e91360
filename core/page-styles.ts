import type { styleFields } from './blocks/types.ts'
import { fontSizes, fontWeights, textAligns, type WidgetStyles } from './page-content.ts'
import { type DeviceStyleField, type ResponsiveField, responsiveFields } from './responsive-styles.ts'

/**
 * Style values an editor may set, checked before they reach a `style` attribute: colours, lengths
 * and the listed choices only. Nothing else passes, so no `url()`, `expression()`, `;` or quote
 * can smuggle a rule, a request or script into a page.
 */
const COLOUR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)|[a-z]{3,20})$/i
const LENGTH = /^(0|-?\d{1,4}(\.\d{1,3})?(px|rem|em|%|vh|vw))$/
const LENGTHS = /^(0|-?\d{1,4}(\.\d{1,3})?(px|rem|em|%))( (0|-?\d{1,4}(\.\d{1,3})?(px|rem|em|%))){0,3}$/
const NAMED_COLOURS_BLOCKED = /^(expression|url|var|attr|calc|inherit|initial|unset)$/i

type BaseField = (typeof styleFields)[number]

const baseChecks: Record<BaseField, (v: string) => boolean> = {
  fontSize: (v) => (fontSizes as readonly string[]).includes(v) || LENGTH.test(v),
  fontWeight: (v) => fontWeights.some((w) => w.value === v),
  color: (v) => COLOUR.test(v) && !NAMED_COLOURS_BLOCKED.test(v),
  textColor: (v) => COLOUR.test(v) && !NAMED_COLOURS_BLOCKED.test(v),
  backgroundColor: (v) => COLOUR.test(v) && !NAMED_COLOURS_BLOCKED.test(v),
  borderColor: (v) => COLOUR.test(v) && !NAMED_COLOURS_BLOCKED.test(v),
  margin: (v) => LENGTHS.test(v),
  padding: (v) => LENGTHS.test(v),
  borderWidth: (v) => LENGTH.test(v),
  borderRadius: (v) => LENGTHS.test(v),
  textAlign: (v) => (textAligns as readonly string[]).includes(v),
}

const isTrue = (v: string) => v === 'true'
const checks: Record<keyof WidgetStyles, (v: string) => boolean> = {
  ...baseChecks,
  ...(Object.fromEntries(
    responsiveFields.flatMap((field) => [
      [`${field}Tablet`, baseChecks[field]],
      [`${field}Mobile`, baseChecks[field]],
    ]),
  ) as Record<`${ResponsiveField}${'Tablet' | 'Mobile'}`, (v: string) => boolean>),
  hideDesktop: isTrue,
  hideTablet: isTrue,
  hideMobile: isTrue,
} satisfies Record<BaseField | DeviceStyleField, (v: string) => boolean>

export function isSafeStyleValue(field: keyof WidgetStyles, value: string): boolean {
  const check = checks[field]
  return check?.(value.trim()) ?? false
}

/** Only the valid fields, trimmed; invalid ones are dropped (the rest of the widget still renders). */
export function safeStyles(styles: WidgetStyles): WidgetStyles {
  const out: WidgetStyles = {}
  for (const [field, value] of Object.entries(styles) as [keyof WidgetStyles, string | undefined][]) {
    if (typeof value === 'string' && isSafeStyleValue(field, value)) out[field] = value.trim()
  }
  return out
}

const cssNames: Record<BaseField, string> = {
  fontSize: 'font-size',
  fontWeight: 'font-weight',
  color: 'color',
  textColor: 'color',
  backgroundColor: 'background-color',
  margin: 'margin',
  padding: 'padding',
  borderWidth: 'border-width',
  borderColor: 'border-color',
  borderRadius: 'border-radius',
  textAlign: 'text-align',
}

/** A `style` attribute value from valid styles only (a border width implies a solid border). */
export function styleAttribute(styles: WidgetStyles): string {
  const safe = safeStyles(styles)
  const rules = (Object.entries(safe) as [keyof WidgetStyles, string][]).flatMap(([field, value]) =>
    field in cssNames ? [`${cssNames[field as BaseField]}:${value}`] : [],
  )
  if (safe.borderWidth) rules.push('border-style:solid')
  return rules.join(';')
}
