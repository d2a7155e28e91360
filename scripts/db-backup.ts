// `npm run db:backup [FILE]`: a consistent copy of the configured database (default under backups/).
import fs from 'node:fs'
import path from 'node:path'
import { parseDatabaseUrl } from '../server/platform/index.ts'
import { backupDatabase, defaultBackupFile } from './backup.ts'

const database = parseDatabaseUrl(process.env.DATABASE_URL?.trim() || undefined)
const file = process.argv[2] ? path.resolve(process.argv[2]) : defaultBackupFile(database)
try {
  await backupDatabase(database, file)
  console.log(`Backed up the ${database.dialect} database to ${file} (${fs.statSync(file).size} bytes)`)
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`)
  process.exit(1)
}
