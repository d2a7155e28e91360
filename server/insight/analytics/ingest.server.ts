import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  beaconStage,
  canonicalPath,
  deviceClass,
  isBotAgent,
  referrerDomain,
  type Stage,
  VALUE_MAX_LENGTH,
} from '../../../core/analytics.ts'
import type { Attribution } from '../../../core/attribution.ts'
import { objectsToCounting } from '../../../core/counting.ts'
import { londonParts } from '../../../core/routing/contract-rules.ts'
import type { AnalyticsEvent } from '../../../core/schemas/analytics.ts'
import { settingValue } from '../../../core/settings.ts'
import type { DB, Job, RateRule } from '../../platform/index.ts'
import type { SiteSnapshot } from '../../site/index.ts'
import type { Assigned, Exposures, VisitorFacts } from '../experiments/assignment.server.ts'
import { BeaconLimiter } from './beacon-limit.server.ts'
import { DayValues, daysBefore, SEP, type SiteFacts, siteFacts, writeEvents } from './event-store.server.ts'
import type { VisitorIds } from './visitor.server.ts'

export const ANALYTICS_JOB = 'analytics'
/** Writes beacons and leads within the second when page views are written less often. */
export const ANALYTICS_PROMPT_JOB = 'analytics-prompt'
/** Deletes what analytics no longer needs: past days' visitors, reaches and values, old hourly rows. */
export const ANALYTICS_PURGE_JOB = 'analytics-purge'
/** Beyond this many unflushed events (a database that stopped answering), new ones are dropped. */
const MAX_QUEUED = 500_000
/** Events rolled up per transaction: each statement stays short, so pages keep being served. */
const BATCH_ITEMS = 5000
const MAX_PENDING_BATCHES = 100

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Like rows in one: their weights added (a visitor reloading a page within the second). */
function aggregate(rows: EventRow[]): EventRow[] {
  const byKey = new Map<string, EventRow>()
  for (const row of rows) {
    const key = [
      row.day,
      row.hour,
      row.visitor,
      row.stage,
      row.step,
      row.leadId,
      row.path,
      row.variant,
      row.utmSource,
      row.utmCampaign,
      row.utmMedium,
      row.referrer,
      row.device,
    ].join(SEP)
    const seen = byKey.get(key)
    if (seen) seen.weight += row.weight
    else byKey.set(key, row)
  }
  return [...byKey.values()]
}

/** What a request tells about its visitor: only turned into a hash and a device class at flush. */
type Who = { ip: string; userAgent: string | undefined }
type Queued =
  | (Who & {
      kind: 'page'
      at: number
      url: string
      referer: string | undefined
      variant: string | null
      /** Like page views of the same second folded into one. */
      weight?: number
    })
  | (Who & ServedPage & { kind: 'served'; weight: number })
  | (Who & { kind: 'beacon'; at: number; event: AnalyticsEvent; stage: Stage })
  | (Who & {
      kind: 'lead'
      at: number
      leadId: number
      path: string
      attribution: Attribution
      variant: string | null
    })

type Dims = {
  path: string
  variant: string | null
  utmSource: string | null
  utmCampaign: string | null
  utmMedium: string | null
  referrer: string | null
  device: string
}
export type EventRow = Dims & {
  batch: string
  day: string
  hour: string
  visitor: string
  stage: string
  step: string
  leadId: number | null
  weight: number
}
/** What a flush writes: served pages already turned into page views. */
type Counted = Exclude<Queued, { kind: 'served' }>

/**
 * A page the hit path sent, as it read it: the objection, the exposure and the page view are
 * worked out at the flush, off the serving path.
 */
export type ServedPage = {
  at: number
  ip: string
  userAgent: string | undefined
  url: string
  referer: string | undefined
  gpc: string | undefined
  cookie: string | undefined
  /** The variant served and the visitor's facts it was chosen from. */
  assigned?: Assigned
  facts?: VisitorFacts
}

/** A value as a dimension: trimmed, control characters out, empty as null. */
function clean(value: string | null | undefined, max = VALUE_MAX_LENGTH): string | null {
  const text = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is taken out
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, max)
  return text ? text : null
}

/** The path and tracking parameters of a request target (`/?utm_source=x`). */
export function pageOf(url: string): { path: string; params: URLSearchParams } {
  const q = url.indexOf('?')
  const path = (q < 0 ? url : url.slice(0, q)).slice(0, 300) || '/'
  return { path, params: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)) }
}

/**
 * The analytics queue (docs/decisions/0037-analytics.md). Recording is a push to memory, cheap
 * enough for the cached-page hit path; the `analytics` job (every second and at shutdown) hashes
 * the visitors, writes the raw events of the flush, rolls them into the visitor, reach and hourly
 * tables in one transaction and deletes them.
 */
