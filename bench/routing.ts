// Leads routed to 50 buyers' contracts: leads accepted per second at 50 concurrent posts, routing
// time per lead (also with half the contracts pinged first: ping, then post, and the time from
// capture to sale), and two instances on one PostgreSQL database under load with tight caps (one of
// them killed mid-delivery): deliveries over a cap and exclusive leads sold twice, both must be 0.
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import { capWindowStart } from '../core/routing/contract-rules.ts'
import { createDatabase, type Dialect, json, parseDatabaseUrl } from '../server/platform/index.ts'
import { routableLead, routeLeads } from '../server/sales/index.ts'
import { certificate, percentile, startTrustingApp } from './delivery.ts'

type Db = ReturnType<typeof createDatabase>['db']
const duration = Number(process.env.BENCH_SECONDS ?? 10)
const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })
const sources = ['google', 'facebook', 'bing', 'tiktok', 'email']

/** Every contract's endpoint on one https server: /c/{n}. Records who got which lead, answers as told. */
async function startBuyers(
  tls: { key: string; cert: string },
  answer: (n: number) => number | Promise<number>,
  { record = true } = {},
) {
  const posts: { contract: number; leadId: number; key: string; status: number; at: Date }[] = []
  const answered = new Map<string, number>()
  const server = https.createServer(
    { key: fs.readFileSync(tls.key), cert: fs.readFileSync(tls.cert) },
    (req, res) => {
      if (!record) {
        // Throughput: the buyers' side must not be what limits the figure. A ping (/p/{n}) is
        // accepted with a bid above contract n's price.
        const [, kind, n] = req.url?.split('/') ?? []
        const answer =
          kind === 'p'
            ? JSON.stringify({
                accepted: true,
                pricePence: 1000 + Number(n) * 100 + ((Number(n) * 37) % 500),
              })
            : '{}'
        req.resume()
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer))
        return
      }
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', async () => {
        const contract = Number(req.url?.split('/')[2])
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { lead: { id: number } }
        // As buyers are asked to: the same Idempotency-Key gets the answer it got before.
        const key = String(req.headers['idempotency-key'])
        const status = answered.get(key) ?? (await answer(contract))
        if (status < 300) answered.set(key, status)
        posts.push({
          contract,
          leadId: body.lead.id,
          key: String(req.headers['idempotency-key']),
          status,
          at: new Date(),
        })
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}')
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: (n: number) => `https://127.0.0.1:${(server.address() as AddressInfo).port}/c/${n}`,
    pingUrl: (n: number) => `https://127.0.0.1:${(server.address() as AddressInfo).port}/p/${n}`,
    posts,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type Terms = {
  exclusive: boolean
  maxBuyers: number
  caps: Record<string, number>
  filters: Record<string, unknown>
}

