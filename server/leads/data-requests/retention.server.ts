import { RETENTION_YEARS_KEY, retentionCutoff } from '../../../core/lead-settings.ts'
import { settingValue } from '../../../core/settings.ts'
import type { AppServices, Job } from '../../platform/index.ts'
import { purgeConsentBefore } from '../../site/index.ts'
import { purgeLeadsBefore, purgeSubmissionsBefore } from '../personal-data.server.ts'
import { purgeComplaintsBefore } from './complaints.server.ts'

export const RETENTION_JOB = 'retention-purge'

/**
 * Due once a day, but checked every hour: a server restarted more often than daily would otherwise
 * never reach its first run. A check with nothing past retention is one indexed query per table.
 */
const CHECK_EVERY_MS = 60 * 60_000

export type PurgeResult = {
  retentionYears: number
  cutoff: Date
  leads: number
  submissions: number
  consentRecords: number
  complaints: number
}

/**
 * Deletes leads (with everything tied to them), later submissions, consent records and
 * data-protection complaints older than the `retention_years` setting. The log line carries counts and the cutoff only, never anything about a person.
 */
export async function purgeExpiredData(
  { db, site, logger }: Pick<AppServices, 'db' | 'site' | 'logger'>,
  now = new Date(),
): Promise<PurgeResult> {
  const { settings } = await site.get()
  const retentionYears = settingValue(settings, RETENTION_YEARS_KEY)
  const cutoff = retentionCutoff(retentionYears, now)
  const leads = await purgeLeadsBefore(db, cutoff)
  const submissions = await purgeSubmissionsBefore(db, cutoff)
  const consentRecords = await purgeConsentBefore(db, cutoff)
  const complaints = await purgeComplaintsBefore(db, cutoff)
  const result = { retentionYears, cutoff, leads, submissions, consentRecords, complaints }
  const fields = { job: RETENTION_JOB, ...result, cutoff: cutoff.toISOString() }
  if (leads > 0 || submissions > 0 || consentRecords > 0 || complaints > 0)
    logger.info(fields, 'retention purge removed expired data')
  else logger.debug(fields, 'retention purge: nothing expired')
  return result
}

export const retentionJobs = (services: Pick<AppServices, 'db' | 'site' | 'logger'>): Job[] => [
  { name: RETENTION_JOB, everyMs: CHECK_EVERY_MS, run: () => purgeExpiredData(services) },
]
