import fs from 'node:fs'
import path from 'node:path'

/** The islands script of the public pages: its entry and the files it imports, as URLs. */
export type IslandAssets = { entry: string; imports: string[] }

export const ISLANDS_MANIFEST = '.vite/islands-manifest.json'
export const ISLANDS_INPUT = 'app/islands/entry.client.tsx'

type ManifestChunk = { file: string; imports?: string[] }

/**
 * Reads what `vite build -c vite.islands.config.ts` wrote. Null without it (development, or a
 * build made with `react-router build` alone): public pages then hydrate with the router.
 */
export function loadIslandAssets(clientDir: string): IslandAssets | null {
  const file = path.join(clientDir, ISLANDS_MANIFEST)
  if (!fs.existsSync(file)) return null
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>
  const entry = manifest[ISLANDS_INPUT]
  if (!entry) throw new Error(`${file} has no entry for ${ISLANDS_INPUT}`)
  const imports = new Set<string>()
  const walk = (chunk: ManifestChunk) => {
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key]
      if (!imported || imports.has(`/${imported.file}`)) continue
      imports.add(`/${imported.file}`)
      walk(imported)
    }
  }
  walk(entry)
  return { entry: `/${entry.file}`, imports: [...imports] }
}
