// `npm run bench`: home page throughput and latency, leads accepted per second with and without
// delivery to a webhook and the delay to delivery, analytics beacons and the funnel report, the time to
// sign a consent certificate, server-side conversions (events/s per platform, leads/s with them on),
// and the TV-ad spike through nginx to two instances (bench/spike.ts), on this machine.
// SQLite always; PostgreSQL too when DATABASE_URL (or BENCH_POSTGRES_URL) is postgres://….
import { type ChildProcess, execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { compileRedirects, matchRedirect } from '../core/redirect-rules.ts'
import { startNginx } from '../scripts/nginx.ts'
import { createDatabase } from '../server/platform/index.ts'
import { benchAnalytics } from './analytics.ts'
import { startApp } from './app-process.ts'
import { fetchPageScripts, HOME_SCRIPT_BUDGET } from './bundle-size.ts'
import { benchCertificates } from './certificates.ts'
import { benchConversions } from './conversions.ts'
import { benchDelivery } from './delivery.ts'
import { benchExperimentPage } from './experiment-page.ts'
import { benchLeadsAdmin } from './leads-admin.ts'
import { benchPages, wrk } from './pages.ts'
import { benchCapsUnderLoad, benchFirstOffer, benchRouting } from './routing.ts'
import { benchSpike } from './spike.ts'

const root = path.resolve(import.meta.dirname, '..')
const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 50
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'claimcheck-bench-'))

function hasCommand(name: string) {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

type Result = { rps: number; p99: number; errors: number }

async function cannon(opts: autocannon.Options): Promise<Result & { ok: number }> {
  const result = await autocannon({ connections, duration, ...opts })
  const ok = result['2xx']
  return {
    rps: ok / duration,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    ok,
  }
}

/** Throughput after a short warm-up, so the figure is not the cache fill and JIT after a change. */
async function pageThroughput(url: string): Promise<Result & { tool: string }> {
  if (hasCommand('wrk')) {
    wrk(url, 2)
    return { ...wrk(url, duration), tool: 'wrk' }
  }
  await cannon({ url, duration: 2 })
  return { ...(await cannon({ url })), tool: 'autocannon' }
}

let counter = 0
async function leadThroughput(port: number) {
  return cannon({
    url: `http://127.0.0.1:${port}/api/leads`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          counter++
          return {
            ...req,
            body: JSON.stringify({
              firstName: 'Bench',
              lastName: `Lead${counter}`,
              email: `bench${counter}@example.com`,
              // A new person each time: a repeated phone or email is a duplicate (issue 12) and not stored.
              phone: `077${String(counter % 100_000_000).padStart(8, '0')}`,
              carDetails: '2016 Ford Focus',
              hasConsent: true,
              answers: {
                hadPcpFinance: 'yes',
                purchaseDateRange: '2015-2018',
                loanAmount: '15000-25000',
                dealerDisclosedCommission: 'no',
              },
            }),
          }
        },
      },
    ],
  })
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })

/** Changes the site behind the running app's back, then waits for its revision check to see it. */
async function changeSite(
  databaseUrl: string,
  change: (db: ReturnType<typeof createDatabase>['db']) => Promise<void>,
) {
  const database = createDatabase(
    databaseUrl.startsWith('file:')
      ? { dialect: 'sqlite', file: databaseUrl.slice(5) }
      : { dialect: 'postgres', url: databaseUrl },
  )
  try {
    await change(database.db)
    await database.db
      .updateTable('siteRevision')
      .set({ revision: sql`revision + 1` })
      .where('id', '=', 1)
      .execute()
  } finally {
    await database.destroy()
  }
  await new Promise((r) => setTimeout(r, 1500))
}

const fiveScripts = Array.from({ length: 5 }, (_, i) => ({
  name: `Bench script ${i + 1}`,
  position: i % 2 ? 'body' : 'head',
  script: `<script>window.dataLayer=window.dataLayer||[];window.dataLayer.push({event:'bench-${i}'})</script>`,
  consentCategory: i === 4 ? 'marketing' : 'none',
})) as { name: string; position: 'head' | 'body'; script: string; consentCategory: 'none' | 'marketing' }[]

function manyRules(count: number, regexCount: number) {
  return Array.from({ length: count }, (_, i) =>
    i < regexCount
      ? { name: `r${i}`, fromUrl: `^/archive-${i}/(\\d+)/(.*)$`, toUrl: `/news/$1/$2`, isRegex: true }
      : { name: `e${i}`, fromUrl: `/old-page-${i}`, toUrl: `/new-page-${i}`, isRegex: false },
  )
}

function line(label: string, what: string, r: Result & { tool?: string }) {
  console.log(`${label}: ${what} ${fmt(r.rps)} req/s, p99 ${fmt(r.p99, 1)} ms (errors ${r.errors})`)
}

