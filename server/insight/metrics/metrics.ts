import type { EventEmitter } from 'node:events'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { AppEvents } from '../../platform/index.ts'

export const routeClasses = [
  'page_cached',
  'page',
  'api_admin',
  'api_public',
  'asset',
  'upload',
  'health',
  'metrics',
  'other',
] as const
export type RouteClass = (typeof routeClasses)[number]

const statusClasses = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const
/** Seconds: a cached page takes well under a millisecond, a lead a few, an export seconds. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const deliveryOutcomes = ['delivered', 'retry', 'failed', 'released'] as const
export type DeliveryOutcome = (typeof deliveryOutcomes)[number]

function bump(values: Float64Array, index: number, by = 1) {
  values[index] = (values[index] ?? 0) + by
}

/** The class of an address the pipeline answers (the cached-page path records its own). */
export function routeClassOf(path: string): RouteClass {
  if (path.startsWith('/assets/')) return 'asset'
  if (path.startsWith('/uploads/')) return 'upload'
  if (path === '/healthz') return 'health'
  if (path === '/metrics') return 'metrics'
  if (path.startsWith('/api/admin')) return 'api_admin'
  if (path.startsWith('/api/')) return 'api_public'
  if (path.startsWith('/.well-known/')) return 'other'
  return 'page'
}

/**
 * This instance's figures in memory, written out in Prometheus' text format. Recording a request
 * is a few array increments (it runs on every hit of the cached-page path): no strings, no
 * allocation. Each instance reports its own; Prometheus scrapes each one.
 */
export class Metrics {
  readonly #requests = new Float64Array(routeClasses.length * statusClasses.length)
  readonly #buckets = new Float64Array(routeClasses.length * BUCKETS.length)
  readonly #sums = new Float64Array(routeClasses.length)
  readonly #counts = new Float64Array(routeClasses.length)
  readonly #cache = { hit: 0, miss: 0 }
  #leads = 0
  readonly #deliveries = new Float64Array(deliveryOutcomes.length)
  readonly #loop = monitorEventLoopDelay({ resolution: 10 })
  #loopSum = 0
  #loopCount = 0
  readonly #started = Date.now()

  constructor(events?: EventEmitter<AppEvents>) {
    this.#loop.enable()
    events?.on('lead.created', () => {
      this.#leads++
    })
    events?.on('webhook.attempt', ({ outcome }) => {
      bump(this.#deliveries, deliveryOutcomes.indexOf(outcome))
    })
  }

  request(routeClass: RouteClass, status: number, seconds: number): void {
    const c = routeClass === 'page_cached' ? 0 : routeClasses.indexOf(routeClass)
    const s = status >= 200 && status < 300 ? 1 : Math.min(Math.max(Math.floor(status / 100) - 1, 0), 4)
    bump(this.#requests, c * statusClasses.length + s)
    bump(this.#sums, c, seconds)
    bump(this.#counts, c)
    for (let b = 0; b < BUCKETS.length; b++) {
      if (seconds <= (BUCKETS[b] as number)) {
        bump(this.#buckets, c * BUCKETS.length + b)
        break
      }
    }
  }

  pageCache(hit: boolean): void {
    if (hit) this.#cache.hit++
    else this.#cache.miss++
  }

  stop(): void {
    this.#loop.disable()
  }

  /** The exposition text; the event-loop figures cover the time since the previous scrape. */
  render(): string {
    const out: string[] = []
    // The exposition format escapes a backslash and a line break in HELP text.
    const family = (name: string, type: string, help: string) =>
      out.push(
        `# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`,
        `# TYPE ${name} ${type}`,
      )
    family('http_requests_total', 'counter', 'Requests answered, by route class and status class.')
    routeClasses.forEach((rc, c) => {
      statusClasses.forEach((sc, s) => {
        const n = this.#requests[c * statusClasses.length + s] as number
        if (n > 0) out.push(`http_requests_total{class="${rc}",status="${sc}"} ${n}`)
      })
    })
    family('http_request_duration_seconds', 'histogram', 'Time to answer a request, by route class.')
    routeClasses.forEach((rc, c) => {
      if (this.#counts[c] === 0) return
      let cumulative = 0
      BUCKETS.forEach((le, b) => {
        cumulative += this.#buckets[c * BUCKETS.length + b] as number
        out.push(`http_request_duration_seconds_bucket{class="${rc}",le="${le}"} ${cumulative}`)
      })
      out.push(`http_request_duration_seconds_bucket{class="${rc}",le="+Inf"} ${this.#counts[c]}`)
      out.push(`http_request_duration_seconds_sum{class="${rc}"} ${this.#sums[c]}`)
      out.push(`http_request_duration_seconds_count{class="${rc}"} ${this.#counts[c]}`)
    })
    family(
      'page_cache_requests_total',
      'counter',
      'Public page requests answered from the page cache (hit) or rendered (miss).',
    )
    out.push(`page_cache_requests_total{result="hit"} ${this.#cache.hit}`)
    out.push(`page_cache_requests_total{result="miss"} ${this.#cache.miss}`)
    family('leads_accepted_total', 'counter', 'New leads committed (duplicates and bots not counted).')
    out.push(`leads_accepted_total ${this.#leads}`)
    family(
      'webhook_delivery_attempts_total',
      'counter',
      'Attempts to post a lead to a webhook, by what followed.',
    )
    deliveryOutcomes.forEach((o, i) => {
      out.push(`webhook_delivery_attempts_total{outcome="${o}"} ${this.#deliveries[i]}`)
    })
    // A summary: quantiles over the time since the previous scrape (the histogram is reset), sum
    // and count since start, as Prometheus expects of a summary's _sum and _count.
    const loop = this.#loop
    const seconds = (ns: number) => (Number.isFinite(ns) ? ns : 0) / 1e9
    if (loop.count > 0) {
      this.#loopCount += loop.count
      this.#loopSum += seconds(loop.mean) * loop.count
    }
    family(
      'nodejs_eventloop_lag_seconds',
      'summary',
      'Event-loop delay, quantiles since the previous scrape.',
    )
    for (const [q, p] of [
      ['0.5', 50],
      ['0.99', 99],
    ] as const) {
      out.push(
        `nodejs_eventloop_lag_seconds{quantile="${q}"} ${loop.count > 0 ? seconds(loop.percentile(p)) : 0}`,
      )
    }
    out.push(`nodejs_eventloop_lag_seconds_sum ${this.#loopSum}`)
    out.push(`nodejs_eventloop_lag_seconds_count ${this.#loopCount}`)
    family('nodejs_eventloop_lag_max_seconds', 'gauge', 'Longest event-loop delay since the previous scrape.')
    out.push(`nodejs_eventloop_lag_max_seconds ${loop.count > 0 ? seconds(loop.max) : 0}`)
    loop.reset()
    family('process_resident_memory_bytes', 'gauge', 'Resident memory of this process.')
    out.push(`process_resident_memory_bytes ${process.memoryUsage.rss()}`)
    family('process_uptime_seconds', 'gauge', 'Seconds since this instance started.')
    out.push(`process_uptime_seconds ${(Date.now() - this.#started) / 1000}`)
    return `${out.join('\n')}\n`
  }
}