export class Analytics {
  readonly #db: Kysely<DB>
  readonly #visitors: VisitorIds
  readonly #ownHost: string | undefined
  readonly #site: () => Promise<SiteSnapshot>
  readonly #caps: DayValues
  readonly #exposures: Exposures | undefined
  readonly #everyMs: number
  /** The beacon's rate limit per client address (`POST /api/events`). */
  readonly limiter: BeaconLimiter
  #queue: Queued[] = []
  #lastServed: Extract<Queued, { kind: 'served' }> | undefined
  /** A beacon or lead is queued: written within the second. */
  #prompt = false
  #flushing: Promise<void> = Promise.resolve()
  #pending: { batch: string; rows: EventRow[] }[] = []
  #known: { revision: number; facts: SiteFacts } | undefined
  dropped = 0

  constructor(
    db: Kysely<DB>,
    visitors: VisitorIds,
    publicUrl: string | undefined,
    options: {
      /** The site snapshot: which paths, steps and variants exist. */
      site: () => Promise<SiteSnapshot>
      /** The beacon's rate rule, undefined while rate limits are off. */
      beaconRule: () => RateRule | undefined
      /** Where the exposures of served pages go (`served`). */
      exposures?: Exposures
      /** How often the job writes (1 s by default). */
      everyMs?: number
    },
  ) {
    this.#exposures = options.exposures
    this.#everyMs = options.everyMs ?? 1000
    this.#db = db
    this.#visitors = visitors
    this.#ownHost = publicUrl ? new URL(publicUrl).host : undefined
    this.#site = options.site
    this.#caps = new DayValues(db)
    this.limiter = new BeaconLimiter(options.beaconRule)
  }

  get queued(): number {
    return this.#queue.length
  }

  #push(item: Queued) {
    if (this.#queue.length >= MAX_QUEUED) this.dropped++
    else {
      this.#queue.push(item)
      if (item.kind === 'beacon' || item.kind === 'lead') this.#prompt = true
    }
  }

  /** A public page the server sent (rendered or cached): the page view that counts. */
  page(
    ip: string,
    userAgent: string | undefined,
    url: string,
    referer: string | undefined,
    /** The experiment variant the page was served in ("experimentId:variantName"). */
    variant: string | null = null,
    at = Date.now(),
  ) {
    this.#push({ kind: 'page', at, ip, userAgent, url, referer, variant })
  }

  /**
   * A page sent from the hit path: a push of what was read, nothing more. Whether it objects, its
   * exposure and its page view are decided at the flush.
   */
  served(page: ServedPage) {
    // The same page for the same visitor within the second (a reload, a burst): one item, weighed.
    const last = this.#lastServed
    if (
      last !== undefined &&
      last === this.#queue[this.#queue.length - 1] &&
      last.url === page.url &&
      last.ip === page.ip &&
      last.userAgent === page.userAgent &&
      last.referer === page.referer &&
      last.gpc === page.gpc &&
      last.cookie === page.cookie &&
      last.assigned?.variant.key === page.assigned?.variant.key &&
      Math.floor(last.at / 1000) === Math.floor(page.at / 1000)
    ) {
      last.weight++
      return
    }
    const item: Extract<Queued, { kind: 'served' }> = { kind: 'served', weight: 1, ...page }
    this.#push(item)
    this.#lastServed = item
  }

  /** A beacon: counted when it is a stage at all (a `lead` beacon, a too-quick step are not). */
  beacon(ip: string, userAgent: string | undefined, event: AnalyticsEvent, at = Date.now()): boolean {
    if (isBotAgent(userAgent)) return false
    const stage = beaconStage(event)
    if (!stage) return false
    this.#push({ kind: 'beacon', at, ip, userAgent, event, stage })
    return true
  }

