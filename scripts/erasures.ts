// The erasure ledger around a restore (docs/decisions/0022-erasure-on-disk.md): read it from the
// database about to be replaced, then merge it into the restored one and erase those people again.
import fs from 'node:fs'
import { type LedgerEntry, parseLedgerJsonLines, readLedger, reapplyErasures } from '../server/leads/index.ts'
import type { DatabaseConfig } from '../server/platform/index.ts'
import { createDatabase, migrateToLatest } from '../server/platform/index.ts'

/**
 * The ledger of the configured database, or nothing when that database is gone, damaged or older
 * than the ledger (`reason` says which): a restore after a loss must still be possible.
 */
export async function readCurrentLedger(
  config: DatabaseConfig,
): Promise<{ entries: LedgerEntry[]; reason?: string }> {
  if (config.dialect === 'sqlite' && !fs.existsSync(config.file)) {
    return { entries: [], reason: 'no database file' }
  }
  const database = createDatabase(config)
  try {
    return { entries: await readLedger(database.db) }
  } catch (err) {
    return { entries: [], reason: (err as Error).message }
  } finally {
    await database.destroy().catch(() => {})
  }
}

export function readLedgerFile(file: string): LedgerEntry[] {
  try {
    return parseLedgerJsonLines(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`)
  }
}

/** Brings the restored database to the current schema, merges `entries` and erases again. */
export async function reapplyAfterRestore(config: DatabaseConfig, key: Buffer, entries: LedgerEntry[]) {
  const database = createDatabase(config)
  try {
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    return await reapplyErasures(database, key, entries)
  } finally {
    await database.destroy()
  }
}

/** The configured database's ledger, for `npm run db:erasures -- export FILE`. */
export async function exportLedger(config: DatabaseConfig): Promise<LedgerEntry[]> {
  const database = createDatabase(config)
  try {
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
    return await readLedger(database.db)
  } finally {
    await database.destroy()
  }
}
