// What a public page makes the browser download in scripts before the visitor does anything: the
// module scripts and preloads its HTML names (or its inline loader inserts) and every file they
// import statically, each once, gzipped. Read from the served page, so it counts what visitors get whichever client the page
// uses (the islands script or React Router's). Files only imported on demand (import()) are not
// counted. `node bench/bundle-size.ts` prints every public page; `npm run bench` the home page.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { startInstance } from '../scripts/instances.ts'

export const HOME_SCRIPT_BUDGET = 100 * 1024

export type PageScripts = { files: string[]; bytes: number; gzipBytes: number }

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g
const SCRIPT_SRC = /<script\b[^>]*\bsrc="(\/assets\/[^"]+)"/g
const INLINE_MODULE = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g
// Static imports only: `import"x"`, `from"x"` (minified or not), never `import("x")`.
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g
// The islands loader inserts its script element (app/islands/assets.ts).
const INSERTED_SCRIPT = /\.src\s*=\s*["'](\/assets\/[^"']+\.js)["']/g

/** The page's scripts, from its HTML and the built files under `clientDir`. */
export function pageScripts(clientDir: string, html: string): PageScripts {
  const pending: string[] = []
  for (const m of html.matchAll(MODULE_PRELOAD)) pending.push(m[1] as string)
  for (const m of html.matchAll(SCRIPT_SRC)) pending.push(m[1] as string)
  for (const m of html.matchAll(INLINE_MODULE)) {
    for (const i of (m[1] as string).matchAll(STATIC_IMPORT)) pending.push(i[1] as string)
    for (const i of (m[1] as string).matchAll(INSERTED_SCRIPT)) pending.push(i[1] as string)
  }
  const seen = new Set<string>()
  let bytes = 0
  let gzipBytes = 0
  while (pending.length > 0) {
    const url = pending.shift() as string
    if (seen.has(url) || !url.startsWith('/assets/')) continue
    seen.add(url)
    const content = fs.readFileSync(path.join(clientDir, url))
    bytes += content.length
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length
    for (const m of content.toString('utf8').matchAll(STATIC_IMPORT))
      pending.push(path.posix.join(path.posix.dirname(url), m[1] as string))
  }
  return { files: [...seen], bytes, gzipBytes }
}

export async function fetchPageScripts(clientDir: string, url: string): Promise<PageScripts> {
  const response = await fetch(url)
  return pageScripts(clientDir, await response.text())
}

export const publicPaths = ['/', '/privacy-policy', '/evidence', '/cookie-policy', '/thank-you', '/nope']

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..')
  execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-bundle-'))
  const app = await startInstance(5177, { DATABASE_URL: `file:${path.join(work, 'app.db')}` })
  try {
    // The sign-in page hydrates with React Router's client: the comparison.
    for (const page of [...publicPaths, '/api/login']) {
      const r = await fetchPageScripts(path.join(root, 'build/client'), `${app.url}${page}`)
      console.log(
        `${page.padEnd(16)} ${String(r.files.length).padStart(3)} files ${(r.bytes / 1024).toFixed(1).padStart(7)} KB ${(r.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzipped`,
      )
    }
  } finally {
    await app.stop()
    fs.rmSync(work, { recursive: true, force: true })
  }
}
