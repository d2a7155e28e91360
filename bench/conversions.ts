// Server-side conversions (issue 35, ADR 0082): events sent per second to each platform (Google Data
// Manager, Meta CAPI, TikTok Events), batched as the sender batches them, against a local stand-in
// answering 200 as each platform does; and leads accepted per second with the three destinations
// on against none, in one run.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import { sealSecrets } from '../server/insight/index.ts'
import { createDatabase, json, parseDatabaseUrl } from '../server/platform/index.ts'
import { startApp } from './app-process.ts'

type Db = ReturnType<typeof createDatabase>['db']
type Platform = 'google' | 'meta' | 'tiktok'

// Half of BENCH_SECONDS per run: three runs of leads and the events they cause stay under a minute an engine.
const duration = Math.max(3, Math.round(Number(process.env.BENCH_SECONDS ?? 10) / 2))
const connections = 50
const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })
const platforms: Platform[] = ['google', 'meta', 'tiktok']
const names: Record<Platform, string> = {
  google: 'Google Data Manager',
  meta: 'Meta CAPI',
  tiktok: 'TikTok Events',
}

/** Google's token endpoint, Data Manager, Meta's Graph API and TikTok's Events API on one port: 200 to all, events counted. */
async function startPlatforms() {
  const requests: Record<Platform, number> = { google: 0, meta: 0, tiktok: 0 }
  const events: Record<Platform, number> = { google: 0, meta: 0, tiktok: 0 }
  const server = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? '/'
      if (path.startsWith('/google/token')) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"access_token":"ya29.bench","expires_in":3600,"token_type":"Bearer"}')
        return
      }
      const platform: Platform = path.startsWith('/google/')
        ? 'google'
        : path.startsWith('/meta/')
          ? 'meta'
          : 'tiktok'
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { events?: []; data?: [] }
      const count = (platform === 'google' ? body.events : body.data)?.length ?? 0
      requests[platform]++
      events[platform] += count
      const answer =
        platform === 'google'
          ? { requestId: `bench-${requests.google}` }
          : platform === 'meta'
            ? { events_received: count, fbtrace_id: 'bench' }
            : { code: 0, message: 'OK', request_id: `bench-${requests.tiktok}` }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    events,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const run = Date.now().toString(36)
// A database kept between runs (PostgreSQL) must not see this run's phones as duplicates.
const phoneBase = 500_000_000 + Math.floor(Math.random() * 90_000_000)
let counter = 0

/** New leads (unique email and phone) with marketing consent and each platform's click id. */
function leadBody() {
  counter++
  return JSON.stringify({
    firstName: 'Bench',
    lastName: `Conversion${counter}`,
    email: `conversion-${run}-${counter}@example.com`,
    phone: `07${phoneBase + counter}`,
    carDetails: '2016 Ford Focus',
    hasConsent: true,
    marketingConsent: true,
    attribution: {
      utm_source: 'google',
      gclid: `Cj0KCQ-bench-${run}-${counter}`,
      fbclid: `IwAR-bench-${run}-${counter}`,
      ttclid: `E.C.P.bench-${run}-${counter}`,
    },
    answers: {
      hadPcpFinance: 'yes',
      purchaseDateRange: '2015-2018',
      loanAmount: '15000-25000',
      dealerDisclosedCommission: 'no',
    },
  })
}

