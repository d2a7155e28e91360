/**
 * Settings that govern what happens to leads after they arrive: how long they are kept and who
 * hears of each new one. Their rules and defaults are in core/settings.ts; the server reads them
 * with `settingValue(settings, RETENTION_YEARS_KEY)`.
 */

export { DEFAULT_RETENTION_YEARS, MAX_RETENTION_YEARS, MIN_RETENTION_YEARS } from './settings.ts'

export const RETENTION_YEARS_KEY = 'retention_years'
export const LEAD_NOTIFICATION_EMAIL_KEY = 'lead_notification_email'

/** Records created before this instant are past retention. Calendar years, in UTC. */
export function retentionCutoff(years: number, now: Date = new Date()): Date {
  const cutoff = new Date(now.getTime())
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years)
  return cutoff
}
