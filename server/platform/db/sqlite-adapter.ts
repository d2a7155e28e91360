import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

type Convert = (value: unknown) => unknown

const toBoolean: Convert = (v) => (v === null ? null : Boolean(v))
const toDate: Convert = (v) => (v === null ? null : new Date(v as string))
const fromJson: Convert = (v) => (typeof v === 'string' ? JSON.parse(v) : v)

// Declared column types (see migrations) tell us what a stored value means, so rows come back as
// booleans, Dates and objects exactly as they do from PostgreSQL.
function converterFor(declaredType: string | null): Convert | undefined {
  switch (declaredType?.toLowerCase()) {
    case 'boolean':
      return toBoolean
    case 'timestamp':
      return toDate
    case 'json':
      return fromJson
    default:
      return undefined
  }
}

function toParameter(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  return value
}

/** How long a statement waits for another connection's lock; node:sqlite blocks the event loop meanwhile. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000

type Prepared = { statement: StatementSync; reader: boolean; converters: [string, Convert][] }

/**
 * Gives Kysely's SqliteDialect the better-sqlite3-shaped object it expects, on top of Node's
 * built-in `node:sqlite`. Prepared statements are cached by SQL text.
 */
export class NodeSqliteAdapter implements SqliteDatabase {
  readonly db: DatabaseSync
  readonly #cache = new Map<string, Prepared>()

  constructor(file: string) {
    this.db = new DatabaseSync(file)
    this.db.exec('PRAGMA journal_mode = WAL')
    this.db.exec('PRAGMA synchronous = FULL')
    this.db.exec('PRAGMA foreign_keys = ON')
    this.db.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
    // Deleted rows (an erasure, the retention purge) are overwritten with zeros, not left in free
    // space for anyone reading the file (docs/decisions/0022-erasure-on-disk.md).
    this.db.exec('PRAGMA secure_delete = ON')
    // SQLite's own lower() folds only A-Z; searches must match "Zoë" as PostgreSQL does.
    this.db.function('lower', { deterministic: true }, (value) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    )
  }

  close(): void {
    this.#cache.clear()
    if (this.db.isOpen) this.db.close()
  }

  prepare(sql: string): SqliteStatement {
    let prepared = this.#cache.get(sql)
    if (!prepared) {
      const statement = this.db.prepare(sql)
      const columns = statement.columns()
      const converters: [string, Convert][] = []
      for (const column of columns) {
        const convert = converterFor(column.type)
        if (convert) converters.push([column.name, convert])
      }
      prepared = { statement, reader: columns.length > 0, converters }
      // DDL changes what statements mean; never let the cache grow without bound either.
      if (this.#cache.size > 500) this.#cache.clear()
      this.#cache.set(sql, prepared)
    }
    const { statement, reader, converters } = prepared
    const convertRow = (row: Record<string, unknown>) => {
      for (const [name, convert] of converters) row[name] = convert(row[name])
      return row
    }
    return {
      reader,
      all: (parameters) => {
        const rows = statement.all(...(parameters.map(toParameter) as never[])) as Record<string, unknown>[]
        return converters.length ? rows.map(convertRow) : rows
      },
      run: (parameters) => {
        const { changes, lastInsertRowid } = statement.run(...(parameters.map(toParameter) as never[]))
        return { changes, lastInsertRowid }
      },
      iterate: function* (parameters) {
        for (const row of statement.iterate(...(parameters.map(toParameter) as never[]))) {
          yield convertRow(row as Record<string, unknown>)
        }
      },
    }
  }

  /** Forget prepared statements, e.g. after migrations altered the schema. */
  clearStatementCache(): void {
    this.#cache.clear()
  }
}
