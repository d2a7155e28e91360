// What each public page makes the browser download in scripts, from the built manifest: the
// entry, the root route, the page's route and everything they import, each file once, gzipped.
// `node bench/bundle-size.ts` prints the table; `npm run bench` prints the home page's line.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

type ManifestRoute = { id: string; module: string; imports?: string[]; css?: string[] }
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }

export const HOME_SCRIPT_BUDGET = 100 * 1024

export function readManifest(root: string): Manifest {
  const assets = path.join(root, 'build/client/assets')
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name))
  if (!file) throw new Error('No build manifest: run `npx react-router build` first')
  const text = fs.readFileSync(path.join(assets, file), 'utf8')
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest
}

export type RouteScripts = { route: string; files: number; bytes: number; gzipBytes: number }

/** The scripts a first visit to this route loads (the manifest itself is tiny and not counted). */
export function routeScripts(root: string, routeId: string, manifest = readManifest(root)): RouteScripts {
  const route = manifest.routes[routeId]
  const root_ = manifest.routes.root
  if (!route || !root_) throw new Error(`No route ${routeId} in the manifest`)
  const files = new Set<string>([
    manifest.entry.module,
    ...manifest.entry.imports,
    root_.module,
    ...(root_.imports ?? []),
    route.module,
    ...(route.imports ?? []),
  ])
  let bytes = 0
  let gzipBytes = 0
  for (const file of files) {
    const content = fs.readFileSync(path.join(root, 'build/client', file))
    bytes += content.length
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length
  }
  return { route: routeId, files: files.size, bytes, gzipBytes }
}

export const publicRoutes = [
  'routes/public/home',
  'routes/public/cms-page',
  'routes/public/privacy-policy',
  'routes/public/evidence',
  'routes/public/cookie-policy',
  'routes/public/thank-you',
]

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..')
  const manifest = readManifest(root)
  for (const id of publicRoutes) {
    const r = routeScripts(root, id, manifest)
    console.log(
      `${id.padEnd(30)} ${String(r.files).padStart(3)} files ${(r.bytes / 1024).toFixed(1).padStart(7)} KB ${(r.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzipped`,
    )
  }
}
