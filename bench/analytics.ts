// Cookieless analytics at scale (docs/decisions/0037-analytics.md): beacons accepted per second at
// 50 connections (and whether every one reached the rollups), then the funnel report's p95 with
// rollups standing for ANALYTICS_EVENTS (default 10,000,000) events, written straight to
// analytics_hourly in one INSERT … SELECT: a year of hours × 12 first-touch keys (landing page,
// source, campaign, device) × 10 stages and questions, each row 1–18 events, then summed per day
// into analytics_daily (which the reports read) as the roll-up does.
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { createDatabase, migrateToLatest, parseDatabaseUrl } from '../server/platform/index.ts'
import { startApp } from './app-process.ts'

const target = Number(process.env.ANALYTICS_EVENTS ?? 10_000_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })
const ADMIN = { email: 'bench-analytics@example.com', password: 'bench-password-123' }
const p95 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1] ?? 0

const stages = [
  ['visit', ''],
  ['pageview', ''],
  ['js_pageview', ''],
  ['questionnaire_start', ''],
  ['step', 'hadPcpFinance'],
  ['step', 'purchaseDateRange'],
  ['step', 'loanAmount'],
  ['eligible', ''],
  ['form_start', ''],
  ['lead', ''],
] as const
const KEYS = 12
const HOURS = 365 * 24

