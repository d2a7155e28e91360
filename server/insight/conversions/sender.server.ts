import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { ConversionPlatform } from '../../../core/conversions.ts'
import type { ConversionsConfig, DB, Job } from '../../platform/index.ts'
import { type DestinationRow, listDestinations } from './destinations.server.ts'
import { claimEvents, discoverEvents, type EventRow, factsOf, settleEvent } from './events.server.ts'
import { GoogleTokens, type TokenError } from './google-auth.server.ts'
import { type ConversionFact, googleBody, metaBody, tiktokBody, unsendable } from './payloads.server.ts'
import { type DestinationSecrets, openSecrets } from './secrets.server.ts'

export const CONVERSIONS_JOB = 'conversions'
const FULL_SCAN_MS = 60_000
const RECENT_MS = 3_600_000
export const META_API_VERSION = 'v23.0'
export const TIKTOK_API_VERSION = 'v1.3'

/** Events per request: each platform's published maximum, or less. */
const BATCH: Record<ConversionPlatform, number> = { google: 2000, meta: 1000, tiktok: 1000 }
const CLAIM = 500
const ANSWER_MAX = 2000

/** What a platform made of a request. */
export type Outcome =
  | { kind: 'sent'; httpStatus: number; answer: string }
  | {
      kind: 'rejected' | 'retry'
      httpStatus: number | null
      answer: string | null
      message: string
      retryAfterMs?: number
    }

type SenderDeps = { db: Kysely<DB>; config: { conversions: ConversionsConfig }; logger: Logger }

const cut = (text: string) => (text.length > ANSWER_MAX ? `${text.slice(0, ANSWER_MAX)}…` : text)

function retryAfter(response: Response): number | undefined {
  const value = response.headers.get('retry-after')
  if (!value) return undefined
  const secs = Number(value)
  if (Number.isFinite(secs)) return secs * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}

/** The platform's own words from an error body, where it has them. */
function platformMessage(body: unknown, fallback: string): string {
  const b = body as {
    error?: { message?: string; error_user_msg?: string } | string
    message?: string
  } | null
  if (b && typeof b.error === 'object' && b.error)
    return b.error.error_user_msg ?? b.error.message ?? fallback
  if (b && typeof b.error === 'string') return b.error
  if (b && typeof b.message === 'string') return b.message
  return fallback
}

/** Meta's rate-limit and transient error codes (Graph API): retried, not rejected. */
const META_TRANSIENT = new Set([1, 2, 4, 17, 32, 341, 613, 80004])

/**
 * Sends conversion events to each destination's platform. Run by the `conversions` job on every
 * instance (and woken by a new lead): it writes the events that became due, claims a batch, sends
 * each destination's share in as few requests as the platform allows, and records each event's
 * answer. A refusal (4xx other than rate limits) is shown with the platform's message and never
 * retried; rate limits, 5xx and no answer are retried after CONVERSIONS_RETRY_DELAYS, then failed.
 */
export class ConversionSender {
  readonly #deps: SenderDeps
  readonly #tokens = new GoogleTokens()
  #fullScanAt = 0
  /** How long a claim lasts: longer than a token exchange and a request can take together. */
  readonly #leaseMs: number

  constructor(deps: SenderDeps) {
    this.#deps = deps
    this.#leaseMs = deps.config.conversions.timeoutMs * 2 + 2000
  }

