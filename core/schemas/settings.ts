import { z } from 'zod'
import { parseSetting, settingValue } from '../settings.ts'

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

export {
  DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS,
  DEFAULT_CONSENT_VERSION_MAX_AGE_HOURS,
  DEFAULT_DUPLICATE_WINDOW_DAYS,
  DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT,
  DEFAULT_RETENTION_YEARS,
  DEFAULT_ROBOTS_TXT,
  settingValueError,
} from '../settings.ts'

/** Settings other modules read (duplicates, retention, the new-lead e-mail). */
export const leadSettingKeys = {
  duplicateWindowDays: 'duplicate_window_days',
  retentionYears: 'retention_years',
  leadNotificationEmail: 'lead_notification_email',
  consentVersionMaxAgeHours: 'consent_version_max_age_hours',
} as const

/** What the lead pipeline reads from the settings, each through its rule in core/settings.ts. */
export function readLeadSettings(settings: ReadonlyMap<string, string | null>) {
  return {
    duplicateWindowDays: settingValue(settings, leadSettingKeys.duplicateWindowDays),
    retentionYears: settingValue(settings, leadSettingKeys.retentionYears),
    leadNotificationEmail: settingValue(settings, leadSettingKeys.leadNotificationEmail),
    consentVersionMaxAgeHours: settingValue(settings, leadSettingKeys.consentVersionMaxAgeHours),
  }
}

/**
 * The publish guard's reference: a questionnaire version whose estimates go above it needs an
 * evidence note to be published.
 */
export const QUESTIONNAIRE_REFERENCE_AMOUNT_KEY = 'questionnaire_reference_amount'

export const readQuestionnaireReferenceAmount = (value: string | null | undefined): number =>
  parseSetting(QUESTIONNAIRE_REFERENCE_AMOUNT_KEY, value)

/** How many days of hourly analytics rollups are kept; daily ones are kept for ever. */
export const ANALYTICS_HOURLY_RETENTION_KEY = 'analytics_hourly_retention_days'

export const readAnalyticsHourlyRetentionDays = (value: string | null | undefined): number =>
  parseSetting(ANALYTICS_HOURLY_RETENTION_KEY, value)
