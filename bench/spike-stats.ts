// Pure helpers of the spike scenario (bench/spike.ts): the open-loop schedule, latency summaries,
// CPU time from /proc and the browsers the generator plays.

/**
 * How many of an open-loop schedule's requests are due `elapsedMs` after its start: request i is
 * due at i × 1000 / rate ms, whatever happened to the ones before (as wrk2 does), so a slow answer
 * delays no later request and queueing shows in the latency measured from the due time.
 */
export function dueCount(elapsedMs: number, ratePerSecond: number, total: number): number {
  if (elapsedMs < 0 || ratePerSecond <= 0) return 0
  // The epsilon: a request's own due time, from dueAt, counts it due despite rounding.
  return Math.min(total, Math.floor((elapsedMs * ratePerSecond) / 1000 + 1e-9) + 1)
}

/** When request `i` of the schedule is due, in ms after its start. */
export const dueAt = (i: number, ratePerSecond: number) => (i * 1000) / ratePerSecond

/** The nearest-rank percentile of ascending `sorted` (0 when empty). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

export type Summary = { n: number; p50: number; p99: number; max: number }

export function summarize(values: number[]): Summary {
  const sorted = Float64Array.from(values).sort()
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] as number) : 0,
  }
}

/** utime + stime, in clock ticks, from the text of /proc/<pid>/stat (the name may hold spaces). */
export function cpuTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // After the name: state is field 3, utime 14 and stime 15.
  return Number(fields[11]) + Number(fields[12])
}

/** The machine's busy and total clock ticks (all cores) from the first line of /proc/stat. */
export function machineTicks(procStat: string): { busy: number; total: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = (procStat.split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as number[]
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)
  return { busy, total: busy + (idle ?? 0) + (iowait ?? 0) }
}

const platforms = [
  'Windows NT 10.0; Win64; x64',
  'Macintosh; Intel Mac OS X 10_15_7',
  'X11; Linux x86_64',
  'Linux; Android 10; K',
]

/** A Chrome user agent: a few platforms and versions, as a TV audience's phones and laptops send. */
export function chromeAgent(n: number): string {
  const platform = platforms[n % platforms.length] as string
  const version = 128 + (Math.floor(n / platforms.length) % 4)
  const mobile = platform.startsWith('Linux; Android') ? ' Mobile' : ''
  return `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0${mobile} Safari/537.36`
}
