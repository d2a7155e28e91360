import fs from 'node:fs'
import path from 'node:path'

/** The islands script of the public pages, as a URL. */
export type IslandAssets = { entry: string }

export const ISLANDS_MANIFEST = '.vite/islands-manifest.json'
export const ISLANDS_INPUT = 'app/islands/entry.client.tsx'

/**
 * Reads what `vite build -c vite.islands.config.ts` wrote. Null without it (development, or a
 * build made with `react-router build` alone): public pages then hydrate with the router. The
 * entry's own imports need no listing: the browser follows them once the loader inserts it.
 */
export function loadIslandAssets(clientDir: string): IslandAssets | null {
  const file = path.join(clientDir, ISLANDS_MANIFEST)
  if (!fs.existsSync(file)) return null
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { file: string }>
  const entry = manifest[ISLANDS_INPUT]
  if (!entry) throw new Error(`${file} has no entry for ${ISLANDS_INPUT}`)
  return { entry: `/${entry.file}` }
}
