import type { Kysely } from 'kysely'
import type { Counters, DB, Job } from '../../platform/index.ts'
import { addRedirectHits } from './queries.server.ts'

export const REDIRECT_HITS_JOB = 'redirect-hits'

/** Counts a redirect hit in memory; the `redirect-hits` job writes the counts in batches. */
export function recordRedirectHit(counters: Counters, ruleId: number) {
  counters.add(REDIRECT_HITS_JOB, ruleId)
}

/** Runs every second and once more at shutdown, so no counted hit is lost. */
export function redirectHitsJob(db: Kysely<DB>, counters: Counters): Job {
  return {
    name: REDIRECT_HITS_JOB,
    everyMs: 1000,
    run: async () => {
      const counts = counters.take(REDIRECT_HITS_JOB)
      if (counts.size > 0) await addRedirectHits(db, counts)
    },
  }
}
