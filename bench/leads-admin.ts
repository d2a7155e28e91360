// The leads panel at scale: seeds LEADS_COUNT (default 1,000,000) leads, then measures search with a
// page and its total, the stats, the full CSV export and the server's memory growth during it.
import fs from 'node:fs'
import { sql } from 'kysely'
import { createDatabase, migrateToLatest, parseDatabaseUrl } from '../server/platform/index.ts'
import { startApp } from './app-process.ts'

const count = Number(process.env.LEADS_COUNT ?? 1_000_000)
const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-123' }

const firsts = [
  'James',
  'Olivia',
  'Amelia',
  'George',
  'Noah',
  'Isla',
  'Jack',
  'Zoë',
  'Harry',
  'Freya',
  'Leo',
  'Ava',
]
const lasts = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
]
const cars = [
  'Ford Focus',
  'Vauxhall Corsa',
  'VW Golf',
  'BMW 3 Series',
  'Audi A3',
  'Nissan Qashqai',
  'Kia Sportage',
]

/** One INSERT … SELECT over a generated series: names, cars and two years of dates, all varied. */
async function seed(databaseUrl: string) {
  const database = createDatabase(parseDatabaseUrl(databaseUrl))
  const { db, dialect } = database
  await migrateToLatest(db.withoutPlugins(), dialect)
  const existing = await sql<{ n: number }>`select count(*) as n from lead`.execute(db)
  if (Number(existing.rows[0]?.n) >= count) return database.destroy()
  const started = performance.now()
  const pick = (list: string[], expr: string) =>
    `(case (${expr}) % ${list.length} ${list.map((v, i) => `when ${i} then '${v}'`).join(' ')} end)`
  const span = 2 * 365 * 86_400
  if (dialect === 'sqlite') {
    await sql
      .raw(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
        insert into lead (first_name, last_name, email, phone, car_details, has_consent, created_at, reference)
        select ${pick(firsts, 'i * 7')}, ${pick(lasts, 'i * 13')} || (i % 1000), 'lead' || i || '@example.com',
          '07700' || substr('000000' || i, -6), (2008 + i % 14) || ' ' || ${pick(cars, 'i')}, i % 50 != 0,
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${span} - i * ${span / count}) || ' seconds'),
          lower(hex(randomblob(11)))
        from n`)
      .execute(db)
  } else {
    await sql
      .raw(`insert into lead (first_name, last_name, email, phone, car_details, has_consent, created_at, reference)
        select ${pick(firsts, 'i * 7')}, ${pick(lasts, 'i * 13')} || (i % 1000), 'lead' || i || '@example.com',
          '07700' || lpad(i::text, 6, '0'), (2008 + i % 14) || ' ' || ${pick(cars, 'i')}, i % 50 != 0,
          now() - make_interval(secs => ${span} - i * ${span / count}), substr(md5(random()::text || i), 1, 22)
        from generate_series(1, ${count}) i`)
      .execute(db)
    // What autovacuum does after a bulk load: statistics and the visibility map.
    await sql`vacuum analyze lead`.execute(db)
  }
  console.log(`  seeded ${fmt(count)} leads in ${fmt((performance.now() - started) / 1000, 1)} s`)
  await database.destroy()
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
}

const p95 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1] ?? 0

export async function benchLeadsAdmin(label: string, databaseUrl: string, port: number) {
  console.log(`${label}: leads admin at ${fmt(count)} leads`)
  await seed(databaseUrl)
  const app = await startApp(port, databaseUrl, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  try {
    const base = `http://127.0.0.1:${port}`
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? ''
    const get = (p: string) => fetch(`${base}${p}`, { headers: { cookie } })
    const timed = async (p: string) => {
      const started = performance.now()
      const response = await get(p)
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${p} answered ${response.status}`)
      return performance.now() - started
    }
    const searches = [
      'smith42',
      'zoë',
      'ford focus',
      'golf',
      'wright9',
      'olivia jones',
      'qashqai',
      'taylor 1',
    ]
    const searchTimes: number[] = []
    for (let round = 0; round < 5; round++) {
      for (const q of searches) {
        searchTimes.push(
          await timed(`/api/leads?q=${encodeURIComponent(q)}&page=${1 + (round % 3)}&pageSize=25`),
        )
      }
    }
    const statsTimes: number[] = []
    for (let i = 0; i < 20; i++) statsTimes.push(await timed('/api/admin/leads/stats'))
    const plainTimes: number[] = []
    for (let i = 0; i < 20; i++) plainTimes.push(await timed(`/api/leads?page=${1 + i * 10}&pageSize=25`))

    const pid = app.pid as number
    const before = rssKb(pid)
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(pid))
    }, 25)
    const started = performance.now()
    const response = await fetch(`${base}/api/admin/leads/export.csv`, {
      headers: { cookie, 'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip' },
    })
    let bytes = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
    const exportSeconds = (performance.now() - started) / 1000
    clearInterval(sampler)

    console.log(
      `  search + page + total: p95 ${fmt(p95(searchTimes), 1)} ms (${searchTimes.length} requests)`,
    )
    console.log(`  plain pages + total: p95 ${fmt(p95(plainTimes), 1)} ms`)
    console.log(`  stats: p95 ${fmt(p95(statsTimes), 1)} ms`)
    console.log(
      `  full CSV export: ${fmt(exportSeconds, 1)} s, ${fmt(bytes / 1e6, 1)} MB; server memory grew ${fmt((peak - before) / 1024, 1)} MB (RSS ${fmt(before / 1024)} → peak ${fmt(peak / 1024)} MB)`,
    )
  } finally {
    const exited = new Promise((r) => app.once('exit', r))
    app.kill('SIGTERM')
    await exited
  }
}
