// `npm run db:erasures -- export FILE`: writes the erasure ledger (keyed hashes and times, no
// personal data) as JSON lines, to keep beside the backups for `npm run db:restore --ledger FILE`.
import fs from 'node:fs'
import path from 'node:path'
import { ledgerToJsonLines } from '../server/leads/index.ts'
import { parseConfig } from '../server/platform/index.ts'
import { exportLedger } from './erasures.ts'

const [command, target, ...extra] = process.argv.slice(2)
if (command !== 'export' || !target || extra.length > 0) {
  console.error('Usage: npm run db:erasures -- export FILE')
  process.exit(2)
}
try {
  const { database } = parseConfig()
  const entries = await exportLedger(database)
  const file = path.resolve(target)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // Written aside and renamed: a nightly export never leaves half a ledger in place of the last one.
  const partial = `${file}.partial`
  fs.writeFileSync(partial, ledgerToJsonLines(entries), { mode: 0o600 })
  fs.renameSync(partial, file)
  console.log(`Exported ${entries.length} erasure ledger entries to ${file}`)
} catch (err) {
  console.error(`Export failed: ${(err as Error).message}`)
  process.exit(1)
}
