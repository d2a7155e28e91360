import { DatabaseSync } from 'node:sqlite'
import type { APIRequestContext, Page } from '@playwright/test'
import { e2eDatabaseFile } from '../../playwright.config.ts'

/** Waits until React has hydrated the page, so clicks go to React handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/**
 * The e2e server's SQLite database, opened from the test process. The server writes to it at the
 * same time (page views, jobs), so a statement waits for its lock rather than failing at once with
 * "database is locked": a spec's setup that failed that way once left the rest of a run on the
 * wrong questionnaire.
 */
export function openE2eDatabase(options: { readOnly?: boolean } = {}) {
  return new DatabaseSync(e2eDatabaseFile, { readOnly: options.readOnly ?? false, timeout: 15_000 })
}

/** Reads the e2e server's SQLite database directly (read-only), to check what was stored. */
export function queryDatabase<T = Record<string, unknown>>(sql: string, ...params: (string | number)[]): T[] {
  const db = openE2eDatabase({ readOnly: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

/**
 * Takes every buyer off the consent form, so a spec that reads the default wording does not
 * depend on what earlier specs left behind.
 */
export async function unnameAllBuyers(request: APIRequestContext) {
  const buyers = (await (await request.get('/api/admin/buyers')).json()) as {
    id: number
    namedInConsent: boolean
  }[]
  for (const buyer of buyers.filter((b) => b.namedInConsent))
    await request.put(`/api/admin/buyers/${buyer.id}`, { data: { namedInConsent: false } })
}
