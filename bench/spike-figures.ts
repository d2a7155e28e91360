// The spike's set-up and figures (bench/spike.ts): the contracts' terms, the processes it watches and
// what it reads back from the database and the buyers.
import { type ChildProcess, execFileSync, fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { capWindowStart } from '../core/routing/contract-rules.ts'
import type { createDatabase } from '../server/platform/index.ts'
import type { Terms } from './routing.ts'
import type { BuyerPost } from './spike-buyers.ts'
import type { LoadReport } from './spike-load.ts'
import { cpuTicks, machineTicks, summarize } from './spike-stats.ts'

export type Db = ReturnType<typeof createDatabase>['db']
export const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits })
export const ms = (n: number) => `${fmt(n, n < 10 ? 1 : 0)} ms`
export const sleep = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t)))
export const BENCH_APP = 'claimcheck-spike-bench'
export const CONTRACTS = 30
export const CAPPED = 10
export const HOURLY_CAP = 50
export const GENERATOR_PRIORITY = -5

/** Contract n's terms: every third shared (up to 3 buyers), the rest exclusive; the first 10 capped. */
export const terms = (n: number): Terms => ({
  exclusive: n % 3 !== 0,
  maxBuyers: n % 3 === 0 ? 3 : 1,
  caps: n < CAPPED ? { hour: HOURLY_CAP } : {},
  filters: n % 5 === 2 ? { eligibleOnly: true } : {},
})

/** CPU time of processes from /proc/<pid>/stat, between a first and a last sample. */
export class CpuMeter {
  readonly #tick = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100
  readonly #pids = new Map<number, { group: string; first: number; last: number }>()
  #frozen = false
  #machine: { first: { busy: number; total: number }; last: { busy: number; total: number } } | undefined

