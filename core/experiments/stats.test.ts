import { describe, expect, it } from 'vitest'
import { hasMinimumSample, judge, probabilityBest, seededRandom, wilson } from './stats.ts'

describe('wilson', () => {
  it('matches published 95% intervals', () => {
    // 10/100: 0.0552–0.1744 (Wilson score, z = 1.96).
    const { low, high } = wilson(10, 100)
    expect(low).toBeCloseTo(0.0552, 3)
    expect(high).toBeCloseTo(0.1744, 3)
    // 0/20 starts at 0 and is not degenerate; 20/20 ends at 1.
    expect(wilson(0, 20).low).toBe(0)
    expect(wilson(0, 20).high).toBeCloseTo(0.1611, 3)
    expect(wilson(20, 20).high).toBe(1)
    expect(wilson(0, 0)).toEqual({ low: 0, high: 0 })
  })
})

describe('probabilityBest', () => {
  it('is deterministic for a seed and sums to 1', () => {
    const arms = [
      { visitors: 1000, conversions: 100 },
      { visitors: 1000, conversions: 130 },
    ]
    const one = probabilityBest(arms)
    expect(probabilityBest(arms)).toEqual(one)
    expect((one[0] ?? 0) + (one[1] ?? 0)).toBeCloseTo(1, 10)
    // P(B > A) for 100/1000 vs 130/1000 is about 0.98 (normal approximation: z ≈ 2.1).
    expect(one[1]).toBeGreaterThan(0.97)
    expect(one[1]).toBeLessThan(0.995)
  })

  it('gives equal arms about a half each', () => {
    const [a = 0] = probabilityBest([
      { visitors: 500, conversions: 50 },
      { visitors: 500, conversions: 50 },
    ])
    expect(a).toBeGreaterThan(0.47)
    expect(a).toBeLessThan(0.53)
  })

  it('seededRandom is uniform enough', () => {
    const random = seededRandom(1)
    let sum = 0
    for (let i = 0; i < 10000; i++) sum += random()
    expect(sum / 10000).toBeCloseTo(0.5, 1)
  })
})

describe('judge', () => {
  it('names no winner before the minimum sample, however clear', () => {
    const early = [
      { name: 'A', visitors: 99, conversions: 1 },
      { name: 'B', visitors: 99, conversions: 60 },
    ]
    expect(hasMinimumSample(early)).toBe(false)
    const result = judge(early)
    expect(result.winner).toBeNull()
    expect(result.variants[1]?.probabilityBest).toBeGreaterThan(0.99)
  })

  it('names the clear winner once every variant has the sample', () => {
    const result = judge([
      { name: 'A', visitors: 1000, conversions: 50 },
      { name: 'B', visitors: 1000, conversions: 120 },
    ])
    expect(result.winner).toBe('B')
    expect(result.variants[0]?.rate).toBeCloseTo(0.05, 10)
  })

  it('names none while the leader is not clearly best', () => {
    const result = judge([
      { name: 'A', visitors: 1000, conversions: 100 },
      { name: 'B', visitors: 1000, conversions: 105 },
    ])
    expect(result.winner).toBeNull()
  })
})
