// `npm run lighthouse`: Lighthouse (mobile, simulated throttling, its defaults) on the home page of
// the built app in production mode on a fresh SQLite database. Chromium: CHROME_PATH or
// /usr/bin/chromium. LIGHTHOUSE_URL measures another address instead (say, through nginx).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startInstance } from '../scripts/instances.ts'
import { createDatabase } from '../server/platform/index.ts'

const root = path.resolve(import.meta.dirname, '..')
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1)
execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-lighthouse-'))
const app = process.env.LIGHTHOUSE_URL
  ? undefined
  : await startInstance(5178, { DATABASE_URL: `file:${path.join(work, 'app.db')}`, RATE_LIMITS: 'off' })
if (app) {
  // A live site lets crawlers in; the default robots.txt (SPEC) keeps them out until launch.
  const database = createDatabase({ dialect: 'sqlite', file: path.join(work, 'app.db') })
  await database.db
    .updateTable('siteSetting')
    .set({ value: 'User-agent: *\nAllow: /' })
    .where('key', '=', 'robots_txt')
    .execute()
  await database.db
    .updateTable('siteRevision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .execute()
  await database.destroy()
  await new Promise((r) => setTimeout(r, 1500))
}
const url = process.env.LIGHTHOUSE_URL ?? `${app?.url}/`
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
try {
  await fetch(url) // the first request of a page renders it into the cache
  for (let run = 1; run <= runs; run++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error('Lighthouse returned nothing')
    const score = (id: string) => lhr.categories[id]?.score ?? Number.NaN
    const audit = (id: string) => lhr.audits[id]
    console.log(
      `Lighthouse mobile ${url} (run ${run}): performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}`,
    )
    console.log(
      `  FCP ${audit('first-contentful-paint')?.displayValue}, LCP ${audit('largest-contentful-paint')?.displayValue}, TBT ${audit('total-blocking-time')?.displayValue}, CLS ${audit('cumulative-layout-shift')?.displayValue}, Speed Index ${audit('speed-index')?.displayValue}`,
    )
    const failed = Object.values(lhr.audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual',
    )
    if (process.env.LIGHTHOUSE_DEBUG) {
      for (const id of [
        'largest-contentful-paint-element',
        'inspector-issues',
        'lcp-breakdown-insight',
        'bootup-time',
        'long-tasks',
        'mainthread-work-breakdown',
        'errors-in-console',
        'render-blocking-insight',
        'layout-shifts',
        'network-requests',
      ])
        console.log(id, String(JSON.stringify(audit(id)?.details)).slice(0, 1500))
    }
    if (failed.length)
      console.log(`  below 0.9: ${failed.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`)
  }
} finally {
  chrome.kill()
  await app?.stop()
  fs.rmSync(work, { recursive: true, force: true })
}
