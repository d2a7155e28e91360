// The spike's pure helpers. Vitest's projects leave bench/ out, so this runs on Node's own runner:
// `node --test bench/spike-stats.test.ts`.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { chromeAgent, cpuTicks, dueAt, dueCount, machineTicks, percentile, summarize } from './spike-stats.ts'

describe('the open-loop schedule', () => {
  it('has nothing due before the start, the first request at it', () => {
    assert.equal(dueCount(-1, 300, 100), 0)
    assert.equal(dueCount(0, 300, 100), 1)
  })

  it('makes requests due at a fixed rate whatever was sent before', () => {
    // 2,000 a second: one every 0.5 ms, so at 1 ms three are due (0, 0.5 and 1 ms).
    assert.equal(dueCount(1, 2000, 1_000_000), 3)
    assert.equal(dueCount(999.9, 2000, 1_000_000), 2000)
    assert.equal(dueCount(1000, 2000, 1_000_000), 2001)
    assert.equal(dueAt(2000, 2000), 1000)
  })

  it('stops at the total and never divides by a zero rate', () => {
    assert.equal(dueCount(10_000, 300, 90), 90)
    assert.equal(dueCount(10_000, 0, 90), 0)
  })

  it('agrees with the due times', () => {
    for (const rate of [7, 300, 2000])
      for (let i = 0; i < 50; i++) {
        assert.equal(dueCount(dueAt(i, rate), rate, 1e9), i + 1)
      }
  })
})

describe('percentiles', () => {
  it('takes the nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1)
    assert.equal(percentile(hundred, 50), 50)
    assert.equal(percentile(hundred, 99), 99)
    assert.equal(percentile(hundred, 100), 100)
    assert.equal(percentile([5], 99), 5)
    assert.equal(percentile([], 50), 0)
  })

  it('sorts numerically before summarizing', () => {
    const s = summarize([100, 9, 20, 3])
    assert.deepEqual(s, { n: 4, p50: 9, p99: 100, max: 100 })
  })
})

describe('/proc/<pid>/stat', () => {
  it('adds user and system time, with spaces and parentheses in the name', () => {
    const stat = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 731 266 0 0 20 0 11 0 5000 0 0'
    assert.equal(cpuTicks(stat), 997)
  })
})

describe('/proc/stat', () => {
  it('counts busy ticks (user, nice, system, interrupts, steal) against all', () => {
    const stat = 'cpu  100 5 50 1000 20 1 4 2 0 0\ncpu0 50 2 25 500 10 0 2 1 0 0\n'
    assert.deepEqual(machineTicks(stat), { busy: 162, total: 1182 })
  })
})

it('plays Chrome on a few platforms and versions', () => {
  const agents = new Set(Array.from({ length: 16 }, (_, i) => chromeAgent(i)))
  assert.equal(agents.size, 16)
  for (const agent of agents) assert.match(agent, /^Mozilla\/5\.0 \(.+\) AppleWebKit\/537\.36 .*Chrome\/\d+/)
})
