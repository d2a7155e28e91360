import type { PostgresPool, PostgresPoolClient } from 'kysely'
import type pg from 'pg'

/** A statement run this often is prepared on each connection it runs on. */
export const PREPARE_AFTER = 3
/** At most this many statements are prepared per connection (PostgreSQL keeps each one's plan). */
export const MAX_PREPARED = 400
/** Longer statements (a batch's VALUES lists) are rarely run twice: never prepared. */
const MAX_TEXT = 8_000
/** How many distinct statements are counted before the count starts again. */
const MAX_COUNTED = 5_000

/**
 * Which statements run as named prepared statements (docs/decisions/0087-prepared-statements.md):
 * those with parameters run at least PREPARE_AFTER times, up to MAX_PREPARED of them. Parsing and
 * planning a statement each time was about half of PostgreSQL's CPU for a lead's simple queries.
 */
export class StatementNames {
  readonly #named = new Map<string, string>()
  readonly #counted = new Map<string, number>()
  /** Statements whose prepared form failed (the schema changed under it): run unnamed from then on. */
  readonly #unnamed = new Set<string>()
  #next = 0
  readonly prepareAfter: number
  readonly maxPrepared: number

  constructor(prepareAfter = PREPARE_AFTER, maxPrepared = MAX_PREPARED) {
    this.prepareAfter = prepareAfter
    this.maxPrepared = maxPrepared
  }

  /** The name to run this statement under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const named = this.#named.get(text)
    if (named !== undefined) return named
    if (text.length > MAX_TEXT || this.#named.size >= this.maxPrepared || this.#unnamed.has(text)) {
      return undefined
    }
    const seen = (this.#counted.get(text) ?? 0) + 1
    if (seen < this.prepareAfter) {
      if (this.#counted.size >= MAX_COUNTED) this.#counted.clear()
      this.#counted.set(text, seen)
      return undefined
    }
    this.#counted.delete(text)
    const name = `cc${(this.#next++).toString(36)}`
    this.#named.set(text, name)
    return name
  }

  /** Stops preparing a statement whose prepared form no longer works. */
  forget(text: string) {
    this.#named.delete(text)
    this.#unnamed.add(text)
  }

  get size() {
    return this.#named.size
  }
}

/**
 * A prepared statement that no longer fits the schema ("cached plan must not change result type"
 * after a migration added a column) or that the connection no longer has.
 */
export function isStalePrepared(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === '0A000' || code === '26000'
}

type Client = pg.PoolClient & PostgresPoolClient

/**
 * The pg pool as Kysely sees it, running repeated statements prepared. A statement that fails
 * because its prepared form went stale is run again unnamed when it ran outside a transaction
 * (nothing happened); inside one the error stands and the caller's transaction fails as before.
 */
export function preparingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  const wrap = (client: Client): PostgresPoolClient => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>
    return {
      // Kysely cancels a query by its backend's pid.
      get processID() {
        return (client as { processID?: number }).processID
      },
      release: (destroy?: boolean) => client.release(destroy),
      query: ((text: unknown, values?: unknown[]) => {
        if (typeof text !== 'string' || !values || values.length === 0) return query(text, values)
        const name = names.nameFor(text)
        if (name === undefined) return query(text, values)
        const idle = client.getTransactionStatus() === 'I'
        return query({ name, text, values }).catch((err: unknown) => {
          if (!isStalePrepared(err)) throw err
          names.forget(text)
          if (idle) return query(text, values)
          throw err
        })
      }) as PostgresPoolClient['query'],
    }
  }
  return {
    Client: (pool as { Client?: PostgresPool['Client'] }).Client,
    options: pool.options,
    connect: async () => {
      const client = (await pool.connect()) as Client
      let face = wrapped.get(client)
      if (!face) {
        face = wrap(client)
        wrapped.set(client, face)
      }
      return face
    },
    end: () => pool.end(),
  }
}