  job(): Job {
    return { name: CONVERSIONS_JOB, everyMs: this.#deps.config.conversions.pollMs, run: () => this.run() }
  }

  async run() {
    const { db } = this.#deps
    const destinations = await listDestinations(db)
    if (destinations.length === 0) return
    // Most runs are woken by new leads: they look at the last hour's facts; a full scan of the
    // platforms' seven days runs once a minute (and first), so nothing missed stays missed.
    const now = new Date()
    const full = now.getTime() - this.#fullScanAt >= FULL_SCAN_MS
    await discoverEvents(db, destinations, now, full ? undefined : new Date(now.getTime() - RECENT_MS))
    if (full) this.#fullScanAt = now.getTime()
    const byId = new Map(destinations.map((d) => [d.id, d]))
    for (let round = 0; round < 20; round++) {
      const claimed = await claimEvents(db, CLAIM, this.#leaseMs)
      if (claimed.length === 0) break
      await this.#send(claimed, byId)
      if (claimed.length < CLAIM) break
    }
  }

  async #send(rows: EventRow[], destinations: Map<number, DestinationRow>) {
    const { db, config, logger } = this.#deps
    const facts = await factsOf(db, rows)
    const skips: [EventRow, Parameters<typeof settleEvent>[2]][] = []
    const groups = new Map<
      string,
      { destination: DestinationRow; secrets: DestinationSecrets; items: [EventRow, ConversionFact][] }
    >()
    for (const row of rows) {
      const destination = destinations.get(row.destinationId)
      const fact = facts.get(row.id)
      if (!fact) {
        skips.push([row, { status: 'skipped', reason: 'The lead was erased', attempted: false }])
        continue
      }
      const clickId = clickIdFor(destination?.platform, fact)
      const known = { clickId, consented: fact.consented, valuePence: fact.valuePence }
      if (!destination?.enabled) {
        skips.push([
          row,
          {
            status: 'skipped',
            reason: 'The destination is turned off',
            attempted: false,
            ...known,
          },
        ])
        continue
      }
      const refusal = unsendable(destination.platform, fact)
      if (refusal) {
        skips.push([row, { status: 'skipped', reason: refusal, attempted: false, ...known }])
        continue
      }
      const secrets = openSecrets(config.conversions.key, destination.secret)
      if (!secrets) {
        skips.push([
          row,
          {
            status: 'failed',
            reason: 'The destination’s credentials cannot be read (CONVERSIONS_KEY unset or changed)',
            attempted: false,
            ...known,
          },
        ])
        continue
      }
      // Google's request carries one consent for all its events: those with and without go apart.
      const key = `${destination.id}:${destination.platform === 'google' ? fact.consented : ''}`
      const group = groups.get(key) ?? { destination, secrets, items: [] }
      group.items.push([row, fact])
      groups.set(key, group)
    }
    if (skips.length > 0)
      await db.transaction().execute(async (trx) => {
        for (const [row, settlement] of skips) await settleEvent(trx, row, settlement)
      })
    for (const { destination, secrets, items } of groups.values()) {
      for (let i = 0; i < items.length; i += BATCH[destination.platform]) {
        const chunk = items.slice(i, i + BATCH[destination.platform])
        const outcome = await this.request(
          destination,
          secrets,
          chunk.map(([, f]) => f),
          destination.testMode,
        )
        logger.info(
          {
            destinationId: destination.id,
            platform: destination.platform,
            events: chunk.length,
            outcome: outcome.kind,
            httpStatus: outcome.httpStatus,
          },
          'conversions sent',
        )
        // One transaction per request's answers: on SQLite one commit instead of one per event.
        await this.#deps.db.transaction().execute(async (trx) => {
          for (const [row, fact] of chunk) await this.#settle(trx, row, fact, destination, outcome)
        })
      }
    }
  }

  async #settle(
    db: Kysely<DB>,
    row: EventRow,
    fact: ConversionFact,
    destination: DestinationRow,
    outcome: Outcome,
  ) {
    const { config } = this.#deps
    const known = {
      clickId: clickIdFor(destination.platform, fact),
      consented: fact.consented,
      valuePence: fact.valuePence,
    }
    if (outcome.kind === 'sent') {
      await settleEvent(db, row, {
        status: 'sent',
        reason: destination.testMode ? 'Sent in test mode' : null,
        answer: outcome.answer,
        httpStatus: outcome.httpStatus,
        attempted: true,
        ...known,
      })
      return
    }
    const delays = config.conversions.retryDelaysMs
    const retry = outcome.kind === 'retry' && row.attempts < delays.length
    const wait = Math.max(delays[row.attempts] ?? 0, outcome.retryAfterMs ?? 0)
    await settleEvent(db, row, {
      status: retry ? 'pending' : outcome.kind === 'rejected' ? 'rejected' : 'failed',
      reason: outcome.message,
      answer: outcome.answer,
      httpStatus: outcome.httpStatus,
      nextAttemptAt: retry ? new Date(Date.now() + wait) : undefined,
      attempted: true,
      ...known,
    })
  }

  /** One request to the destination's platform with these events. */
  async request(
    destination: DestinationRow,
    secrets: DestinationSecrets,
    facts: ConversionFact[],
    testMode: boolean,
  ): Promise<Outcome> {
    const { conversions } = this.#deps.config
    const { settings } = destination
    let url: string
    let headers: Record<string, string> = { 'content-type': 'application/json' }
    let body: unknown
    if (destination.platform === 'meta') {
      url = `${conversions.metaGraphUrl}/${META_API_VERSION}/${settings.pixelId}/events?access_token=${encodeURIComponent(secrets.accessToken ?? '')}`
      body = metaBody(facts, settings, testMode)
    } else if (destination.platform === 'tiktok') {
      url = `${conversions.tiktokEventsUrl}/open_api/${TIKTOK_API_VERSION}/event/track/`
      headers = { ...headers, 'Access-Token': secrets.accessToken ?? '' }
      body = tiktokBody(facts, settings, testMode)
    } else {
      let token: string
      try {
        token = await this.#tokens.get(
          String(destination.id),
          { clientEmail: settings.clientEmail ?? '', privateKey: secrets.privateKey ?? '' },
          conversions.googleTokenUrl,
          conversions.timeoutMs,
        )
      } catch (err) {
        const e = err as TokenError
        const transient = e.status === null || e.status === 429 || e.status >= 500
        return {
          kind: transient ? 'retry' : 'rejected',
          httpStatus: e.status,
          answer: null,
          message: e.message,
        }
      }
      url = `${conversions.googleDataManagerUrl}/v1/events:ingest`
      headers = { ...headers, authorization: `Bearer ${token}` }
      body = googleBody(facts, settings, testMode)
    }
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(conversions.timeoutMs),
      })
    } catch (err) {
      return {
        kind: 'retry',
        httpStatus: null,
        answer: null,
        message: `No answer: ${(err as Error).message}`,
      }
    }
    const text = await response.text().catch(() => '')
    let parsed: unknown = null
    try {
      parsed = JSON.parse(text)
    } catch {}
    const answer = cut(`${response.status} ${text}`)
    const fallback = `HTTP ${response.status}`
    if (destination.platform === 'google' && response.status === 401)
      this.#tokens.forget(String(destination.id))
    if (destination.platform === 'tiktok' && response.ok) {
      const code = (parsed as { code?: number } | null)?.code
      if (code === 0) return { kind: 'sent', httpStatus: response.status, answer }
      const transient = code === 40100 || (typeof code === 'number' && code >= 50000)
      return {
        kind: transient ? 'retry' : 'rejected',
        httpStatus: response.status,
        answer,
        message: platformMessage(parsed, `TikTok code ${code ?? 'missing'}`),
      }
    }
    if (response.ok) return { kind: 'sent', httpStatus: response.status, answer }
    const metaCode = (parsed as { error?: { code?: number } } | null)?.error?.code
    const transient =
      response.status === 429 ||
      response.status === 408 ||
      response.status >= 500 ||
      (destination.platform === 'google' && response.status === 401) ||
      (destination.platform === 'meta' && metaCode !== undefined && META_TRANSIENT.has(metaCode))
    return {
      kind: transient ? 'retry' : 'rejected',
      httpStatus: response.status,
      answer,
      message: platformMessage(parsed, fallback),
      retryAfterMs: retryAfter(response),
    }
  }

  /** A made-up lead event sent in test mode (Google: validate only; Meta and TikTok: with the test event code). */
  async sendTest(destination: DestinationRow): Promise<Outcome> {
    const secrets = openSecrets(this.#deps.config.conversions.key, destination.secret)
    if (!secrets) {
      return {
        kind: 'rejected',
        httpStatus: null,
        answer: null,
        message: 'The destination’s credentials cannot be read',
      }
    }
    const now = new Date()
    const fact: ConversionFact = {
      event: 'lead',
      eventId: `test-${randomUUID()}`,
      eventTime: now,
      valuePence: null,
      consented: true,
      email: 'test@example.com',
      phone: '07700 900000',
      ipAddress: '192.0.2.1',
      userAgent: 'claimcheck-conversions-test',
      sourceUrl: null,
      capturedAt: now,
      gclid: null,
      gbraid: null,
      wbraid: null,
      fbclid: null,
      ttclid: null,
    }
    return this.request(destination, secrets, [fact], true)
  }
}

/** The click id the platform matches on, if the lead has one. */
function clickIdFor(platform: ConversionPlatform | undefined, fact: ConversionFact): string | null {
  if (platform === 'google') return fact.gclid ?? fact.gbraid ?? fact.wbraid
  if (platform === 'meta') return fact.fbclid
  if (platform === 'tiktok') return fact.ttclid
  return null
}
