// `npm run db:restore -- FILE [--ledger LEDGER]`: replaces the configured database's contents with a
// backup, then erases again everyone the erasure ledger names (the ledger of the database being
// replaced, of LEDGER as `npm run db:erasures -- export` wrote it, and of the backup itself).
// Stop the app (every instance) first, and start it again afterwards.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parseConfig } from '../server/platform/index.ts'
import { restoreDatabase } from './backup.ts'
import { readCurrentLedger, readLedgerFile, reapplyAfterRestore } from './erasures.ts'

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

const USAGE =
  'Usage: npm run db:restore FILE, or npm run db:restore -- FILE --ledger LEDGER (FILE made by npm run db:backup)'
const args = (() => {
  try {
    return parseArgs({ options: { ledger: { type: 'string' } }, allowPositionals: true })
  } catch (err) {
    return fail(`${USAGE}: ${(err as Error).message}`, 2)
  }
})()
const file = args.positionals[0]
if (!file || args.positionals.length > 1) {
  fail(USAGE, 2)
}
try {
  const config = parseConfig()
  const database = config.database
  const current = await readCurrentLedger(database)
  if (current.reason) console.log(`No erasure ledger read from the current database (${current.reason})`)
  const fromFile = args.values.ledger ? readLedgerFile(path.resolve(args.values.ledger)) : []
  const entries = [...current.entries, ...fromFile]
  if (config.erasureKeyGenerated && entries.length > 0) {
    throw new Error(
      'set ERASURE_KEY (or SESSION_SECRET) as the app has it: without it erased people cannot be recognised',
    )
  }
  await restoreDatabase(database, path.resolve(file))
  console.log(`Restored the ${database.dialect} database from ${path.resolve(file)}`)
  if (config.erasureKeyGenerated) {
    console.log('Erasures not re-applied: neither ERASURE_KEY nor SESSION_SECRET is set')
  } else {
    const result = await reapplyAfterRestore(database, config.erasureKey, entries)
    console.log(
      `Erasure ledger: ${result.ledgerAdded} entries added; ${result.leadsErased} leads of erased people erased again`,
    )
    if (!result.scrubbed)
      console.log('Warning: the WAL was busy; erased rows may remain in it until the app checkpoints')
  }
} catch (err) {
  fail(`Restore failed: ${(err as Error).message}`)
}