async function benchDatabase(label: string, databaseUrl: string, port: number) {
  const app = await startApp(port, databaseUrl)
  try {
    const home = await pageThroughput(`http://127.0.0.1:${port}/`)
    console.log(
      `${label}: home ${fmt(home.rps)} req/s, p99 ${fmt(home.p99, 1)} ms (${home.tool}, ${connections} connections, errors ${home.errors})`,
    )
    const leads = await leadThroughput(port)
    console.log(
      `${label}: leads ${fmt(leads.rps)} accepted/s, p99 ${fmt(leads.p99, 1)} ms (${leads.ok} stored, errors ${leads.errors})`,
    )

    await changeSite(databaseUrl, async (db) => {
      await db.insertInto('customScript').values(fiveScripts).execute()
    })
    line(label, 'home with 5 active scripts', await pageThroughput(`http://127.0.0.1:${port}/`))
    await changeSite(databaseUrl, async (db) => {
      await db.deleteFrom('customScript').where('name', 'like', 'Bench script %').execute()
      const rules = manyRules(10_000, 1_000)
      for (let i = 0; i < rules.length; i += 500)
        await db
          .insertInto('redirect')
          .values(rules.slice(i, i + 500))
          .execute()
    })
    line(
      label,
      'home with 10,000 redirect rules (1,000 regex)',
      await pageThroughput(`http://127.0.0.1:${port}/`),
    )
    await changeSite(databaseUrl, async (db) => {
      await db.deleteFrom('redirect').execute()
    })
    return home
  } finally {
    await stop(app)
  }
}

/** Matching cost per request with 10,000 rules on paths never seen before (no memo). */
function ruleMatchingCost() {
  const rules = manyRules(10_000, 1_000).map((r, id) => ({ ...r, id, statusCode: 301 }))
  const table = compileRedirects(rules)
  const paths = 20_000
  let found = 0
  const started = performance.now()
  for (let i = 0; i < paths; i++) {
    table.memo.clear()
    if (matchRedirect(table, i % 10 === 0 ? `/archive-${i % 1000}/12/x` : `/landing/${i}`)) found++
  }
  const perRequestUs = ((performance.now() - started) * 1000) / paths
  console.log(
    `Redirect matching with 10,000 rules (1,000 regex): ${fmt(perRequestUs, 1)} µs per request on unseen paths (${found} of ${paths} matched)`,
  )
}

execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })
console.log(
  `Benchmark: ${os.cpus().length} cores, ${duration}s per run, ${connections} concurrent connections`,
)
const only = process.env.BENCH_ONLY
try {
  const pagesApp =
    only === undefined || only === 'pages'
      ? await startApp(5196, `file:${path.join(work, 'pages.db')}`)
      : null
  if (pagesApp)
    try {
      const home = await fetchPageScripts(path.join(root, 'build/client'), 'http://127.0.0.1:5196/')
      console.log(
        `Home page scripts (as served): ${home.files.length} files, ${(home.gzipBytes / 1024).toFixed(1)} KB gzipped (budget ${HOME_SCRIPT_BUDGET / 1024} KB)`,
      )
      if (hasCommand('wrk') && hasCommand('nginx')) {
        await benchPages({
          root,
          work,
          appUrl: 'http://127.0.0.1:5196/',
          seconds: Math.max(2, Math.round(duration / 2)),
          basePort: 5180,
          behindNginx: async () => {
            const nginx = await startNginx({
              port: 5179,
              upstreams: [5196],
              workDir: path.join(work, 'nginx-proxy'),
            })
            return { url: `${nginx.url}/`, stop: nginx.stop }
          },
        })
        // A page made in the builder, served like the home page (issue 34: every page is blocks).
        const cms = createDatabase({ dialect: 'sqlite', file: path.join(work, 'pages.db') })
        try {
          const text = (id: string, body: string) => ({
            id,
            type: 'text',
            content: { text: body },
            styles: {},
          })
          await cms.db
            .insertInto('page')
            .values({
              slug: 'bench-guide',
              title: 'How PCP commission claims work',
              isPublished: true,
              content: JSON.stringify({
                widgets: [
                  {
                    id: 'h',
                    type: 'heading',
                    content: { text: 'A guide to PCP claims', level: 2 },
                    styles: {},
                  },
                  ...Array.from({ length: 12 }, (_, i) =>
                    text(
                      `t${i}`,
                      `<p>Paragraph ${i + 1}: how discretionary commission worked and what the FCA found.</p>`,
                    ),
                  ),
                  { id: 'f', type: 'form', content: { title: 'Check your claim' }, styles: {} },
                ],
              }),
            })
            .execute()
          await cms.db
            .updateTable('siteRevision')
            .set((eb) => ({ revision: eb('revision', '+', 1) }))
            .execute()
        } finally {
          await cms.destroy()
        }
        await new Promise((r) => setTimeout(r, 1500))
        await benchPages({
          root,
          work,
          appUrl: 'http://127.0.0.1:5196/bench-guide',
          seconds: Math.max(2, Math.round(duration / 2)),
          basePort: 5180,
          label: 'CMS page',
        })
        await benchExperimentPage({
          root,
          work,
          appOrigin: 'http://127.0.0.1:5196',
          databaseUrl: `file:${path.join(work, 'pages.db')}`,
          barePort: 5183,
          seconds: Math.max(2, Math.round(duration / 2)),
        })
      } else console.log('wrk or nginx not installed: no comparison with a bare server and nginx')
    } finally {
      await stop(pagesApp)
    }
  const pgUrl =
    process.env.BENCH_POSTGRES_URL ??
    (process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined)
  // BENCH_ONLY=routing: only the buyers' contracts (leads per second, routing time, caps; half of
  // them ping-post too).
  if (only === undefined || only === 'routing') {
    await benchRouting('SQLite', `file:${path.join(work, 'routing.db')}`, 5189, work)
    await benchRouting('SQLite', `file:${path.join(work, 'routing-ping.db')}`, 5189, work, { pingHalf: true })
    if (pgUrl) {
      await benchRouting('PostgreSQL', pgUrl, 5188, work)
      await benchRouting('PostgreSQL', pgUrl, 5188, work, { pingHalf: true })
      await benchCapsUnderLoad(pgUrl, [5187, 5186], work)
    } else console.log('PostgreSQL routing and caps under load: skipped (set DATABASE_URL=postgres://…)')
  }
  // BENCH_ONLY=first-offer: two instances on PostgreSQL with 50 contracts delivering (issue 36):
  // leads per second and the time from capture to the first offer a buyer receives.
  if (only === undefined || only === 'first-offer') {
    if (pgUrl) await benchFirstOffer(pgUrl, [5185, 5184], work)
    else console.log('PostgreSQL first offer under load: skipped (set DATABASE_URL=postgres://…)')
  }
  // BENCH_ONLY=spike: the TV-ad spike (issue 36) on the shipped topology: page views and leads at
  // fixed rates through nginx to two instances, one killed and restarted (bench/spike.ts).
  if (only === undefined || only === 'spike') {
    if (pgUrl) await benchSpike(pgUrl, work)
    else console.log('PostgreSQL TV-ad spike: skipped (set DATABASE_URL=postgres://…)')
  }
  // BENCH_ONLY=analytics: beacons accepted per second and the funnel report at 10,000,000 events.
  if (only === undefined || only === 'analytics') {
    await benchAnalytics('SQLite', `file:${path.join(work, 'analytics.db')}`, 5185)
    if (pgUrl) await benchAnalytics('PostgreSQL', pgUrl, 5184)
    else console.log('PostgreSQL analytics: skipped (set DATABASE_URL=postgres://…)')
  }
  // BENCH_ONLY=conversions: server-side conversions (issue 35) against a local stand-in for Google
  // Data Manager, Meta CAPI and TikTok Events: events sent per second to each (batched), and leads
  // accepted per second with the three destinations on against none, as a ratio.
  if (only === undefined || only === 'conversions') {
    await benchConversions('SQLite', `file:${path.join(work, 'conversions.db')}`, 5190)
    if (pgUrl) await benchConversions('PostgreSQL', pgUrl, 5198)
    else console.log('PostgreSQL conversions: skipped (set DATABASE_URL=postgres://…)')
  }
  // BENCH_ONLY=certificates: the time to sign one consent certificate (no app needed).
  if (only === undefined || only === 'certificates')
    await benchCertificates(path.join(work, 'certificates.db'))
  // BENCH_ONLY=pages stops after the page comparison.
  if (only === undefined) {
    await benchDatabase('SQLite', `file:${path.join(work, 'bench.db')}`, 5197)
    ruleMatchingCost()
    const delivery = process.env.BENCH_DELIVERY !== 'off'
    if (delivery) await benchDelivery('SQLite', `file:${path.join(work, 'delivery.db')}`, 5192, work)
    if (pgUrl) {
      await benchDatabase('PostgreSQL', pgUrl, 5195)
      if (delivery) await benchDelivery('PostgreSQL', pgUrl, 5191, work)
    } else console.log('PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)')
    if (process.env.BENCH_LEADS !== 'off') {
      await benchLeadsAdmin('SQLite', `file:${path.join(work, 'leads.db')}`, 5194)
      if (pgUrl) await benchLeadsAdmin('PostgreSQL', pgUrl, 5193)
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
