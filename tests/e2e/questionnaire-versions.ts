import { type APIRequestContext, expect } from '@playwright/test'
import { openE2eDatabase } from './support.ts'

/**
 * Makes the questionnaire version with this `version` number live, as a publish does: the live one
 * retired, this one live, the site revision bumped so the server rebuilds its pages within a second.
 * Written against the database until the admin API (`POST /api/admin/questionnaires/{id}/publish`)
 * is on main; switching to it only changes this function.
 */
export async function makeVersionLive(request: APIRequestContext, version: number, firstQuestion: string) {
  const db = openE2eDatabase()
  try {
    const now = new Date().toISOString()
    db.exec('begin immediate')
    db.prepare(
      "update questionnaire_version set status = 'retired', retired_at = ? where status = 'live' and version <> ?",
    ).run(now, version)
    db.prepare(
      "update questionnaire_version set status = 'live', published_at = ?, retired_at = null where version = ?",
    ).run(now, version)
    db.prepare('update site_revision set revision = revision + 1, updated_at = ? where id = 1').run(now)
    db.exec('commit')
  } finally {
    db.close()
  }
  // Other instances (and this one) see a new revision within a second.
  await expect
    .poll(async () => (await (await request.get('/')).text()).includes(firstQuestion), { timeout: 10_000 })
    .toBe(true)
}
