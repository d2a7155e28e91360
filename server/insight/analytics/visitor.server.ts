import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { londonParts } from '../../../core/routing/contract-rules.ts'
import type { DB } from '../../platform/index.ts'

/**
 * Who a visitor is, for one UK day, without storing anything on their device: a hash of the site,
 * their IP address and user agent with the day's salt (docs/decisions/0036-cookieless-visitors.md).
 * The salt is random, shared by every instance through `visitor_salt`, and deleted when the day
 * ends, so a hash can never be tied back to an address or matched across days. Analytics and
 * experiments (one variant per visitor per day) read the same id.
 */
export class VisitorIds {
  readonly #db: Kysely<DB>
  readonly #site: string
  #today: { day: string; salt: string } | undefined
  #loading: Promise<{ day: string; salt: string }> | undefined

  constructor(db: Kysely<DB>, site: string) {
    this.#db = db
    this.#site = site
  }

  /** The visitor's id for today: 32 hex characters. */
  async id(ip: string, userAgent: string, at = new Date()): Promise<string> {
    const { salt } = await this.#salt(londonParts(at).date)
    return createHash('sha256')
      .update(`${salt}\u0000${this.#site}\u0000${ip}\u0000${userAgent}`)
      .digest('hex')
      .slice(0, 32)
  }

  /** The same, without waiting, when today's salt is already known (the cached-page hit path). */
  peek(ip: string, userAgent: string, at = new Date()): string | undefined {
    const day = londonParts(at).date
    if (this.#today?.day !== day) {
      this.#salt(day).catch(() => {})
      return undefined
    }
    return createHash('sha256')
      .update(`${this.#today.salt}\u0000${this.#site}\u0000${ip}\u0000${userAgent}`)
      .digest('hex')
      .slice(0, 32)
  }

  async #salt(day: string) {
    if (this.#today?.day === day) return this.#today
    this.#loading ??= this.#load(day).finally(() => {
      this.#loading = undefined
    })
    const loaded = await this.#loading
    return loaded.day === day ? loaded : this.#load(day)
  }

  /** Today's salt: the one another instance made, or a new one; earlier days' salts are deleted. */
  async #load(day: string) {
    await this.#db
      .insertInto('visitorSalt')
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute()
    const row = await this.#db
      .selectFrom('visitorSalt')
      .select(['day', 'salt'])
      .where('day', '=', day)
      .executeTakeFirstOrThrow()
    await this.#db.deleteFrom('visitorSalt').where('day', '<', day).execute()
    this.#today = row
    return row
  }
}