  /** A lead the server captured: the `lead` figure that counts, with the lead's own attribution. */
  lead(
    ip: string,
    userAgent: string | undefined,
    leadId: number,
    attribution: Attribution | undefined,
    sourceUrl: string | null,
    variant: string | null = null,
  ) {
    let path = '/'
    for (const candidate of [attribution?.landing_page, sourceUrl]) {
      if (!candidate) continue
      try {
        path = new URL(candidate, 'http://x').pathname
        break
      } catch {}
    }
    this.#push({
      kind: 'lead',
      at: Date.now(),
      ip,
      userAgent,
      leadId,
      path,
      attribution: attribution ?? {},
      variant,
    })
  }

  /**
   * Page views read from nginx's log (docs/decisions/0085-page-views-from-nginx.md), written and
   * rolled up in one transaction with `also` (the reader moving its position, the exposures), so
   * a line is counted exactly when its position is kept. Bots are dropped as at the flush.
   */
  async recordViews(
    views: {
      at: number
      ip: string
      userAgent: string | undefined
      url: string
      referer: string | undefined
      variant: string | null
    }[],
    also: (trx: Kysely<DB>) => Promise<void>,
  ): Promise<void> {
    const batch = randomBytes(9).toString('base64url')
    const rows = await this.#rows(
      views.map((view) => ({ kind: 'page' as const, ...view })),
      batch,
    )
    await this.#db.transaction().execute(async (trx) => {
      await also(trx)
      if (rows.length > 0) await writeEvents(trx, rows, batch)
    })
  }

  /** The job that writes what is queued. */
  job(): Job {
    return { name: ANALYTICS_JOB, everyMs: this.#everyMs, run: () => this.flush() }
  }

  /**
   * When page views are written less often than each second (SQLite): beacons and leads are still
   * written within the second, with whatever else is queued.
   */
  promptJob(): Job {
    return {
      name: ANALYTICS_PROMPT_JOB,
      everyMs: 1000,
      run: async () => {
        if (this.#prompt) await this.flush()
      },
    }
  }

  /** The job that deletes what is no longer needed (hourly, so a new day is purged soon after it starts). */
  purgeJob(): Job {
    return { name: ANALYTICS_PURGE_JOB, everyMs: 3_600_000, run: () => this.purge() }
  }

  /**
   * Writes and rolls up everything queued so far, at most BATCH_ITEMS at a time and letting requests
   * in between (node:sqlite runs each statement on the event loop).
   */
  flush(): Promise<void> {
    // One flush at a time (the job, the prompt job, a test): a batch is never written twice.
    const next = this.#flushing.then(() => this.#flushNow())
    this.#flushing = next.catch(() => {})
    return next
  }

  async #flushNow(): Promise<void> {
    this.#prompt = false
    while (this.#queue.length > 0) {
      const items = this.#counted(this.#queue.splice(0, BATCH_ITEMS))
      const batch = randomBytes(9).toString('base64url')
      const rows = await this.#rows(items, batch)
      if (rows.length > 0) this.#pending.push({ batch, rows })
      await this.#writePending()
    }
    await this.#writePending()
    await this.limiter.sync(this.#db)
  }

  /**
   * Each batch's raw rows and their roll-up in one transaction: one commit, which on SQLite is an
   * fsync on the event loop, per batch. A batch that fails stays in memory and is tried again at
   * the next flush (the oldest dropped beyond MAX_PENDING_BATCHES, a database that stopped answering).
   */
  async #writePending() {
    while (this.#pending.length > MAX_PENDING_BATCHES) {
      this.dropped += this.#pending.shift()?.rows.length ?? 0
    }
    while (this.#pending.length > 0) {
      const { batch, rows } = this.#pending[0] as { batch: string; rows: EventRow[] }
      // No yield inside: on SQLite the transaction holds the write lock, and another connection in
      // this process waiting for it synchronously would stall the event loop that must commit it.
      await this.#db.transaction().execute((trx) => writeEvents(trx, rows, batch))
      this.#pending.shift()
      await yieldToRequests()
    }
  }

  /** Served pages as page views (and exposures), those objecting to counting dropped (ADR 0077). */
  #counted(items: Queued[]): Counted[] {
    const counted: Counted[] = []
    for (const item of items) {
      if (item.kind !== 'served') {
        counted.push(item)
        continue
      }
      if (objectsToCounting({ gpc: item.gpc, cookie: item.cookie })) continue
      if (item.assigned && item.facts) this.#exposures?.record(item.assigned, item.facts, new Date(item.at))
      const { at, ip, userAgent, url, referer, weight } = item
      const variant = item.assigned?.variant.key ?? null
      counted.push({ kind: 'page', at, ip, userAgent, url, referer, variant, weight })
    }
    return counted
  }

  /** The paths, steps and variants the site has now, worked out once per site revision. */
  async #facts(): Promise<SiteFacts> {
    const snapshot = await this.#site()
    if (this.#known?.revision !== snapshot.revision) {
      this.#known = { revision: snapshot.revision, facts: siteFacts(snapshot) }
    }
    return this.#known.facts
  }

  /**
   * The batch's rows: one per visitor, hour, stage and key, `weight` events each, in arrival order.
   * A beacon for a path, step or variant the site does not have counts nothing; the free-text
   * dimensions are capped per day (docs/decisions/0054-bounded-analytics.md).
   */
  async #rows(items: Counted[], batch: string): Promise<EventRow[]> {
    const facts = await this.#facts()
    const rows: EventRow[] = []
    const visitorIds = new Map<string, string>()
    // A batch holds many events of few visitors and pages: each user agent and URL is read once.
    const agents = new Map<string | undefined, { bot: boolean; device: string }>()
    const agentOf = (ua: string | undefined) => {
      let known = agents.get(ua)
      if (!known) {
        known = { bot: isBotAgent(ua), device: deviceClass(ua) }
        agents.set(ua, known)
      }
      return known
    }
    const pages = new Map<string, ReturnType<typeof pageOf>>()
    let clock = { second: -1, at: new Date(0), day: '', hour: '' }
    for (const item of items) {
      const agent = agentOf(item.userAgent)
      if (item.kind !== 'lead' && agent.bot) continue
      // Items come in time order: the day and hour are worked out once a second, not per event.
      const second = Math.floor(item.at / 1000)
      if (second !== clock.second) {
        const instant = new Date(item.at)
        clock = {
          second,
          at: instant,
          day: londonParts(instant).date,
          hour: instant.toISOString().slice(0, 13),
        }
      }
      const { at, day } = clock
      let beaconPath = ''
      if (item.kind === 'beacon') {
        const { event } = item
        beaconPath = canonicalPath(event.path)
        if (!facts.paths.has(beaconPath)) continue
        if (item.stage === 'step' && !facts.steps.has(event.step ?? '')) continue
        if (event.variant !== undefined && event.variant !== '' && !facts.variants.has(event.variant))
          continue
      }
      const who = `${day}\u0000${item.ip}\u0000${item.userAgent ?? ''}`
      let visitor = visitorIds.get(who)
      if (!visitor) {
        visitor =
          this.#visitors.peek(item.ip, item.userAgent ?? '', at) ??
          (await this.#visitors.id(item.ip, item.userAgent ?? '', at))
        visitorIds.set(who, visitor)
      }
      const base = {
        batch,
        day,
        hour: clock.hour,
        visitor,
        device: agent.device,
        leadId: null as number | null,
        step: '',
        weight: item.kind === 'page' ? (item.weight ?? 1) : 1,
      }
      if (item.kind === 'page') {
        let page = pages.get(item.url)
        if (!page) {
          page = pageOf(item.url)
          pages.set(item.url, page)
        }
        const { path, params } = page
        rows.push({
          ...base,
          stage: 'pageview',
          path: facts.path(path),
          variant: item.variant,
          utmSource: clean(params.get('utm_source')),
          utmCampaign: clean(params.get('utm_campaign')),
          utmMedium: clean(params.get('utm_medium')),
          referrer: referrerDomain(item.referer, this.#ownHost),
        })
      } else if (item.kind === 'beacon') {
        const { event } = item
        rows.push({
          ...base,
          stage: item.stage,
          step: item.stage === 'step' ? (event.step ?? '') : '',
          path: beaconPath,
          variant: event.variant || null,
          utmSource: clean(event.attribution?.utm_source),
          utmCampaign: clean(event.attribution?.utm_campaign),
          utmMedium: clean(event.attribution?.utm_medium),
          referrer: referrerDomain(event.attribution?.referrer, this.#ownHost),
        })
      } else {
        rows.push({
          ...base,
          stage: 'lead',
          leadId: item.leadId,
          path: facts.path(item.path),
          variant: item.variant,
          utmSource: clean(item.attribution.utm_source),
          utmCampaign: clean(item.attribution.utm_campaign),
          utmMedium: clean(item.attribution.utm_medium),
          referrer: referrerDomain(item.attribution.referrer, this.#ownHost),
        })
      }
    }
    await this.#caps.apply(rows)
    return aggregate(rows)
  }

  /**
   * Visitor, reach and value rows are only needed while their day can still get events; hourly
   * rollups are kept for the `analytics_hourly_retention_days` setting (default 90), daily ones for ever.
   */
  async purge(now = new Date()): Promise<void> {
    const keepFrom = daysBefore(londonParts(now).date, 1)
    await this.#db.deleteFrom('analyticsReach').where('day', '<', keepFrom).execute()
    await this.#db.deleteFrom('analyticsVisitor').where('day', '<', keepFrom).execute()
    await this.#db.deleteFrom('analyticsValue').where('day', '<', keepFrom).execute()
    const { settings } = await this.#site()
    const retention = settingValue(settings, 'analytics_hourly_retention_days')
    const hourlyFrom = daysBefore(londonParts(now).date, retention)
    await this.#db.deleteFrom('analyticsHourly').where('hour', '<', hourlyFrom).execute()
    this.#caps.forget(keepFrom)
  }
}
