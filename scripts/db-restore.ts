// `npm run db:restore FILE`: replaces the configured database's contents with a backup.
// Stop the app (every instance) first, and start it again afterwards.
import path from 'node:path'
import { parseDatabaseUrl } from '../server/config.ts'
import { restoreDatabase } from './backup.ts'

const database = parseDatabaseUrl(process.env.DATABASE_URL?.trim() || undefined)
const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run db:restore FILE (a file made by npm run db:backup)')
  process.exit(2)
}
try {
  await restoreDatabase(database, path.resolve(file))
  console.log(`Restored the ${database.dialect} database from ${path.resolve(file)}`)
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`)
  process.exit(1)
}
