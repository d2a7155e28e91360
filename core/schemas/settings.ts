import { z } from 'zod'
import { complianceRules } from '../compliance.ts'
import { FCA_AVERAGE_AWARD } from '../questionnaire/redress-scheme-definition.ts'

export const settingSchema = z.object({
  key: z
    .string({ error: 'Setting key is required' })
    .trim()
    .min(1, 'Setting key is required')
    .max(64, 'Setting key must be at most 64 characters')
    .regex(/^[a-z0-9_-]+$/, 'Setting key may contain only lowercase letters, numbers, _ and -'),
  value: z
    .string({ error: 'Setting value must be text' })
    .max(100_000, 'Setting value is too long')
    .nullable(),
})

export type SettingInput = z.input<typeof settingSchema>

/** A setting as `GET /api/admin/settings` lists it. */
export type SettingRow = z.output<typeof settingSchema> & {
  id: number
  category: string
  description: string | null
  updatedAt: string
}

export const DEFAULT_ROBOTS_TXT = 'User-agent: *\nDisallow: /'

/** Settings other modules read (duplicates, retention, the new-lead e-mail), with their defaults. */
export const leadSettingKeys = {
  duplicateWindowDays: 'duplicate_window_days',
  retentionYears: 'retention_years',
  leadNotificationEmail: 'lead_notification_email',
  consentVersionMaxAgeHours: 'consent_version_max_age_hours',
} as const

export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30
export const DEFAULT_RETENTION_YEARS = 6
/** How long after the consent wording changed a form showing the earlier wording may still be sent. */
export const DEFAULT_CONSENT_VERSION_MAX_AGE_HOURS = 24

const wholeNumber = (what: string, min: number, max: number, unit: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${what} must be a whole number of ${unit}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${what} must be from ${min} to ${max} ${unit}`)

export const leadSettingRules: Readonly<Record<string, z.ZodType<unknown, string>>> = {
  // 0 turns duplicate detection off.
  [leadSettingKeys.duplicateWindowDays]: wholeNumber('The duplicate window', 0, 3650, 'days'),
  [leadSettingKeys.retentionYears]: wholeNumber('The retention period', 1, 50, 'years'),
  // 0: a form showing replaced wording is always refused.
  [leadSettingKeys.consentVersionMaxAgeHours]: wholeNumber(
    'How long replaced consent wording is accepted',
    0,
    720,
    'hours',
  ),
  [leadSettingKeys.leadNotificationEmail]: z
    .string()
    .trim()
    .max(254, 'The notification e-mail must be at most 254 characters')
    .pipe(z.email({ error: 'The notification e-mail must be a valid e-mail address' })),
}

/** What other modules read from the settings, each falling back to its default when unset or invalid. */
export function readLeadSettings(settings: ReadonlyMap<string, string | null>) {
  const parse = <T>(key: string, fallback: T): T => {
    const raw = settings.get(key)?.trim()
    if (!raw) return fallback
    const parsed = leadSettingRules[key]?.safeParse(raw)
    return parsed?.success ? (parsed.data as T) : fallback
  }
  return {
    duplicateWindowDays: parse(leadSettingKeys.duplicateWindowDays, DEFAULT_DUPLICATE_WINDOW_DAYS),
    retentionYears: parse(leadSettingKeys.retentionYears, DEFAULT_RETENTION_YEARS),
    leadNotificationEmail: parse<string | null>(leadSettingKeys.leadNotificationEmail, null),
    consentVersionMaxAgeHours: parse(
      leadSettingKeys.consentVersionMaxAgeHours,
      DEFAULT_CONSENT_VERSION_MAX_AGE_HOURS,
    ),
  }
}

/**
 * The publish guard's reference: a questionnaire version whose estimates go above it needs an
 * evidence note to be published. Unset, it is the FCA's average award under its redress scheme.
 */
export const QUESTIONNAIRE_REFERENCE_AMOUNT_KEY = 'questionnaire_reference_amount'
export const DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT = FCA_AVERAGE_AWARD.amount

const questionnaireSettingRules: Readonly<Record<string, z.ZodType<unknown, string>>> = {
  [QUESTIONNAIRE_REFERENCE_AMOUNT_KEY]: wholeNumber('The reference amount', 1, 1_000_000, 'pounds'),
}

export function readQuestionnaireReferenceAmount(value: string | null | undefined): number {
  const raw = value?.trim()
  if (!raw) return DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT
  const parsed = questionnaireSettingRules[QUESTIONNAIRE_REFERENCE_AMOUNT_KEY]?.safeParse(raw)
  return parsed?.success ? (parsed.data as number) : DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT
}

/** How many days of hourly analytics rollups are kept; daily ones are kept for ever. */
export const ANALYTICS_HOURLY_RETENTION_KEY = 'analytics_hourly_retention_days'
export const DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS = 90

const analyticsSettingRules: Readonly<Record<string, z.ZodType<unknown, string>>> = {
  [ANALYTICS_HOURLY_RETENTION_KEY]: wholeNumber('The hourly analytics retention', 1, 3650, 'days'),
}

export function readAnalyticsHourlyRetentionDays(value: string | null | undefined): number {
  const raw = value?.trim()
  if (!raw) return DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS
  const parsed = analyticsSettingRules[ANALYTICS_HOURLY_RETENTION_KEY]?.safeParse(raw)
  return parsed?.success ? (parsed.data as number) : DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS
}

const valueRules: Readonly<Record<string, z.ZodType<unknown, string>>> = {
  ...complianceRules,
  ...leadSettingRules,
  ...questionnaireSettingRules,
  ...analyticsSettingRules,
}

/**
 * Why `value` is not acceptable for the setting `key`, or undefined when it is. Settings without a
 * rule take any text; an empty value always passes (it means "use the default").
 */
export function settingValueError(key: string, value: string | null): string | undefined {
  if (value === null || value.trim() === '' || !Object.hasOwn(valueRules, key)) return undefined
  const parsed = valueRules[key]?.safeParse(value)
  return parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? 'Invalid value') : undefined
}