  /** `fromStart`: the process started during the run, so all its time counts. */
  watch(pid: number | undefined, group: string, fromStart = false) {
    if (pid === undefined || this.#pids.has(pid)) return
    const now = this.#read(pid)
    if (now === undefined) return
    this.#pids.set(pid, { group, first: fromStart ? 0 : now, last: now })
  }

  #read(pid: number) {
    try {
      return cpuTicks(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
    } catch {
      return undefined
    }
  }

  /** Reads every watched process; one that has exited keeps its last reading. */
  sample() {
    if (this.#frozen) return
    const machine = machineTicks(fs.readFileSync('/proc/stat', 'utf8'))
    this.#machine = { first: this.#machine?.first ?? machine, last: machine }
    for (const [pid, p] of this.#pids) p.last = this.#read(pid) ?? p.last
  }

  freeze() {
    this.sample()
    this.#frozen = true
  }

  seconds(group: string) {
    let ticks = 0
    for (const p of this.#pids.values()) if (p.group === group) ticks += p.last - p.first
    return ticks / this.#tick
  }

  /** The whole machine's busy core-seconds between the first and last sample (every process). */
  machineBusy() {
    return this.#machine ? (this.#machine.last.busy - this.#machine.first.busy) / this.#tick : 0
  }

  count(group: string) {
    return [...this.#pids.values()].filter((p) => p.group === group).length
  }
}

/** nginx's master (from its pid file) and its children (workers, cache manager and loader). */
export function nginxPids(pidFile: string): number[] {
  const master = Number(fs.readFileSync(pidFile, 'utf8').trim())
  const children = fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return []
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master ? [Number(entry)] : []
    } catch {
      return []
    }
  })
  return [master, ...children]
}

export async function backendPids(db: Db) {
  const rows = await db
    .selectFrom('pg_stat_activity' as never)
    .select('pid' as never)
    .where('datname' as never, '=', db.fn('current_database' as never) as never)
    .where('application_name' as never, '<>', BENCH_APP as never)
    .execute()
  return rows.map((r) => Number((r as { pid: number }).pid))
}

export function forkChild<Ready>(
  script: string,
  config: unknown,
): Promise<{ child: ChildProcess; first: Ready }> {
  const child = fork(path.join(import.meta.dirname, script), [JSON.stringify(config)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (first) => resolve({ child, first: first as Ready }))
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before reporting`)))
  })
}

export function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T))
    child.send(message)
  })
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill(signal)
  await exited
}

export async function countRouting(db: Db, since: Date) {
  const row = await db
    .selectFrom('lead')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('saleStatus', '=', 'routing')
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function pageViewsCounted(db: Db) {
  const row = await db
    .selectFrom('analyticsDaily')
    .select((eb) => eb.fn.sum<number>('events').as('n'))
    .where('stage', '=', 'pageview')
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** References (of the acknowledged posts) that no lead in the database carries. */
export async function missingReferences(db: Db, references: string[]) {
  let found = 0
  for (let i = 0; i < references.length; i += 1000) {
    const chunk = references.slice(i, i + 1000)
    const row = await db
      .selectFrom('lead')
      .select((eb) => eb.fn.count<number>('id').distinct().as('n'))
      .where('reference', 'in', chunk)
      .executeTakeFirstOrThrow()
    found += Number(row.n)
  }
  return new Set(references).size - found
}

/** Deliveries over a cap and exclusive leads sold twice, from the buyers' posts and the sales. */
export async function soldFigures(db: Db, posts: BuyerPost[], ids: number[]) {
  const indexOf = new Map(ids.map((id, n) => [id, n]))
  const over = (counts: Map<string, number>) => {
    let total = 0
    for (const [key, count] of counts) {
      const cap = terms(Number(key.split('@')[0])).caps.hour ?? Number.POSITIVE_INFINITY
      total += Math.max(0, count - cap)
    }
    return total
  }
  const sales = await db
    .selectFrom('sale')
    .select(['contractId', 'leadId', 'createdAt'])
    .where('status', '=', 'accepted')
    .execute()
  const perHourInDb = new Map<string, number>()
  const contractsOfLeadInDb = new Map<number, Set<number>>()
  // A cap counts the sales made in its hour, a sale being made when it was reserved, just before
  // the post: a post that reached the buyer just after the hour turned is its sale's hour's.
  const soldAt = new Map<string, Date>()
  for (const s of sales) {
    const n = indexOf.get(Number(s.contractId))
    if (n === undefined || s.leadId === null) continue
    const key = `${n}@${capWindowStart('hour', new Date(s.createdAt)).toISOString()}`
    perHourInDb.set(key, (perHourInDb.get(key) ?? 0) + 1)
    contractsOfLeadInDb.set(s.leadId, (contractsOfLeadInDb.get(s.leadId) ?? new Set()).add(n))
    soldAt.set(`${s.leadId}:${n}`, new Date(s.createdAt))
  }
  const perHour = new Map<string, Set<number>>()
  const contractsOfLead = new Map<number, Set<number>>()
  for (const p of posts) {
    if (p.status < 200 || p.status >= 300 || p.leadId === 0) continue
    const at = soldAt.get(`${p.leadId}:${p.contract}`) ?? new Date(p.at)
    const key = `${p.contract}@${capWindowStart('hour', at).toISOString()}`
    perHour.set(key, (perHour.get(key) ?? new Set()).add(p.leadId))
    contractsOfLead.set(p.leadId, (contractsOfLead.get(p.leadId) ?? new Set()).add(p.contract))
  }
  const soldTwice = (leads: Map<number, Set<number>>) =>
    [...leads].filter(([, c]) => c.size > 1 && [...c].some((n) => terms(n).exclusive))
  // Which leads, to whom and when (ids and times only), for whoever looks into one.
  const described = soldTwice(contractsOfLead)
    .slice(0, 3)
    .map(([lead]) => {
      const taken = posts
        .filter((p) => p.leadId === lead && p.status >= 200 && p.status < 300)
        .map((p) => `contract ${p.contract} at ${new Date(p.at).toISOString().slice(11, 23)}`)
      return `lead ${lead}: ${[...new Set(taken)].join(', ')}`
    })
  return {
    overCap: over(new Map([...perHour].map(([k, v]) => [k, v.size]))),
    overCapInDb: over(perHourInDb),
    soldTwice: soldTwice(contractsOfLead).length,
    soldTwiceInDb: soldTwice(contractsOfLeadInDb).length,
    soldTwiceDescribed: described,
    unreadable: posts.filter((p) => p.leadId === 0).length,
    sales: sales.length,
  }
}

/** The reports of the processes that shared one kind of load, as one. */
export function merge(reports: LoadReport[], kill?: { from: number; to: number }) {
  const outside = reports.flatMap((r) =>
    r.latencies.filter((_, i) => {
      const due = r.dueAts[i] ?? 0
      return kill === undefined || due < kill.from || due > kill.to
    }),
  )
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v
    return into
  }
  return {
    sent: reports.reduce((n, r) => n + r.sent, 0),
    latency: summarize(reports.flatMap((r) => r.latencies)),
    /** Away from the kill (1 s before it to 5 s after the restarted instance answered). */
    latencyAwayFromKill: summarize(outside),
    lags: reports.flatMap((r) => r.lags),
    late: reports.reduce((n, r) => n + r.late, 0),
    statuses: reports.reduce((all, r) => add(all, r.statuses), {} as Record<string, number>),
    cache: reports.reduce((all, r) => add(all, r.cache), {} as Record<string, number>),
    retried: reports.reduce((n, r) => n + r.retried, 0),
    references: reports.flatMap((r) => r.references),
    errorsDueAt: reports.flatMap((r) => r.errorsDueAt),
    busy: reports.map((r) => r.busy),
  }
}
