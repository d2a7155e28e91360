// Builds the app when build/ is missing or older than any source file, so `npm start` works on a
// fresh clone and after a pull without a separate build step.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const output = path.join(root, 'build/server/index.js')
const sources = [
  'app',
  'core',
  'server',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'vite.islands.config.ts',
  'package-lock.json',
]

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

const built = fs.statSync(output, { throwIfNoEntry: false })?.mtimeMs ?? 0
const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))))
if (built < changed) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…')
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
