import type { Kysely } from 'kysely'
import type { ImageInfoMap } from '../../core/image-info.ts'
import type { RedirectTable } from '../../core/redirect-rules.ts'
import type { ConsentBuyer } from '../../core/schemas/buyers.ts'
import type { RunningExperiment } from '../insight/index.ts'
import type { CurrentConsent, LiveQuestionnaire } from '../leads/index.ts'
import type { DB, Page } from '../platform/index.ts'

/** What public requests read on every hit; each module supplies its part (see server/compose/services.ts). */
export type SiteParts = {
  settings: Map<string, string | null>
  scripts: { head: string; body: string }
  redirects: RedirectTable
  pages: Map<string, Page>
  /** The live questionnaire version (one always exists once the database is seeded). */
  questionnaire: LiveQuestionnaire | undefined
  /** The buyers the consent wording names, in order (server/sales/buyers/consent.server.ts). */
  consentBuyers: ConsentBuyer[]
  /** The consent version pages show now (server/leads/consent), recorded as it was loaded. */
  consent: CurrentConsent
  /** The running experiments by page path (server/insight/experiments). */
  experiments: Map<string, RunningExperiment>
  /** What the media library knows of each uploaded image, by its largest rendition's URL (server/site/media). */
  images: ImageInfoMap
}
export type SiteSnapshot = SiteParts & { revision: number }
export type LoadSiteParts = () => Promise<SiteParts>

/** How often an instance asks the database whether another instance changed the site. */
export const REVISION_CHECK_MS = 1000

/**
 * The public site's data held in memory. A change through the API bumps `site_revision` and
 * refreshes this instance at once; other instances see the new revision within a second. It owns
 * the `site_revision` table and nothing else: the parts come from the modules that own them.
 */
export class SiteState {
  readonly #db: Kysely<DB>
  readonly #loadParts: LoadSiteParts
  #snapshot: SiteSnapshot | undefined
  #loading: Promise<SiteSnapshot> | undefined
  #checkedAt = 0
  #checking: Promise<void> | undefined

  constructor(db: Kysely<DB>, loadParts: LoadSiteParts) {
    this.#db = db
    this.#loadParts = loadParts
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

  /**
   * The snapshot in memory, without waiting (the cached-page hit path): a stale one starts the
   * revision check in the background and is used meanwhile. Undefined while none is loaded.
   */
  peek(): SiteSnapshot | undefined {
    if (this.#snapshot && Date.now() - this.#checkedAt >= REVISION_CHECK_MS && !this.#checking) {
      this.get().catch(() => {})
    }
    return this.#snapshot
  }

  /** Call after any change to pages, settings, scripts, redirects or media, before answering. */
  async changed(): Promise<void> {
    await this.#db
      .updateTable('siteRevision')
      .set((eb) => ({ revision: eb('revision', '+', 1), updatedAt: new Date() }))
      .where('id', '=', 1)
      .execute()
    this.#snapshot = undefined
    await this.#reload()
  }

  #readRevision() {
    return this.#db.selectFrom('siteRevision').select('revision').where('id', '=', 1).executeTakeFirst()
  }

  async #checkRevision() {
    const row = await this.#readRevision()
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
    const [revision, parts] = await Promise.all([this.#readRevision(), this.#loadParts()])
    const snapshot: SiteSnapshot = { revision: revision?.revision ?? 0, ...parts }
    this.#snapshot = snapshot
    this.#checkedAt = Date.now()
    return snapshot
  }
}