/** Buyers named in consent, one contract each, posting to `url(n)`. */
export async function setUpContracts(
  db: Db,
  count: number,
  url: (n: number) => string,
  terms: (n: number) => Terms,
  pingUrl: (n: number) => string | null = () => null,
) {
  await clear(db)
  const ids: number[] = []
  for (let n = 0; n < count; n++) {
    const buyer = await db
      .insertInto('buyer')
      .values({
        name: `Bench firm ${n}`,
        fcaNumber: String(800000 + n),
        email: `firm${n}@example.com`,
        namedInConsent: true,
        consentOrder: n,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const endpoint = await db
      .insertInto('webhook')
      .values({
        kind: 'contract',
        name: `Bench firm ${n}`,
        url: url(n),
        secret: 'bench-secret-0123456789',
        isActive: process.env.BENCH_NO_DELIVERY !== '1',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const t = terms(n)
    const contract = await db
      .insertInto('contract')
      .values({
        buyerId: buyer.id,
        webhookId: endpoint.id,
        name: `Contract ${n}`,
        pricePence: 1000 + n * 100,
        exclusive: t.exclusive,
        maxBuyers: t.maxBuyers,
        filters: json(t.filters),
        caps: json(t.caps),
        priority: n % 5,
        weight: 1 + (n % 3),
        pingUrl: pingUrl(n),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(contract.id)
  }
  await db
    .updateTable('siteRevision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute()
  await new Promise((r) => setTimeout(r, 1500))
  return ids
}

export async function clear(db: Db) {
  for (const table of ['ledgerEntry', 'leadReturn', 'sale', 'leadRoute', 'leadRouting'] as const)
    await db.deleteFrom(table).execute()
  await db.deleteFrom('webhookDelivery').where('contractId', 'is not', null).execute()
  await db.deleteFrom('contract').execute()
  await db.deleteFrom('buyer').execute()
  await db.deleteFrom('webhook').where('kind', '=', 'contract').execute()
}

let counter = 0
const run = Date.now().toString(36)
const phoneBase = 300_000_000 + Math.floor(Math.random() * 90_000_000)
function leadBody() {
  counter++
  return JSON.stringify({
    firstName: 'Bench',
    lastName: `Routed${counter}`,
    email: `routed-${run}-${counter}@example.com`,
    phone: `07${phoneBase + counter}`,
    hasConsent: true,
    attribution: { utm_source: sources[counter % sources.length], utm_campaign: `c${counter % 7}` },
    answers: {
      hadPcpFinance: 'yes',
      purchaseDateRange: '2015-2018',
      loanAmount: '15000-25000',
      dealerDisclosedCommission: 'no',
    },
  })
}

async function postLeads(
  ports: number[],
  load: { amount?: number; duration?: number; connections?: number; rate?: number },
) {
  const results = await Promise.all(
    ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}/api/leads`,
        method: 'POST',
        connections: Math.max(1, Math.round((load.connections ?? 50) / ports.length)),
        ...(load.amount
          ? { amount: Math.round(load.amount / ports.length) }
          : { duration: load.duration ?? duration }),
        ...(load.rate ? { overallRate: Math.max(1, Math.round(load.rate / ports.length)) } : {}),
        headers: { 'content-type': 'application/json' },
        requests: [{ setupRequest: (req) => ({ ...req, body: leadBody() }) }],
      }),
    ),
  )
  const ok = results.reduce((n, r) => n + r['2xx'], 0)
  return {
    ok,
    rps: ok / (load.duration ?? duration),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
  }
}

const stop = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill(signal)
  await exited
}

/** Routing alone, in this process: judging 50 contracts and writing the decision, per lead. */
async function routingTime(db: Db, dialect: Dialect, leads: number) {
  const rows = await db.selectFrom('lead').selectAll().orderBy('id', 'desc').limit(leads).execute()
  const times: number[] = []
  for (const lead of rows) {
    const started = performance.now()
    await db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('leadRouting')
        .select((eb) => eb.fn.max('round').as('r'))
        .where('leadId', '=', lead.id)
        .executeTakeFirst()
      await routeLeads(trx, [routableLead(lead)], dialect, {
        round: Number(last?.r ?? 0) + 1,
        exclude: new Map([[lead.id, new Set(await offered(trx, lead.id))]]),
      })
    })
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: percentile(times, 50), p99: percentile(times, 99), n: times.length }
}

async function offered(db: Db, leadId: number) {
  const rows = await db
    .selectFrom('webhookDelivery')
    .select('contractId')
    .where('leadId', '=', leadId)
    .where('contractId', 'is not', null)
    .execute()
  return rows.map((r) => r.contractId as number)
}

/** From capture to the accepted sale, over the leads sold since `since` (ping and post included). */
async function captureToSale(db: Db, since: Date) {
  for (let i = 0; i < 300; i++) {
    const open = await db
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('saleStatus', '=', 'routing')
      .executeTakeFirstOrThrow()
    if (Number(open.n) === 0) break
    await new Promise((r) => setTimeout(r, 200))
  }
  const rows = await db
    .selectFrom('sale')
    .innerJoin('lead', 'lead.id', 'sale.leadId')
    .select(['lead.createdAt', 'sale.acceptedAt'])
    .where('sale.status', '=', 'accepted')
    .where('lead.createdAt', '>=', since)
    .execute()
  const times = rows
    .map((r) => new Date(r.acceptedAt as Date).getTime() - new Date(r.createdAt).getTime())
    .sort((a, b) => a - b)
  return { median: percentile(times, 50), p99: percentile(times, 99), n: times.length }
}

/**
 * 50 contracts, most with filters: leads per second, and routing time per lead. With `pingHalf`,
 * every other contract is pinged first (ping, then post), and the time from capture to sale is shown.
 */
export async function benchRouting(
  label: string,
  databaseUrl: string,
  port: number,
  workDir: string,
  { pingHalf = false } = {},
) {
  const tls = certificate(workDir)
  const buyers = await startBuyers(tls, () => 200, { record: false })
  const database = createDatabase(parseDatabaseUrl(databaseUrl))
  const app = await startTrustingApp(port, databaseUrl, tls.cert)
  try {
    await setUpContracts(
      database.db,
      50,
      buyers.url,
      (n) => ({
        exclusive: n % 4 !== 0,
        maxBuyers: n % 4 === 0 ? 3 : 1,
        caps: {},
        filters:
          n % 5 === 0
            ? {}
            : n % 5 === 1
              ? { utmSources: [sources[n % sources.length], sources[(n + 1) % sources.length]] }
              : n % 5 === 2
                ? { phoneTypes: ['mobile'], eligibleOnly: true }
                : n % 5 === 3
                  ? { utmCampaigns: ['c1', 'c2', 'c3'] }
                  : { landingPaths: ['/claim*'] },
      }),
      (n) => (pingHalf && n % 2 === 0 ? buyers.pingUrl(n) : null),
    )
    const contracts = pingHalf ? '50 active contracts, 25 of them ping-post' : '50 active contracts'
    await postLeads([port], { amount: 1000 })
    const since = new Date()
    const result = await postLeads([port], {})
    console.log(
      `${label}: new leads with ${contracts} ${fmt(result.rps)} accepted/s, p99 ${fmt(result.p99, 1)} ms (errors ${result.errors})`,
    )
    const sale = await captureToSale(database.db, since)
    console.log(
      `${label}: ${contracts}, capture to sale ${fmt(sale.median, 1)} ms median, p99 ${fmt(sale.p99, 1)} ms (${fmt(sale.n)} leads sold)`,
    )
    await stop(app)
    const timing = await routingTime(database.db, database.dialect, 500)
    console.log(
      `${label}: routing one lead over ${contracts} ${fmt(timing.median, 2)} ms median, p99 ${fmt(timing.p99, 2)} ms (${timing.n} leads, judged and recorded in their own transaction)`,
    )
  } finally {
    await stop(app)
    await clear(database.db).catch(() => {})
    await database.destroy()
    await buyers.close()
  }
}

/**
 * Two instances on one PostgreSQL database, leads posted to both, 10 exclusive contracts with an
 * hourly cap of 15 and 10 shared ones (up to 2 buyers) with a cap of 10, buyers that are slow or
 * fail now and then; one instance is killed mid-delivery and started again. Then counts, from the
 * buyers' side and the database: deliveries over a cap, and exclusive leads sold twice.
 */
export async function benchCapsUnderLoad(databaseUrl: string, ports: [number, number], workDir: string) {
  const tls = certificate(workDir)
  let n = 0
  const buyers = await startBuyers(tls, async () => {
    n++
    if (n % 17 === 0) return 503
    if (n % 5 === 0) await new Promise((r) => setTimeout(r, 40))
    return 200
  })
  const database = createDatabase(parseDatabaseUrl(databaseUrl))
  const { db } = database
  const apps: ChildProcess[] = []
  try {
    const ids = await setUpContracts(db, 20, buyers.url, (i) =>
      i < 10
        ? { exclusive: true, maxBuyers: 1, caps: { hour: 15 }, filters: {} }
        : { exclusive: false, maxBuyers: 2, caps: { hour: 10 }, filters: {} },
    )
    apps.push(
      await startTrustingApp(ports[0], databaseUrl, tls.cert),
      await startTrustingApp(ports[1], databaseUrl, tls.cert),
    )
    const started = new Date()
    const load = postLeads(ports, { amount: 600, connections: 40 })
    await new Promise((r) => setTimeout(r, 300))
    await stop(apps[1] as ChildProcess, 'SIGKILL')
    const posted = await load
    apps[1] = await startTrustingApp(ports[1], databaseUrl, tls.cert)
    // Until nothing is being offered (leases of the killed instance end, retries run out).
    for (let i = 0; i < 600; i++) {
      const open = await db
        .selectFrom('lead')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('saleStatus', '=', 'routing')
        .executeTakeFirstOrThrow()
      if (Number(open.n) === 0) break
      await new Promise((r) => setTimeout(r, 200))
    }
    const contracts = new Map(
      (
        await db.selectFrom('contract').select(['id', 'exclusive', 'caps']).where('id', 'in', ids).execute()
      ).map((c) => [c.id, c]),
    )
    const terms = ids.map((id) => contracts.get(id) as { exclusive: boolean; caps: { hour?: number | null } })
    // The buyers' side: distinct leads each endpoint answered 2xx for, per contract and calendar hour.
    const taken = new Map<number, Set<number>>()
    const perHour = new Map<string, Set<number>>()
    for (const p of buyers.posts) {
      if (p.status >= 300) continue
      const set = taken.get(p.contract) ?? new Set()
      set.add(p.leadId)
      taken.set(p.contract, set)
      const key = `${p.contract}@${capWindowStart('hour', p.at).toISOString()}`
      perHour.set(key, (perHour.get(key) ?? new Set()).add(p.leadId))
    }
    let overCap = 0
    for (const [key, leads] of perHour) {
      const cap = terms[Number(key.split('@')[0])]?.caps.hour ?? Number.POSITIVE_INFINITY
      overCap += Math.max(0, leads.size - cap)
    }
    // The database's side: accepted sales per contract and calendar hour.
    let overCapInDb = 0
    const accepted = await db
      .selectFrom('sale')
      .select(['contractId', 'createdAt'])
      .where('status', '=', 'accepted')
      .execute()
    const perHourInDb = new Map<string, number>()
    for (const sale of accepted) {
      const key = `${sale.contractId}@${capWindowStart('hour', sale.createdAt).toISOString()}`
      perHourInDb.set(key, (perHourInDb.get(key) ?? 0) + 1)
    }
    for (const [key, count] of perHourInDb) {
      const cap =
        (contracts.get(Number(key.split('@')[0]))?.caps.hour as number | null | undefined) ??
        Number.POSITIVE_INFINITY
      overCapInDb += Math.max(0, count - cap)
    }
    const exclusiveIdx = new Set(terms.flatMap((t, i) => (t.exclusive ? [i] : [])))
    const buyersOfLead = new Map<number, { exclusive: number; all: number }>()
    for (const [i, leads] of taken) {
      for (const lead of leads) {
        const b = buyersOfLead.get(lead) ?? { exclusive: 0, all: 0 }
        b.all++
        if (exclusiveIdx.has(i)) b.exclusive++
        buyersOfLead.set(lead, b)
      }
    }
    const soldTwice = [...buyersOfLead.values()].filter((b) => b.exclusive > 0 && b.all > 1).length
    const dbSoldTwice = await db
      .selectFrom('sale')
      .innerJoin('contract', 'contract.id', 'sale.contractId')
      .select('sale.leadId')
      .where('sale.status', '=', 'accepted')
      .groupBy('sale.leadId')
      .having((eb) =>
        eb.and([
          eb(eb.fn.count('sale.id'), '>', 1),
          eb(eb.fn.max(eb.cast('contract.exclusive', 'integer')), '=', 1),
        ]),
      )
      .execute()
    const sold = await db
      .selectFrom('sale')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'accepted')
      .executeTakeFirstOrThrow()
    const unsold = await db
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('saleStatus', '=', 'unsold')
      .where('createdAt', '>=', started)
      .executeTakeFirstOrThrow()
    console.log(
      `PostgreSQL, 2 instances (one killed mid-delivery), 20 contracts with hourly caps, ${fmt(posted.ok)} leads: ${fmt(Number(sold.n))} sales, ${fmt(Number(unsold.n))} unsold; deliveries over cap = ${overCap} (buyers' side), ${overCapInDb} (database); exclusive leads sold twice = ${soldTwice} (buyers' side), ${dbSoldTwice.length} (database)`,
    )
  } finally {
    for (const app of apps) await stop(app)
    await clear(db).catch(() => {})
    await database.destroy()
    await buyers.close()
  }
}

/**
 * Issue 36: two instances on one PostgreSQL, 50 contracts without caps all delivering (buyers
 * answer at once). Leads posted to both at a steady BENCH_LEAD_RATE for BENCH_SECONDS: the time
 * from capture to the first offer a buyer received (p50/p99, from the buyers' side), waiting up to
 * a minute for offers to catch up. Then at full speed: leads accepted per second and the post's p99.
 */
export async function benchFirstOffer(databaseUrl: string, ports: [number, number], workDir: string) {
  const tls = certificate(workDir)
  const buyers = await startBuyers(tls, () => 200)
  const database = createDatabase(parseDatabaseUrl(databaseUrl))
  const { db } = database
  const apps: ChildProcess[] = []
  try {
    // Started first: the first migrates the database, and both then see the contracts appear.
    apps.push(
      await startTrustingApp(ports[0], databaseUrl, tls.cert),
      await startTrustingApp(ports[1], databaseUrl, tls.cert),
    )
    await setUpContracts(db, 50, buyers.url, (n) => ({
      exclusive: n % 4 !== 0,
      maxBuyers: n % 4 === 0 ? 3 : 1,
      caps: {},
      filters: n % 5 === 1 ? { utmSources: [sources[n % sources.length]] } : {},
    }))
    // First, at a steady rate (BENCH_LEAD_RATE, 100 a second): how soon each lead's first offer
    // reaches a buyer, before the burst below leaves offers queued.
    const rate = Number(process.env.BENCH_LEAD_RATE ?? 100)
    const since = new Date()
    const steady = await postLeads(ports, { rate })
    const leads = await db
      .selectFrom('lead')
      .select(['id', 'createdAt'])
      .where('createdAt', '>=', since)
      .execute()
    const firstSeen = () => {
      const first = new Map<number, number>()
      for (const p of buyers.posts) {
        const at = p.at.getTime()
        if ((first.get(p.leadId) ?? Number.POSITIVE_INFINITY) > at) first.set(p.leadId, at)
      }
      return first
    }
    const waitUntil = Date.now() + 60_000
    while (Date.now() < waitUntil && firstSeen().size < leads.length) {
      await new Promise((r) => setTimeout(r, 250))
    }
    const first = firstSeen()
    const times = leads
      .flatMap((l) => {
        const at = first.get(l.id)
        return at === undefined ? [] : [at - new Date(l.createdAt).getTime()]
      })
      .sort((a, b) => a - b)
    console.log(
      `PostgreSQL, 2 instances, 50 contracts delivering, ${fmt(steady.rps)} leads/s posted steadily: post p99 ${fmt(steady.p99, 1)} ms, capture to first offer ${fmt(percentile(times, 50), 1)} ms median, p99 ${fmt(percentile(times, 99), 1)} ms (${fmt(times.length)} of ${fmt(leads.length)} leads offered within a minute of the load)`,
    )
    await drained(db)
    // Then at full speed: how many leads a second the two instances take with offers going out.
    const result = await postLeads(ports, {})
    console.log(
      `PostgreSQL, 2 instances, 50 contracts delivering: ${fmt(result.rps)} leads accepted/s, post p99 ${fmt(result.p99, 1)} ms (errors ${result.errors})`,
    )
  } finally {
    for (const app of apps) await stop(app)
    await clear(db).catch(() => {})
    await database.destroy()
    await buyers.close()
  }
}

/** Until no lead is being offered (at most a minute). */
async function drained(db: Db) {
  for (let i = 0; i < 240; i++) {
    const open = await db
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('saleStatus', '=', 'routing')
      .executeTakeFirstOrThrow()
    if (Number(open.n) === 0) return
    await new Promise((r) => setTimeout(r, 250))
  }
}
