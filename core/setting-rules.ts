import { z } from 'zod'
import { MAX_AMOUNT } from './compliance-keys.ts'
import { formatPounds } from './money.ts'

/**
 * What a setting is (docs/decisions/0068-settings-registry.md) and the rules its value is checked
 * by; the registry itself, every setting defined once, is core/settings.ts.
 */

/** How a value is typed in: the admin card picks its control from the rule's input. */
export type SettingInput = 'text' | 'multiline' | 'code' | 'numeric' | 'decimal' | 'email' | 'url'

/** A stored text in, the value out, or the message an admin sees. */
export type SettingRule<T> = { schema: z.ZodType<T, string>; input: SettingInput }

/** The settings card a setting belongs to; `page` and `analytics` are edited elsewhere or not at all. */
export type SettingCategory = 'site' | 'compliance' | 'facts' | 'leads' | 'page' | 'pages' | 'analytics'

export type SettingDefinition<K extends string = string, T = unknown, D = T> = {
  key: K
  category: SettingCategory
  /** The group of its card it is shown in; without one it is not on the settings screen. */
  group?: string
  label: string
  description: string
  /** In force while the setting is unset, empty or (stored before a rule existed) refused by its rule. */
  default: D
  rule: SettingRule<T>
  /** Full width on wide screens (multi-line fields always are). */
  wide?: boolean
  /** Inserted on first start with this category and description (the stored row's own columns). */
  seed?: { category: string; description: string; value?: string | null }
}

export function defineSetting<K extends string, T, D extends T | null = T>(
  definition: SettingDefinition<K, T, D>,
): SettingDefinition<K, T, D> {
  return definition
}

// Rules. Each message names the setting and what it accepts; the API answers 400 with it.

export const anyText = (input: SettingInput = 'text'): SettingRule<string> => ({ schema: z.string(), input })

export const wholeNumber = (what: string, min: number, max: number, unit: string): SettingRule<number> => ({
  schema: z
    .string()
    .trim()
    .regex(/^\d+$/, `${what} must be a whole number of ${unit}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${what} must be from ${min} to ${max} ${unit}`),
  input: 'numeric',
})

export const pounds = (what: string): SettingRule<number> => ({
  schema: z
    .string()
    .trim()
    .regex(/^\d+$/, `${what} must be a whole number of pounds, e.g. 2500`)
    .transform(Number)
    .refine((n) => n >= 1, `${what} must be at least £1`)
    .refine((n) => n <= MAX_AMOUNT, `${what} must be at most ${formatPounds(MAX_AMOUNT)}`),
  input: 'numeric',
})

// Control and format characters, except the line breaks and tabs a multi-line statement may hold.
export const noControls = (v: string) => !/[^\P{Cc}\n\r\t]|\p{Cf}/u.test(v)

export const text = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min > 1 ? `${what} must be at least ${min} characters` : `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(noControls, `${what} contains characters that are not allowed`)

export const singleLine = (what: string, max: number): SettingRule<string> => ({
  schema: text(what, 1, max).refine((v) => !/[\r\n]/.test(v), `${what} must be on one line`),
  input: 'text',
})

export const pattern = (
  pattern: RegExp,
  message: string,
  input: SettingInput,
  upperCase = false,
): SettingRule<string> => ({
  schema: z
    .string()
    .trim()
    .transform((v) => (upperCase ? v.toUpperCase() : v))
    .pipe(z.string().regex(pattern, message)),
  input,
})

export const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** "March 2026" from a stored "2026-03"; anything else as stored. */
export function monthYear(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value)
  const month = match ? months[Number(match[2]) - 1] : undefined
  return match && month ? `${month} ${match[1]}` : value
}

/** A month: "2026-03", "2026-03-30" or "March 2026", stored as "2026-03". */
export const month = (what: string): SettingRule<string> => ({
  schema: z
    .string()
    .trim()
    .transform((v) => {
      const iso = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(v)
      if (iso) return `${iso[1]}-${iso[2]}`
      const named = /^([A-Za-z]+)\s+(\d{4})$/.exec(v)
      const index = named ? months.findIndex((m) => m.toLowerCase() === named[1]?.toLowerCase()) : -1
      return named && index >= 0 ? `${named[2]}-${String(index + 1).padStart(2, '0')}` : v
    })
    .pipe(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${what} must be a month, e.g. March 2026 or 2026-03`)),
  input: 'text',
})
