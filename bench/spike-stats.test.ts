import { describe, expect, it } from 'vitest'
import { chromeAgent, cpuTicks, dueAt, dueCount, machineTicks, percentile, summarize } from './spike-stats.ts'

describe('the open-loop schedule', () => {
  it('has nothing due before the start, the first request at it', () => {
    expect(dueCount(-1, 300, 100)).toBe(0)
    expect(dueCount(0, 300, 100)).toBe(1)
  })

  it('makes requests due at a fixed rate whatever was sent before', () => {
    // 2,000 a second: one every 0.5 ms, so at 1 ms three are due (0, 0.5 and 1 ms).
    expect(dueCount(1, 2000, 1_000_000)).toBe(3)
    expect(dueCount(999.9, 2000, 1_000_000)).toBe(2000)
    expect(dueCount(1000, 2000, 1_000_000)).toBe(2001)
    expect(dueAt(2000, 2000)).toBe(1000)
  })

  it('stops at the total and never divides by a zero rate', () => {
    expect(dueCount(10_000, 300, 90)).toBe(90)
    expect(dueCount(10_000, 0, 90)).toBe(0)
  })

  it('agrees with the due times', () => {
    for (const rate of [7, 300, 2000])
      for (let i = 0; i < 50; i++) {
        expect(dueCount(dueAt(i, rate), rate, 1e9)).toBe(i + 1)
      }
  })
})

describe('percentiles', () => {
  it('takes the nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile([5], 99)).toBe(5)
    expect(percentile([], 50)).toBe(0)
  })

  it('sorts numerically before summarizing', () => {
    const s = summarize([100, 9, 20, 3])
    expect(s).toEqual({ n: 4, p50: 9, p99: 100, max: 100 })
  })
})

describe('/proc/<pid>/stat', () => {
  it('adds user and system time, with spaces and parentheses in the name', () => {
    const stat = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 731 266 0 0 20 0 11 0 5000 0 0'
    expect(cpuTicks(stat)).toBe(997)
  })
})

describe('/proc/stat', () => {
  it('counts busy ticks (user, nice, system, interrupts, steal) against all', () => {
    const stat = 'cpu  100 5 50 1000 20 1 4 2 0 0\ncpu0 50 2 25 500 10 0 2 1 0 0\n'
    expect(machineTicks(stat)).toEqual({ busy: 162, total: 1182 })
  })
})

it('plays Chrome on a few platforms and versions', () => {
  const agents = new Set(Array.from({ length: 16 }, (_, i) => chromeAgent(i)))
  expect(agents.size).toBe(16)
  for (const agent of agents)
    expect(agent).toMatch(/^Mozilla\/5\.0 \(.+\) AppleWebKit\/537\.36 .*Chrome\/\d+/)
})
