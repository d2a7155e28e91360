import type { RequestHandler } from 'express'
import { type Kysely, sql } from 'kysely'
import { TOO_MANY } from '../../../core/schemas/auth.ts'
import type { RateRule } from '../config.ts'
import type { AppServices } from '../context.ts'
import type { DB } from '../db/schema.ts'
import type { Job } from '../scheduler.ts'

export type RateDecision = { allowed: boolean; retryAfterSeconds: number }

/**
 * Counts one hit against `key` in a fixed window, atomically in the database, so that several
 * app instances sharing PostgreSQL share the limit.
 */
export async function hitRateLimit(
  db: Kysely<DB>,
  key: string,
  rule: RateRule,
  /** Hits to count at once (the beacon's limiter adds a second's worth). */
  count = 1,
): Promise<RateDecision & { hits: number; windowStart: Date }> {
  const now = new Date()
  const windowOpenedBefore = new Date(now.getTime() - rule.windowMs)
  const expired = sql<boolean>`${sql.ref('rateLimit.windowStart')} <= ${windowOpenedBefore}`
  const row = await db
    .insertInto('rateLimit')
    .values({ key, windowStart: now, hits: count })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when ${expired} then ${count} else ${sql.ref('rateLimit.hits')} + ${count} end`,
        windowStart: sql`case when ${expired} then ${now} else ${sql.ref('rateLimit.windowStart')} end`,
      }),
    )
    .returning(['hits', 'windowStart'])
    .executeTakeFirstOrThrow()
  const windowStart = new Date(row.windowStart)
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000),
  )
  const hits = Number(row.hits)
  return { allowed: hits <= rule.limit, retryAfterSeconds, hits, windowStart }
}

export async function purgeRateLimits(db: Kysely<DB>, olderThanMs = 86_400_000) {
  await db
    .deleteFrom('rateLimit')
    .where('windowStart', '<', new Date(Date.now() - olderThanMs))
    .execute()
}

/**
 * The client a limit counts against: its IPv4 address, or its IPv6 /64 (one customer usually owns a
 * whole /64, so counting single IPv6 addresses would let one client rotate through billions).
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown'
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (v4) return v4[1] as string
  if (!ip.includes(':')) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`
}

/** Express guard: 429 with Retry-After once a client used up `rule` for `name`. */
export function rateLimit(services: AppServices, name: string, rule: RateRule): RequestHandler {
  return async (req, res, next) => {
    if (!services.config.rateLimits.enabled) return next()
    const decision = await hitRateLimit(services.db, `${name}:${clientKey(req.ip)}`, rule)
    if (decision.allowed) return next()
    res.setHeader('Retry-After', String(decision.retryAfterSeconds))
    res.status(429).json({ message: TOO_MANY })
  }
}

export const rateLimitJobs = (db: Kysely<DB>): Job[] => [
  { name: 'rate-limit-purge', everyMs: 10 * 60_000, run: () => purgeRateLimits(db) },
]
