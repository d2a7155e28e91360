// Backups of the database the server is configured with (DATABASE_URL, as server/platform/config.ts reads
// it): SQLite through its online backup API (safe while the server runs), PostgreSQL through
// pg_dump's custom format and pg_restore. `npm run db:backup [FILE]`, `npm run db:restore FILE`.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { backup, DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import type { DatabaseConfig } from '../server/platform/index.ts'

/** Debian's PostgreSQL client programs (newest version), else whatever is on PATH. */
function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  const base = '/usr/lib/postgresql'
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : []
  return versions[0] ? path.join(base, versions[0], 'bin', name) : name
}

/** After a loss the database itself may be gone: it is created again (empty) before the restore. */
async function createDatabaseIfMissing(url: string) {
  const probe = new pg.Client({ connectionString: url })
  try {
    await probe.connect()
    return
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err
  } finally {
    await probe.end().catch(() => {})
  }
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  target.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: target.toString() })
  await admin.connect()
  try {
    await admin.query(`create database "${name.replace(/"/g, '""')}"`)
    console.log(`Created the missing database ${name}`)
  } finally {
    await admin.end()
  }
}

export function defaultBackupFile(database: DatabaseConfig, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  return path.resolve(
    'backups',
    `${database.dialect}-${stamp}.${database.dialect === 'sqlite' ? 'db' : 'dump'}`,
  )
}

/** Writes a consistent copy of the whole database to `file` (created, never overwritten). */
export async function backupDatabase(database: DatabaseConfig, file: string): Promise<void> {
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose another file name`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  if (database.dialect === 'sqlite') {
    if (!database.file || !fs.existsSync(database.file))
      throw new Error(`No SQLite database at ${database.file}`)
    const source = new DatabaseSync(database.file, { readOnly: true })
    try {
      await backup(source, file)
    } finally {
      source.close()
    }
    return
  }
  execFileSync(pgProgram('pg_dump'), ['--format=custom', '--no-owner', '--file', file, database.url], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

/**
 * Replaces the configured database's contents with the backup's. Stop the app first: a running
 * instance keeps serving what it holds in memory until it restarts.
 */
export async function restoreDatabase(database: DatabaseConfig, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`)
  if (database.dialect === 'sqlite') {
    const header = fs.readFileSync(file).subarray(0, 16).toString('latin1')
    if (header !== 'SQLite format 3\u0000') throw new Error(`${file} is not a SQLite database`)
    fs.mkdirSync(path.dirname(database.file), { recursive: true })
    const source = new DatabaseSync(file, { readOnly: true })
    try {
      // The backup API writes the pages into the live file under its lock, WAL included.
      await backup(source, database.file)
    } finally {
      source.close()
    }
    return
  }
  await createDatabaseIfMissing(database.url)
  execFileSync(
    pgProgram('pg_restore'),
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      database.url,
      file,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
}