/** Rollup rows for a year to yesterday; returns the events they stand for. */
async function seed(databaseUrl: string): Promise<{ events: number; rows: number }> {
  const database = createDatabase(parseDatabaseUrl(databaseUrl))
  const { db, dialect } = database
  await migrateToLatest(db.withoutPlugins(), dialect)
  // Events per row (1..perRowMax, average about half) so the year holds about `target` events.
  const perRowMax = Math.max(1, Math.round((2 * target) / (HOURS * KEYS * stages.length)) - 1)
  const started = performance.now()
  const stageValues = stages
    .map(([stage, step], i) => `select ${i} as s, '${stage}' as stage, '${step}' as step`)
    .join(' union all ')
  const hourExpr =
    dialect === 'sqlite'
      ? (col: string) =>
          `strftime('%Y-%m-%dT%H', 'now', '-1 day', 'start of day', '-' || (${HOURS} - ${col}) || ' hours')`
      : (col: string) =>
          `to_char((date_trunc('day', now()) - interval '1 day' - make_interval(hours => ${HOURS} - ${col})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
  const series =
    dialect === 'sqlite'
      ? `with recursive h(i) as (select 0 union all select i + 1 from h where i < ${HOURS - 1}),
         k(c) as (select 0 union all select c + 1 from k where c < ${KEYS - 1}),
         st as (${stageValues})`
      : `with h as (select generate_series(0, ${HOURS - 1}) as i), k as (select generate_series(0, ${KEYS - 1}) as c),
         st as (${stageValues})`
  await sql
    .raw(`${series}
      insert into analytics_hourly (hour, day, dims_key, path, variant, utm_source, utm_campaign, utm_medium, referrer, device, stage, step, events, visitors)
      select hh, substr(hh, 1, 10), 'k' || c || '|' || stage || '|' || step,
        case c % 3 when 0 then '/' when 1 then '/compare' else '/pcp-claims' end,
        null,
        case c % 4 when 0 then 'google' when 1 then 'facebook' when 2 then 'bing' else null end,
        case when c % 4 = 3 then null else 'campaign-' || (c % 6) end,
        case when c % 4 = 3 then null else 'cpc' end,
        null,
        case c % 3 when 0 then 'mobile' when 1 then 'desktop' else 'tablet' end,
        stage, step, ev, case when stage in ('pageview', 'js_pageview') then ev else (ev + 1) / 2 end
      from (select ${hourExpr('i')} as hh, c, s, stage, step, 1 + (i * 7 + c * 3 + s) % ${perRowMax} as ev from h, k, st) x
      where true`)
    .execute(db)
  // The daily rollup the reports read, as the roll-up keeps it: the hours summed per day and key.
  await sql`insert into analytics_daily (day, dims_key, path, variant, utm_source, utm_campaign, utm_medium, referrer, device, stage, step, events, visitors)
    select day, dims_key, min(path), min(variant), min(utm_source), min(utm_campaign), min(utm_medium), min(referrer), min(device), min(stage), min(step), sum(events), sum(visitors)
    from analytics_hourly group by day, dims_key`.execute(db)
  if (dialect === 'postgres') await sql`vacuum analyze analytics_hourly, analytics_daily`.execute(db)
  const totals = await sql<{ events: unknown; rows: unknown }>`
    select sum(events) as events, count(*) as rows from analytics_hourly`.execute(db)
  const events = Number(totals.rows[0]?.events ?? 0)
  const rows = Number(totals.rows[0]?.rows ?? 0)
  console.log(
    `  seeded rollups for ${fmt(events)} events (${fmt(rows)} hourly rows) in ${fmt((performance.now() - started) / 1000, 1)} s`,
  )
  await database.destroy()
  return { events, rows }
}

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

export async function benchAnalytics(label: string, databaseUrl: string, port: number) {
  console.log(`${label}: analytics`)
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
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
    const timed = async (p: string) => {
      const started = performance.now()
      const response = await fetch(`${base}${p}`, { headers: { cookie } })
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${p} answered ${response.status}`)
      return performance.now() - started
    }
    for (const [name, query] of [
      ['last 30 days', `from=${day(30)}&to=${day(1)}`],
      ['last 30 days, one campaign', `from=${day(30)}&to=${day(1)}&utm_campaign=campaign-1`],
      ['last 90 days', `from=${day(90)}&to=${day(1)}`],
      ['a whole year', `from=${day(365)}&to=${day(1)}`],
    ] as const) {
      await timed(`/api/admin/analytics/funnel?${query}`)
      const times: number[] = []
      for (let i = 0; i < 40; i++) times.push(await timed(`/api/admin/analytics/funnel?${query}`))
      console.log(`  funnel, ${name}: p95 ${fmt(p95(times), 1)} ms (40 requests)`)
    }

    const questionIds = ['hadPcpFinance', 'purchaseDateRange', 'loanAmount']
    // Beacons from many visitors (a user agent each), as text, the way sendBeacon posts them.
    let n = 0
    const result = await autocannon({
      url: `${base}/api/events`,
      connections: 50,
      duration: seconds,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            n++
            return {
              ...req,
              headers: {
                'content-type': 'text/plain;charset=UTF-8',
                'user-agent': `${DESKTOP} v${n % 5000}`,
              },
              body: JSON.stringify({
                type: n % 3 === 0 ? 'questionnaire_start' : 'step',
                // Question ids of the seeded questionnaire: a step it does not ask counts nothing.
                step: questionIds[n % questionIds.length],
                path: '/',
                attribution: { utm_source: 'bench', utm_campaign: `c${n % 10}` },
                elapsed: 2000,
              }),
            }
          },
        },
      ],
    })
    const accepted = result['2xx']
    const sent = performance.now()
    const database = createDatabase(parseDatabaseUrl(databaseUrl))
    let rolled = 0
    for (let i = 0; i < 600; i++) {
      const row = await sql<{ n: unknown }>`
        select coalesce(sum(events), 0) as n from analytics_hourly where utm_source = 'bench'`.execute(
        database.db,
      )
      rolled = Number(row.rows[0]?.n ?? 0)
      if (rolled >= accepted) break
      await new Promise((r) => setTimeout(r, 100))
    }
    await database.destroy()
    console.log(
      `  events: ${fmt(accepted / seconds)} accepted/s at 50 connections, p99 ${fmt(result.latency.p99, 1)} ms (errors ${result.non2xx + result.errors + result.timeouts}); ${fmt(rolled)} of ${fmt(accepted)} in the rollups ${fmt((performance.now() - sent) / 1000, 1)} s after the last`,
    )
  } finally {
    const exited = new Promise((r) => app.once('exit', r))
    app.kill('SIGTERM')
    await exited
  }
}
