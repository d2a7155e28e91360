// The home page with an experiment running, against a bare Node server writing the same bytes
// (goal ≥ 0.8, as for the plain page): the hit path then also picks the visitor's variant (a
// MurmurHash2 of address, user agent and day); the exposure is counted at the analytics flush.
// Unlike the plain page's, these requests carry a browser's user agent, so their page views are
// written (docs/decisions/0085-page-views-from-nginx.md).
import { sql } from 'kysely'
import { createDatabase } from '../server/platform/index.ts'
import { fetchRaw, type Load, median, startBare, stopChild, wrk } from './pages.ts'

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) bench'

export async function benchExperimentPage(options: {
  root: string
  work: string
  /** The running app's origin, e.g. http://127.0.0.1:5196 */
  appOrigin: string
  /** The app's database (SQLite file: URL or postgres://). */
  databaseUrl: string
  barePort: number
  seconds: number
  rounds?: number
}) {
  const { root, work, appOrigin, barePort, seconds } = options
  const rounds = options.rounds ?? 5
  const database = createDatabase(
    options.databaseUrl.startsWith('postgres')
      ? { dialect: 'postgres', url: options.databaseUrl }
      : { dialect: 'sqlite', file: options.databaseUrl.replace(/^file:/, '') },
  )
  const { db } = database
  const experiment = await db
    .insertInto('experiment')
    .values({
      name: 'Bench: home title',
      path: '/',
      goal: 'lead',
      status: 'running',
      startsAt: new Date(),
      variants: JSON.stringify([
        { name: 'A', weight: 1 },
        { name: 'B', weight: 1, title: 'Claim back what you were overcharged' },
      ]),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('siteRevision').set({ revision: sql`revision + 1` }).where('id', '=', 1).execute()
  // The app sees the new revision within a second.
  await new Promise((r) => setTimeout(r, 1500))
  const url = `${appOrigin}/`
  const page = await fetchRaw(url, { 'user-agent': USER_AGENT })
  const bare = await startBare(root, work, barePort, page.headers, page.body)
  const headers = [`User-Agent: ${USER_AGENT}`]
  const runs = { app: [] as Load[], bare: [] as Load[] }
  try {
    wrk(url, 1, headers)
    wrk(`http://127.0.0.1:${barePort}/`, 1, headers)
    for (let round = 0; round < rounds; round++) {
      runs.app.push(wrk(url, seconds, headers))
      runs.bare.push(wrk(`http://127.0.0.1:${barePort}/`, seconds, headers))
    }
    await new Promise((r) => setTimeout(r, 1500))
    const exposures = await db
      .selectFrom('experimentExposure')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('experimentId', '=', experiment.id)
      .executeTakeFirstOrThrow()
    const app = median(runs.app.map((r) => r.rps))
    const plain = median(runs.bare.map((r) => r.rps))
    const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })
    console.log(
      `Home page with an experiment running (${fmt(page.body.length)} bytes), median of ${rounds} × ${seconds}s rounds:`,
    )
    console.log(
      `  app: ${fmt(app)} req/s, p99 ${fmt(median(runs.app.map((r) => r.p99)), 2)} ms, errors ${runs.app.reduce((n, r) => n + r.errors, 0)}`,
    )
    console.log(
      `  bare Node, same headers and body: ${fmt(plain)} req/s, p99 ${fmt(median(runs.bare.map((r) => r.p99)), 2)} ms`,
    )
    console.log(
      `  ratio app / bare Node: ${fmt(app / plain, 2)} (goal ≥ 0.8); exposures written: ${Number(exposures.n)} (one visitor)`,
    )
    return { app, bare: plain, ratio: app / plain }
  } finally {
    await stopChild(bare)
    await db.deleteFrom('experiment').where('id', '=', experiment.id).execute()
    await db.updateTable('siteRevision').set({ revision: sql`revision + 1` }).where('id', '=', 1).execute()
    await database.destroy()
  }
}
