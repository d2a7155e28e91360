import type { Kysely } from 'kysely'
import type { DB, Job } from '../../platform/index.ts'
import type { Exposures } from './assignment.server.ts'
import { insertExposures } from './queries.server.ts'

/** Writes the exposures counted in memory every second, and once more at shutdown. */
export function exposuresJob(db: Kysely<DB>, exposures: Exposures): Job {
  return {
    name: 'experiment-exposures',
    everyMs: 1000,
    run: async () => {
      const rows = exposures.take()
      if (rows.length > 0) await insertExposures(db, rows)
    },
  }
}
