// The spike's load generator (bench/spike.ts forks one for page views and one for lead posts), in
// its own process so that its CPU is measured apart from the product's. Open loop: request i is due
// at start + i / rate and is sent then, whatever the earlier ones are doing; its latency is measured
// from that due time, so queueing anywhere (here, nginx, the app) shows in it. Reports its figures to
// the parent, then waits to be told to exit (the parent reads its CPU time first).
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { RawPool } from './spike-http.ts'
import { chromeAgent, dueAt, dueCount } from './spike-stats.ts'

export type LoadConfig = {
  kind: 'views' | 'leads'
  /** nginx's address. */
  origin: string
  rate: number
  /** The schedule's start, ms since the epoch (every generator and the kill share it). */
  startAt: number
  /** This process's requests are due this much after the shared start (several share a rate). */
  phaseMs: number
  seconds: number
  /** At most this many open connections (a browser's visitors each have their own). */
  connections: number
  /** How long to wait for answers still due once the schedule is over. */
  drainMs: number
}

export type LoadReport = {
  kind: LoadConfig['kind']
  sent: number
  /** Each request's latency from its due time, ms. */
  latencies: number[]
  /** When each of those requests was due, in ms after the shared start (same order). */
  dueAts: number[]
  /** How late the generator itself sent each request (its timer and event loop), ms. */
  lags: number[]
  /** Final answers by status ("0" for a network error or no answer, "unanswered" when still waiting). */
  statuses: Record<string, number>
  /** Views: X-Cache-Status values. */
  cache: Record<string, number>
  /** Leads: posts sent a second time (network error or 502/503/504, as the form does). */
  retried: number
  /** Leads: the reference of each post answered 2xx. */
  references: string[]
  /** Leads: when each post answered with an error was due, in ms after the shared start. */
  errorsDueAt: number[]
  /** Requests sent more than 100 ms late. */
  late: number
  /**
   * The share (0–1) of the schedule's time the generator's event loop was busy: low while it is
   * late means its process was waiting for a core (a busy machine), not doing its own work.
   */
  busy: number
}

type Answer = { status: number; cache: string | undefined; body: string; error?: string }

const config = JSON.parse(process.argv[2] as string) as LoadConfig
const target = new URL(config.origin)
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: config.connections,
  maxFreeSockets: config.connections,
})

function send(method: string, path: string, headers: http.OutgoingHttpHeaders, body?: string) {
  return new Promise<Answer>((resolve) => {
    const req = http.request(
      { host: target.hostname, port: target.port, method, path, headers, agent, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = []
        const keep = config.kind === 'leads'
        if (keep) res.on('data', (c: Buffer) => chunks.push(c))
        else res.resume()
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: res.headers['x-cache-status'] as string | undefined,
            body: keep ? Buffer.concat(chunks).toString('utf8') : '',
          }),
        )
        res.on('error', (e) => resolve({ status: 0, cache: undefined, body: '', error: e.message }))
      },
    )
    req.on('timeout', () => req.destroy(new Error('no answer within 60 s')))
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ status: 0, cache: undefined, body: '', error: e.code ?? e.message }),
    )
    req.end(body)
  })
}

const browser = (i: number) => ({
  'user-agent': chromeAgent(i % 16),
  'accept-language': i % 5 === 0 ? 'en-GB,en;q=0.9' : 'en-GB,en-US;q=0.9,en;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
})
const gclid = () => `Cj0KCQ${randomBytes(30).toString('base64url')}`

