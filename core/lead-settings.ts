import { z } from 'zod'

/**
 * Settings that govern what happens to leads after they arrive: how long they are kept and who
 * hears of each new one. The server reads them from the settings map; the settings screen imports
 * the keys and `leadSettingProblem` to check what an admin types.
 */

export const RETENTION_YEARS_KEY = 'retention_years'
export const LEAD_NOTIFICATION_EMAIL_KEY = 'lead_notification_email'

/** The privacy policy promises six years. */
export const DEFAULT_RETENTION_YEARS = 6
export const MIN_RETENTION_YEARS = 1
export const MAX_RETENTION_YEARS = 100

export const leadSettingDefaults = {
  [RETENTION_YEARS_KEY]: String(DEFAULT_RETENTION_YEARS),
  [LEAD_NOTIFICATION_EMAIL_KEY]: '',
} as const

const retentionYearsSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, 'Retention must be a whole number of years')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(MIN_RETENTION_YEARS, `Retention must be at least ${MIN_RETENTION_YEARS} year`)
      .max(MAX_RETENTION_YEARS, `Retention must be at most ${MAX_RETENTION_YEARS} years`),
  )

const notificationEmailSchema = z
  .string()
  .trim()
  .max(254, 'The notification address must be at most 254 characters')
  .pipe(z.union([z.literal(''), z.email({ error: 'The notification address is not a valid email' })]))

/**
 * Whole years. Anything unreadable keeps the default rather than purging on a typo: a blank or
 * "0" must never mean "delete every lead".
 */
export function parseRetentionYears(value: string | null | undefined): number {
  const parsed = retentionYearsSchema.safeParse(value ?? '')
  return parsed.success ? parsed.data : DEFAULT_RETENTION_YEARS
}

/** The address to tell of each new lead, or null when notifications are off (blank or invalid). */
export function parseNotificationEmail(value: string | null | undefined): string | null {
  const parsed = notificationEmailSchema.safeParse(value ?? '')
  return parsed.success && parsed.data ? parsed.data : null
}

/** Records created before this instant are past retention. Calendar years, in UTC. */
export function retentionCutoff(years: number, now: Date = new Date()): Date {
  const cutoff = new Date(now.getTime())
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years)
  return cutoff
}
