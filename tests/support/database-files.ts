import fs from 'node:fs'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import type { DB } from '../../server/platform/index.ts'

/** Which of `needles` these bytes hold, in UTF-8 or UTF-16 (either byte order), in `needles` order. */
export function needlesIn(bytes: Buffer, needles: readonly string[]): string[] {
  return needles.filter(
    (needle) =>
      bytes.includes(Buffer.from(needle, 'utf8')) ||
      bytes.includes(Buffer.from(needle, 'utf16le')) ||
      bytes.includes(Buffer.from(needle, 'utf16le').swap16()),
  )
}

export function readIfThere(file: string): Buffer {
  return fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0)
}

/** A SQLite database's own files: the database, its WAL and its shared-memory index. */
export function sqliteFiles(url: string): string[] {
  const file = url.replace(/^file:/, '')
  return [file, `${file}-wal`, `${file}-shm`]
}

/**
 * The data directory of the PostgreSQL cluster when this process can read it (the tests' own
 * cluster on this machine), else undefined: a server elsewhere.
 */
export async function readablePostgresDataDir(db: Kysely<DB>): Promise<string | undefined> {
  const { rows } = await sql<{ dir: string }>`select current_setting('data_directory') as dir`.execute(db)
  const dir = rows[0]?.dir
  if (!dir) return undefined
  try {
    fs.accessSync(path.join(dir, 'base'), fs.constants.R_OK)
    return dir
  } catch {
    return undefined
  }
}

/** Every file of these tables, their TOAST tables and all their indexes (each 1 GB segment). */
export async function postgresRelationFiles(
  db: Kysely<DB>,
  dataDir: string,
  tables: readonly string[],
): Promise<string[]> {
  const { rows } = await sql<{ file: string }>`
    with t as (select to_regclass(name) as oid from unnest(${[...tables]}::text[]) name),
    toast as (select reltoastrelid as oid from pg_class where oid in (select oid from t) and reltoastrelid <> 0),
    rel as (select oid from t union select oid from toast
      union select indexrelid from pg_index where indrelid in (select oid from t union select oid from toast))
    select pg_relation_filepath(oid) as file from rel`.execute(db)
  return rows.flatMap(({ file }) => {
    const base = path.join(dataDir, file)
    const segments = [base]
    for (let i = 1; fs.existsSync(`${base}.${i}`); i++) segments.push(`${base}.${i}`)
    return segments
  })
}

/** The needles any of these files hold, sorted. */
export function needlesInFiles(files: readonly string[], needles: readonly string[]): string[] {
  return [...new Set(files.flatMap((f) => needlesIn(readIfThere(f), needles)))].sort()
}