const navigation = {
  accept:
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  'upgrade-insecure-requests': '1',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-user': '?1',
  referer: 'https://www.google.com/',
}
const viewHeaders = Array.from({ length: 80 }, (_, n) =>
  Object.entries({ host: target.host, ...browser(n), ...navigation, connection: 'keep-alive' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join(''),
)
const views = new RawPool(
  target.hostname,
  Number(target.port),
  config.connections,
  (n) => viewHeaders[n % 80] as string,
)

/** A visitor arriving from the ad: the home page with the click's own gclid. */
async function view() {
  return { ...(await views.get(`/?gclid=${gclid()}`)), body: '' }
}

const run = randomBytes(3).toString('hex')
const phoneBase = 300_000_000 + Math.floor(Math.random() * 90_000_000)
const retriedStatuses = new Set([502, 503, 504])
let retried = 0

/** The public form's post (app/features/lead-form/lead-form.tsx): its body, headers and one retry. */
async function lead(i: number) {
  const click = gclid()
  const key = randomBytes(16).toString('hex')
  const body = JSON.stringify({
    firstName: 'Spike',
    lastName: `Visitor${i}`,
    email: `spike-${run}-${i}@example.com`,
    phone: `07${phoneBase + i}`,
    carDetails: '2017 Vauxhall Astra',
    hasConsent: true,
    answers: {
      hadPcpFinance: 'yes',
      purchaseDateRange: i % 3 ? '2015-2018' : '2011-2014',
      loanAmount: i % 4 ? '15000-25000' : '5000-15000',
      dealerDisclosedCommission: i % 2 ? 'no' : 'unclear',
    },
    formStartedAt: Date.now() - 45_000 - (i % 90) * 1000,
    attribution: {
      gclid: click,
      landing_page: `${config.origin}/?gclid=${click}`,
      referrer: 'https://www.google.com/',
    },
    idempotencyKey: key,
    marketingConsent: i % 3 === 0,
  })
  const headers = {
    ...browser(i),
    'content-type': 'application/json',
    accept: 'application/json',
    'idempotency-key': key,
    origin: config.origin,
    referer: `${config.origin}/?gclid=${click}`,
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
  }
  const first = await send('POST', '/api/leads', headers, body)
  if (first.status !== 0 && !retriedStatuses.has(first.status)) return first
  retried++
  return send('POST', '/api/leads', headers, body)
}

async function main() {
  const total = Math.floor(config.rate * config.seconds)
  const start = config.startAt + config.phaseMs - performance.timeOrigin
  const latencies: number[] = []
  const dueAts: number[] = []
  const lags: number[] = []
  const statuses: Record<string, number> = {}
  const cache: Record<string, number> = {}
  const references: string[] = []
  const errorsDueAt: number[] = []
  const inFlight = new Map<number, number>()
  let sent = 0
  let late = 0

  const fire = async (i: number) => {
    const due = start + dueAt(i, config.rate)
    const lag = performance.now() - due
    lags.push(lag)
    if (lag > 100) late++
    sent++
    inFlight.set(i, due - start + config.phaseMs)
    const answer = config.kind === 'views' ? await view() : await lead(i)
    inFlight.delete(i)
    latencies.push(performance.now() - due)
    dueAts.push(due - start + config.phaseMs)
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
    if (answer.cache) cache[answer.cache] = (cache[answer.cache] ?? 0) + 1
    if (config.kind === 'leads') {
      if (answer.status >= 200 && answer.status < 300) {
        try {
          const reference = (JSON.parse(answer.body) as { reference?: string }).reference
          if (reference) references.push(reference)
        } catch {}
      } else errorsDueAt.push(due - start + config.phaseMs)
    }
  }

  await new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, start - performance.now())))
  const loop = performance.eventLoopUtilization()
  await new Promise<void>((resolve) => {
    let next = 0
    const tick = () => {
      const due = dueCount(performance.now() - start, config.rate, total)
      while (next < due) void fire(next++)
      if (next >= total) return resolve()
      setTimeout(tick, Math.max(0, Math.min(5, start + dueAt(next, config.rate) - performance.now())))
    }
    tick()
  })
  const busy = performance.eventLoopUtilization(loop).utilization
  const until = performance.now() + config.drainMs
  while (inFlight.size > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 100))
  if (inFlight.size > 0) {
    statuses.unanswered = inFlight.size
    if (config.kind === 'leads') errorsDueAt.push(...inFlight.values())
  }

  const report: LoadReport = {
    kind: config.kind,
    sent,
    latencies,
    dueAts,
    lags,
    statuses,
    cache,
    retried,
    references,
    errorsDueAt,
    late,
    busy,
  }
  process.send?.(report)
}

process.on('message', (m) => {
  if (m === 'exit') process.exit(0)
})
await main()
