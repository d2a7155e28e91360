import type { Kysely } from 'kysely'
import type { DB, RateRule } from '../../platform/index.ts'
import { clientKey, hitRateLimit, type RateDecision } from '../../platform/index.ts'

type Window = { endsAt: number; shared: number; pending: number }

/**
 * The beacon's rate limit per client address (docs/decisions/0054-bounded-analytics.md). The lean
 * path answers thousands of beacons a second, so a hit is counted in memory; the analytics job adds
 * each client's new hits to its `rate_limit` row every second and reads back the total, so instances
 * sharing a database share the limit (each may let one second's worth through before it knows).
 */
export class BeaconLimiter {
  readonly #rule: () => RateRule | undefined
  readonly #windows = new Map<string, Window>()

  /** `rule` answers undefined while rate limits are off. */
  constructor(rule: () => RateRule | undefined) {
    this.#rule = rule
  }

  hit(ip: string, now = Date.now()): RateDecision {
    const rule = this.#rule()
    if (!rule) return { allowed: true, retryAfterSeconds: 0 }
    const key = clientKey(ip)
    let window = this.#windows.get(key)
    if (!window || now >= window.endsAt) {
      window = { endsAt: now + rule.windowMs, shared: 0, pending: 0 }
      this.#windows.set(key, window)
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000))
    if (window.shared + window.pending >= rule.limit) return { allowed: false, retryAfterSeconds }
    window.pending++
    return { allowed: true, retryAfterSeconds: 0 }
  }

  /** Adds what each client sent since the last sync to the shared counts; forgets ended windows. */
  async sync(db: Kysely<DB>, now = Date.now()): Promise<void> {
    const rule = this.#rule()
    const due = [...this.#windows].filter(([, w]) => w.pending > 0)
    if (rule && due.length > 0) {
      await db.transaction().execute(async (trx) => {
        for (const [key, window] of due) {
          const pending = window.pending
          window.pending = 0
          const total = await hitRateLimit(trx, `events:${key}`, rule, pending)
          window.shared = total.hits
          window.endsAt = total.windowStart.getTime() + rule.windowMs
        }
      })
    }
    for (const [key, window] of this.#windows) {
      if (window.pending === 0 && now >= window.endsAt) this.#windows.delete(key)
    }
  }
}
