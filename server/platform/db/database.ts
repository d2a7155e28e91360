import fs from 'node:fs'
import path from 'node:path'
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { DatabaseConfig } from '../config.ts'
import { preparingPool } from './prepared-statements.ts'
import type { DB } from './schema.ts'
import { NodeSqliteAdapter } from './sqlite-adapter.ts'

export type Dialect = DatabaseConfig['dialect']

export type Database = {
  db: Kysely<DB>
  dialect: Dialect
  destroy: () => Promise<void>
}

const INT8_OID = 20

export function createDatabase(config: DatabaseConfig): Database {
  if (config.dialect === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true })
    const adapter = new NodeSqliteAdapter(config.file)
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: adapter }),
      plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    })
    return { db, dialect: 'sqlite', destroy: () => db.destroy() }
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // Counts and sums come back as int8; our numbers fit in a double.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as never,
    },
  })
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: config.preparedStatements === false ? pool : preparingPool(pool) }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  })
  return { db, dialect: 'postgres', destroy: () => db.destroy() }
}

/** JSON columns take JSON text on both engines (pg would turn a JS array into a PostgreSQL array). */
export function json(value: unknown): string {
  return JSON.stringify(value)
}

export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db)
}
