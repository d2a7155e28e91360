import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { DB, Page } from '../db/schema.ts'
import { compileRedirects, type RedirectTable } from '../redirects/rules.ts'
import { renderScripts } from '../scripts/render-scripts.ts'

export type SiteSnapshot = {
  revision: number
  settings: Map<string, string | null>
  scripts: { head: string; body: string }
  redirects: RedirectTable
  pages: Map<string, Page>
}

/** How often an instance asks the database whether another instance changed the site. */
export const REVISION_CHECK_MS = 1000
const HIT_FLUSH_MS = 1000

/**
 * Everything a public request needs from the database (settings, active scripts, compiled
 * redirects, published pages), held in memory. A change through the API bumps `site_revision` and
 * refreshes this instance at once; other instances see the new revision within a second.
 */
export class SiteState {
  readonly #db: Kysely<DB>
  readonly #logger: Logger
  #snapshot: SiteSnapshot | undefined
  #loading: Promise<SiteSnapshot> | undefined
  #checkedAt = 0
  #checking: Promise<void> | undefined
  #hits = new Map<number, number>()
  #timer: ReturnType<typeof setInterval> | undefined

  constructor(db: Kysely<DB>, logger: Logger) {
    this.#db = db
    this.#logger = logger
  }

  /** The current snapshot: at most REVISION_CHECK_MS behind a change made on another instance. */
  async get(): Promise<SiteSnapshot> {
    const snapshot = this.#snapshot
    if (!snapshot) return this.#reload()
    if (Date.now() - this.#checkedAt >= REVISION_CHECK_MS) {
      this.#checking ??= this.#checkRevision().finally(() => {
        this.#checking = undefined
      })
      await this.#checking
    }
    return this.#snapshot ?? this.#reload()
  }

  /** Call after any change to pages, settings, scripts or redirects, before answering. */
  async changed(): Promise<void> {
    await this.#db
      .updateTable('siteRevision')
      .set((eb) => ({ revision: eb('revision', '+', 1), updatedAt: new Date() }))
      .where('id', '=', 1)
      .execute()
    this.#snapshot = undefined
    await this.#reload()
  }

  /** Counts a redirect hit; counts are written in batches (see flushHits). */
  hit(ruleId: number) {
    this.#hits.set(ruleId, (this.#hits.get(ruleId) ?? 0) + 1)
    this.#timer ??= setInterval(() => {
      this.flushHits().catch((err) => this.#logger.error({ err }, 'redirect hit flush failed'))
    }, HIT_FLUSH_MS)
    this.#timer.unref?.()
  }

  async flushHits() {
    if (this.#hits.size === 0) return
    const batch = this.#hits
    this.#hits = new Map()
    for (const [id, count] of batch) {
      await this.#db
        .updateTable('redirect')
        .set((eb) => ({ hitCount: eb('hitCount', '+', count) }))
        .where('id', '=', id)
        .execute()
    }
  }

  /** Writes pending hit counts and stops the timer: for a clean shutdown. */
  async close() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
    await this.flushHits()
  }

  async #checkRevision() {
    const row = await this.#db
      .selectFrom('siteRevision')
      .select('revision')
      .where('id', '=', 1)
      .executeTakeFirst()
    this.#checkedAt = Date.now()
    if (row && row.revision !== this.#snapshot?.revision) {
      this.#snapshot = undefined
      await this.#reload()
    }
  }

  #reload(): Promise<SiteSnapshot> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined
    })
    return this.#loading
  }

  async #load(): Promise<SiteSnapshot> {
    const db = this.#db
    const [revision, settings, scripts, redirects, pages] = await Promise.all([
      db.selectFrom('siteRevision').select('revision').where('id', '=', 1).executeTakeFirst(),
      db.selectFrom('siteSetting').select(['key', 'value']).execute(),
      db
        .selectFrom('customScript')
        .select(['id', 'script', 'position', 'consentCategory'])
        .where('isActive', '=', true)
        .execute(),
      db
        .selectFrom('redirect')
        .select(['id', 'fromUrl', 'toUrl', 'statusCode', 'isRegex', 'isActive'])
        .where('isActive', '=', true)
        .orderBy('id')
        .execute(),
      db.selectFrom('page').selectAll().where('isPublished', '=', true).execute(),
    ])
    const snapshot: SiteSnapshot = {
      revision: revision?.revision ?? 0,
      settings: new Map(settings.map((s) => [s.key, s.value])),
      scripts: renderScripts(scripts),
      redirects: compileRedirects(redirects),
      pages: new Map(pages.map((p) => [p.slug, p])),
    }
    this.#snapshot = snapshot
    this.#checkedAt = Date.now()
    return snapshot
  }
}
