import type { IncomingMessage } from 'node:http'
import {
  BUCKET_HEADER,
  bucketOfHash,
  parseBucket,
  splitClientsHash,
  variantForBucket,
} from '../../../core/experiments/assign.ts'
import { londonParts } from '../../../core/routing/contract-rules.ts'
import { rawHeader } from '../../platform/index.ts'
import type { VisitorIds } from '../analytics/visitor.server.ts'
import type { Exposure, RunningExperiment, RunningVariant } from './queries.server.ts'

/** Express's compiled `trust proxy` setting: is the address at this hop a proxy we believe? */
export type TrustProxy = (address: string, hop: number) => boolean

/**
 * The visitor's address as Express gives it (`req.ip`): the socket's, or, from a trusted proxy,
 * the nearest address in X-Forwarded-For that is not itself a trusted proxy.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return addressOf(req.socket.remoteAddress ?? '', rawHeader(req, 'x-forwarded-for'), trust)
}

/** The same from the socket's address and the X-Forwarded-For header already read. */
export function addressOf(socket: string, forwarded: string | undefined, trust: TrustProxy): string {
  if (!trust(socket, 0)) return socket
  if (!forwarded) return socket
  const hops = forwarded.split(',')
  for (let i = hops.length - 1; i >= 0; i--) {
    const address = (hops[i] as string).trim()
    if (!trust(address, hops.length - i)) return address
  }
  return (hops[0] as string).trim()
}

/**
 * What assignment reads of a request, once: the visitor's address, user agent, UK day, the
 * MurmurHash2 of the three (as nginx hashes them) and the bucket.
 */
export type VisitorFacts = { ip: string; userAgent: string; day: string; hash: number; bucket: number }

let dayCache = { minute: -1, day: '' }

/** The UK day, worked out once a minute. */
function ukDay(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000)
  if (minute !== dayCache.minute) dayCache = { minute, day: londonParts(now).date }
  return dayCache.day
}

/**
 * The visitor's facts today; the bucket (0–99) is nginx's when a trusted proxy sent one (it chose
 * the variant before its cache), else computed here from the same address, user agent and UK day.
 */
export function visitorFacts(req: IncomingMessage, trust: TrustProxy, now = new Date()): VisitorFacts {
  const socket = req.socket.remoteAddress ?? ''
  const trusted = trust(socket, 0)
  return factsOf(
    clientAddress(req, trust),
    rawHeader(req, 'user-agent'),
    trusted ? rawHeader(req, BUCKET_HEADER) : undefined,
    now,
  )
}

/**
 * The same from what the hit path read of the request: the client's address, the user agent and
 * the bucket header when a trusted proxy sent it.
 */
export function factsOf(
  address: string,
  userAgent: string | undefined,
  proxyBucket: string | undefined,
  now = new Date(),
): VisitorFacts {
  // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d; nginx's $remote_addr is a.b.c.d.
  const ip = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
  const agent = userAgent ?? ''
  const day = ukDay(now)
  const hash = splitClientsHash(`${ip}${agent}${day}`)
  const fromProxy = proxyBucket === undefined ? undefined : parseBucket(proxyBucket)
  return { ip, userAgent: agent, day, hash, bucket: fromProxy ?? bucketOfHash(hash) }
}

/** The visitor's bucket today (see visitorFacts). */
export function bucketOf(req: IncomingMessage, trust: TrustProxy, now = new Date()): number {
  return visitorFacts(req, trust, now).bucket
}

export type Assigned = { experiment: RunningExperiment; variant: RunningVariant }

/** The variant of the experiment running on `path` this bucket gets; undefined when none runs. */
export function assignedVariant(
  experiments: ReadonlyMap<string, RunningExperiment> | undefined,
  path: string,
  bucket: number,
  now = Date.now(),
): Assigned | undefined {
  const experiment = experiments?.get(path)
  if (!experiment || now >= experiment.until) return undefined
  const variant = variantForBucket(experiment.variants, bucket)
  return variant ? { experiment, variant } : undefined
}

/**
 * The variant a lead converted on: the experiment running on the page it was posted from (its
 * Referer) or, failing that, the page the visit landed on.
 */
export function leadVariant(
  experiments: ReadonlyMap<string, RunningExperiment> | undefined,
  bucket: number,
  pages: (string | null | undefined)[],
): string | null {
  for (const page of pages) {
    if (!page) continue
    let path = page
    try {
      path = new URL(page, 'http://x').pathname
    } catch {
      continue
    }
    const assigned = assignedVariant(experiments, path.toLowerCase(), bucket)
    if (assigned) return assigned.variant.key
  }
  return null
}

const BOT = /bot|crawl|spider|slurp|headless|lighthouse|preview|fetch|curl|wget|python|java\//i

/** Whether a visit with this user agent is an exposure at all (none, or a bot's, is not). */
export function exposesVisitor(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent !== '' && !BOT.test(userAgent)
}
const MAX_PENDING = 100_000
const MAX_SEEN = 200_000

/**
 * Who saw which variant, held in memory and written in batches by the `experiment-exposures` job.
 * The hit path pays one lookup for a visitor already counted today (two 32-bit hashes of address,
 * user agent and day: nothing readable is kept); a new visitor costs one salted id (ADR 0036).
 */
export class Exposures {
  readonly #visitors: VisitorIds
  #pending = new Map<string, Exposure>()
  #seen = new Set<string>()
  #seenDay = ''

  constructor(visitors: VisitorIds) {
    this.#visitors = visitors
  }

  record(assigned: Assigned, { ip, userAgent, day, hash }: VisitorFacts, now = new Date()) {
    if (day !== this.#seenDay || this.#seen.size >= MAX_SEEN) {
      this.#seen = new Set()
      this.#seenDay = day
    }
    const seenKey = `${assigned.experiment.id}:${hash}:${splitClientsHash(`${day}${userAgent}${ip}`)}`
    if (this.#seen.has(seenKey)) return
    this.#seen.add(seenKey)
    if (!exposesVisitor(userAgent) || this.#pending.size >= MAX_PENDING) return
    const add = (visitor: string) => {
      const key = `${assigned.experiment.id}|${day}|${visitor}`
      if (!this.#pending.has(key)) {
        this.#pending.set(key, {
          experimentId: assigned.experiment.id,
          day,
          visitor,
          variant: assigned.variant.name,
        })
      }
    }
    const visitor = this.#visitors.peek(ip, userAgent, now)
    if (visitor) add(visitor)
    else this.#visitors.id(ip, userAgent, now).then(add, () => {})
  }

  /** The exposures since the last take, cleared. */
  take(): Exposure[] {
    const rows = [...this.#pending.values()]
    this.#pending = new Map()
    return rows
  }
}

/** A questionnaire version a running experiment's variant shows: it takes answers while it runs. */
export function experimentQuestionnaire(
  experiments: ReadonlyMap<string, RunningExperiment> | undefined,
  id: number,
): NonNullable<RunningVariant['questionnaire']> | undefined {
  for (const experiment of experiments?.values() ?? []) {
    for (const variant of experiment.variants)
      if (variant.questionnaire?.id === id) return variant.questionnaire
  }
  return undefined
}