async function postLeads(port: number, load: { amount?: number } = {}) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/leads`,
    method: 'POST',
    connections,
    duration,
    ...load,
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (bench)' },
    requests: [{ setupRequest: (req) => ({ ...req, body: leadBody() }) }],
  })
  return {
    rps: result['2xx'] / duration,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

/** One destination per platform, as the Conversions tab saves them (credentials sealed). */
async function addDestinations(db: Db, key: Buffer, enabled: boolean) {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const rows = {
    google: {
      settings: {
        accountId: '1234567890',
        conversionActionId: '1001',
        event: 'lead' as const,
        clientEmail: 'bench@project.iam.gserviceaccount.com',
      },
      secrets: { privateKey },
    },
    meta: { settings: { pixelId: '555000111' }, secrets: { accessToken: 'meta-bench-token' } },
    tiktok: { settings: { pixelCode: 'CBENCH123' }, secrets: { accessToken: 'tiktok-bench-token' } },
  }
  const ids = {} as Record<Platform, number>
  for (const platform of platforms) {
    const { settings, secrets } = rows[platform]
    ids[platform] = (
      await db
        .insertInto('conversionDestination')
        .values({
          platform,
          name: `Bench ${names[platform]}`,
          enabled,
          testMode: false,
          settings: json(settings),
          secret: sealSecrets(key, secrets),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  }
  return ids
}

async function clear(db: Db) {
  await db.deleteFrom('conversionEvent').execute()
  await db.deleteFrom('conversionDestination').execute()
}

const lastLeadId = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('lead')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  )

/** Events each destination is owed for the leads after `afterLeadId`: Google counts `lead`; Meta and TikTok `lead` and `qualified`. */
async function owed(db: Db, afterLeadId: number): Promise<Record<Platform, number>> {
  const c = await db
    .selectFrom('lead')
    .select([
      (eb) => eb.fn.countAll<number>().as('all'),
      (eb) =>
        eb.fn.sum<number>(eb.case().when('outcome', '=', 'eligible').then(1).else(0).end()).as('eligible'),
    ])
    .where('id', '>', afterLeadId)
    .executeTakeFirstOrThrow()
  const all = Number(c.all)
  const eligible = Number(c.eligible ?? 0)
  return { google: all, meta: all + eligible, tiktok: all + eligible }
}

/**
 * Waits until every event the destinations are owed for leads after `afterLeadId` is settled, then
 * gives, per destination, its events' statuses and the span from the first being written (the job
 * found them) to the last sent.
 */
async function drained(
  db: Db,
  ids: Partial<Record<Platform, number>>,
  afterLeadId: number,
  timeoutMs = 120_000,
) {
  const expected = await owed(db, afterLeadId)
  const destinationIds = Object.values(ids)
  const started = Date.now()
  const counts = () =>
    db
      .selectFrom('conversionEvent')
      .select([
        'destinationId',
        (eb) => eb.fn.countAll<number>().as('all'),
        (eb) =>
          eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
        (eb) => eb.fn.sum<number>(eb.case().when('status', '=', 'sent').then(1).else(0).end()).as('sent'),
        (eb) => eb.fn.min('createdAt').as('firstWritten'),
        (eb) => eb.fn.max('sentAt').as('lastSent'),
      ])
      .where('destinationId', 'in', destinationIds)
      .where('leadId', '>', afterLeadId)
      .groupBy('destinationId')
      .execute()
  const done = (rows: Awaited<ReturnType<typeof counts>>) =>
    (Object.entries(ids) as [Platform, number][]).every(([platform, id]) => {
      const row = rows.find((r) => r.destinationId === id)
      return row && Number(row.all) >= expected[platform] && Number(row.pending ?? 0) === 0
    })
  let rows = await counts()
  while (!done(rows) && Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 100))
    rows = await counts()
  }
  const out = {} as Record<Platform, { all: number; sent: number; seconds: number; perSecond: number }>
  for (const [platform, id] of Object.entries(ids) as [Platform, number][]) {
    const row = rows.find((r) => r.destinationId === id)
    const seconds =
      row?.firstWritten && row.lastSent
        ? (new Date(row.lastSent).getTime() - new Date(row.firstWritten).getTime()) / 1000
        : Number.NaN
    const sent = Number(row?.sent ?? 0)
    out[platform] = { all: Number(row?.all ?? 0), sent, seconds, perSecond: sent / seconds }
  }
  return { byPlatform: out, waitedS: (Date.now() - started) / 1000, complete: done(rows) }
}

const setEnabled = (db: Db, ids: number[], enabled: boolean) =>
  db
    .updateTable('conversionDestination')
    .set({ enabled, updatedAt: new Date() })
    .where('id', 'in', ids)
    .execute()

export async function benchConversions(label: string, databaseUrl: string, port: number) {
  const receiver = await startPlatforms()
  const key = randomBytes(32)
  const database = createDatabase(parseDatabaseUrl(databaseUrl))
  const { db } = database
  const app = await startApp(port, databaseUrl, {
    CONVERSIONS_KEY: key.toString('base64'),
    GOOGLE_DATA_MANAGER_URL: `${receiver.base}/google`,
    GOOGLE_OAUTH_TOKEN_URL: `${receiver.base}/google/token`,
    META_GRAPH_URL: `${receiver.base}/meta`,
    TIKTOK_EVENTS_URL: `${receiver.base}/tiktok`,
  })
  try {
    await clear(db)
    // 1. Leads per second: none, the three destinations on, none again (the spread of the two is the noise).
    await postLeads(port, { amount: 1000 })
    const off1 = await postLeads(port)
    let ids = await addDestinations(db, key, true)
    const before = await lastLeadId(db)
    const on = await postLeads(port)
    const backlog = await drained(db, ids, before)
    await clear(db)
    const off2 = await postLeads(port)
    const off = (off1.rps + off2.rps) / 2
    console.log(
      `${label}: new leads, no conversion destination ${fmt(off1.rps)} then ${fmt(off2.rps)} accepted/s (p99 ${fmt(off1.p99, 1)} / ${fmt(off2.p99, 1)} ms, errors ${off1.errors + off2.errors})`,
    )
    console.log(
      `${label}: new leads, Google, Meta and TikTok destinations on ${fmt(on.rps)} accepted/s, p99 ${fmt(on.p99, 1)} ms (errors ${on.errors}); ratio to none ${fmt(on.rps / Math.max(off, 1), 3)} (the two runs without differ by ${fmt((Math.abs(off1.rps - off2.rps) / Math.max(off, 1)) * 100, 1)}%)`,
    )
    const sentOn = platforms.map((p) => backlog.byPlatform[p].sent).reduce((a, b) => a + b, 0)
    const owedOn = platforms.map((p) => backlog.byPlatform[p].all).reduce((a, b) => a + b, 0)
    console.log(
      `${label}: at that rate ${fmt(sentOn)} of ${fmt(owedOn)} events sent, backlog cleared ${fmt(backlog.waitedS, 1)} s after the load ended${backlog.complete ? '' : ' (timed out)'}`,
    )

    // 2. Events per second: leads captured with the destinations off, then each destination alone,
    // then the three together (the same leads' events written anew).
    ids = await addDestinations(db, key, false)
    const since = await lastLeadId(db)
    const captured = await postLeads(port, { amount: Number(process.env.BENCH_CONVERSION_LEADS ?? 2000) })
    const requestsBefore = { ...receiver.requests }
    for (const platform of platforms) {
      await setEnabled(db, [ids[platform]], true)
      const alone = (await drained(db, { [platform]: ids[platform] }, since)).byPlatform[platform]
      await setEnabled(db, [ids[platform]], false)
      const requests = receiver.requests[platform] - requestsBefore[platform]
      console.log(
        `${label}: ${names[platform]} alone, ${fmt(alone.sent)} of ${fmt(alone.all)} events sent in ${fmt(alone.seconds, 2)} s: ${fmt(alone.perSecond)} events/s (${fmt(requests)} requests, ${fmt(alone.sent / Math.max(requests, 1))} events each; ${fmt(captured.ok)} leads)`,
      )
    }
    await db.deleteFrom('conversionEvent').execute()
    const together = Date.now()
    await setEnabled(db, Object.values(ids), true)
    const all = await drained(db, ids, since)
    const parts = platforms.map(
      (p) =>
        `${names[p]} ${fmt(all.byPlatform[p].perSecond)} events/s (${fmt(all.byPlatform[p].sent)} in ${fmt(all.byPlatform[p].seconds, 2)} s)`,
    )
    const total = platforms.map((p) => all.byPlatform[p].sent).reduce((a, b) => a + b, 0)
    const totalS = (Date.now() - together) / 1000
    console.log(
      `${label}: the three together, ${fmt(total)} events sent within ${fmt(totalS, 1)} s of turning them on: ${parts.join(', ')}`,
    )
  } finally {
    await clear(db).catch(() => {})
    await database.destroy()
    const exited = new Promise((r) => app.once('exit', r))
    app.kill('SIGTERM')
    await exited
    await receiver.close()
  }
}
