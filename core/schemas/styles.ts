import { z } from 'zod'
import { type DeviceStyleField, deviceStyleFields } from '../responsive-styles.ts'

/** The units the Style Panel's size inputs offer. */
export const lengthUnits = ['px', 'rem', 'em', '%'] as const
export type LengthUnit = (typeof lengthUnits)[number]

const NUMBER = '-?\\d{1,4}(\\.\\d{1,3})?'
const LENGTH = `(0|${NUMBER}(px|rem|em|%))`
const UNIT_HINT = 'Enter a number with a unit: px, rem, em or %'

/** One size: a number and a unit (or 0). The Style Panel's inputs and the page's save check it alike. */
export const lengthSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^${LENGTH}$`), UNIT_HINT)
  .refine((v) => !v.startsWith('-'), 'A size cannot be negative')

/** Spacing: one to four sizes (top, right, bottom, left, as in CSS). */
export const spacingSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^${LENGTH}( ${LENGTH}){0,3}$`), `${UNIT_HINT}, one to four of them`)

const deviceFieldSchemas: Record<DeviceStyleField, z.ZodType<string>> = {
  fontSizeTablet: lengthSchema,
  fontSizeMobile: lengthSchema,
  marginTablet: spacingSchema,
  marginMobile: spacingSchema,
  paddingTablet: spacingSchema.refine((v) => !v.includes('-'), 'Padding cannot be negative'),
  paddingMobile: spacingSchema.refine((v) => !v.includes('-'), 'Padding cannot be negative'),
  hideDesktop: z.literal('true'),
  hideTablet: z.literal('true'),
  hideMobile: z.literal('true'),
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The problems of a stored styles object's per-device values (plain values stay tolerant, as
 * saved pages hold them; these are new and come only from the Style Panel's checked inputs).
 */
export function deviceStyleIssues(styles: unknown): string[] {
  if (!isRecord(styles)) return []
  return deviceStyleFields.flatMap((field) => {
    if (!(field in styles)) return []
    const result = deviceFieldSchemas[field].safeParse(styles[field])
    return result.success ? [] : [`${field}: ${result.error.issues[0]?.message ?? 'not valid'}`]
  })
}

/** Every per-device problem in builder or widget-list content, each with where it is. */
export function contentStyleIssues(content: Record<string, unknown>): string[] {
  const widgetIssues = (widgets: unknown, where: string) =>
    (Array.isArray(widgets) ? widgets : []).flatMap((widget, i) =>
      isRecord(widget) ? deviceStyleIssues(widget.styles).map((m) => `${where}widget ${i + 1}, ${m}`) : [],
    )
  if (Array.isArray(content.sections)) {
    return content.sections.flatMap((section, i) =>
      isRecord(section)
        ? [
            ...deviceStyleIssues(section.styles).map((m) => `Section ${i + 1}, ${m}`),
            ...widgetIssues(section.widgets, `Section ${i + 1}, `),
          ]
        : [],
    )
  }
  return widgetIssues(content.widgets, '')
}
