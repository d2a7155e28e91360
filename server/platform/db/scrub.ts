import { type Kysely, sql } from 'kysely'
import type { Dialect } from './database.ts'
import type { DB } from './schema.ts'
import { SQLITE_BUSY_TIMEOUT_MS } from './sqlite-adapter.ts'

const CHECKPOINT_TRIES = 25
const CHECKPOINT_BUSY_MS = 100
const CHECKPOINT_WAIT_MS = 100

/**
 * After personal data is deleted, removes its bytes from the database's own files
 * (docs/decisions/0022-erasure-on-disk.md). SQLite zeroes deleted content in its pages
 * (`secure_delete`, set on every connection), but the WAL still holds the frames written before the
 * delete: it is checkpointed into the file and truncated, retried for about 5 s while another
 * connection (a backup, a second process) keeps it busy. PostgreSQL leaves deleted rows in the
 * table's pages and their keys in the indexes even after a plain VACUUM, so each table is rewritten
 * with VACUUM FULL (tables and indexes go to new files; the old ones are emptied at commit).
 * `tables` only matter on PostgreSQL. Returns false when the WAL stayed busy.
 */
export async function scrubDeletedRows(
  db: Kysely<DB>,
  dialect: Dialect,
  tables: readonly string[],
  options: { compact?: boolean } = {},
): Promise<boolean> {
  if (dialect === 'postgres') {
    await db.connection().execute(async (connection) => {
      // Waiting for the lock holds up every query queued behind it: give up instead of hanging.
      await sql`set lock_timeout = '15s'`.execute(connection)
      // Rebuilding the trigram indexes is most of the time: 2-4 times faster with this than with 64 MB.
      await sql`set maintenance_work_mem = '256MB'`.execute(connection)
      try {
        for (const table of tables) await sql`vacuum full ${sql.table(table)}`.execute(connection)
      } finally {
        await sql`reset lock_timeout`.execute(connection)
        await sql`reset maintenance_work_mem`.execute(connection)
      }
    })
    return true
  }
  // After a restore the file may carry free pages from an older, not securely deleted, database.
  if (options.compact) await sql`vacuum`.execute(db)
  for (let i = 0; i < CHECKPOINT_TRIES; i++) {
    if (await checkpointOnce(db)) return true
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_WAIT_MS))
  }
  return false
}

/**
 * A checkpoint waits for readers through the busy handler, which blocks the event loop (node:sqlite
 * is synchronous): it waits briefly, holding the connection so no other query runs with the short
 * timeout, and the caller sleeps between tries instead.
 */
async function checkpointOnce(db: Kysely<DB>): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    await sql.raw(`pragma busy_timeout = ${CHECKPOINT_BUSY_MS}`).execute(connection)
    try {
      const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(connection)
      return rows[0]?.busy === 0
    } finally {
      await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(connection)
    }
  })
}
