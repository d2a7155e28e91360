import { describe, expect, it } from 'vitest'
import {
  bucketOfHash,
  murmurHash2,
  parseBucket,
  splitClientsBucket,
  variantForBucket,
  visitorBucket,
} from './assign.ts'

const bytes = (s: string) => new TextEncoder().encode(s)

describe('murmurHash2 as nginx computes it', () => {
  it('hashes known inputs', () => {
    // Seed = length, so the empty string hashes to 0.
    expect(murmurHash2(bytes(''))).toBe(0)
    expect(murmurHash2(bytes('abc'))).toBe(murmurHash2(bytes('abc')))
    expect(murmurHash2(bytes('abcd'))).not.toBe(murmurHash2(bytes('abce')))
  })
})

describe('split_clients buckets as nginx 1.x gives them (100 parts of 1%)', () => {
  // Read from a real nginx with deploy/nginx.conf's split_clients block, keyed by a header.
  it.each([
    ['a', 57],
    ['abc', 7],
    ['abcd', 15],
    ['203.0.113.9Mozilla/5.02026-11-25', 65],
    ['x y z long key here 12345', 73],
  ])('%s → %i', (key, bucket) => {
    expect(splitClientsBucket(key)).toBe(bucket)
  })
})

describe('buckets', () => {
  it('spreads visitors evenly over 100 buckets', () => {
    const counts = new Array(100).fill(0)
    for (let i = 0; i < 50000; i++) counts[visitorBucket(`10.0.${i >> 8}.${i & 255}`, 'UA', '2026-11-25')]++
    expect(Math.min(...counts)).toBeGreaterThan(380)
    expect(Math.max(...counts)).toBeLessThan(620)
  })

  it('keeps a visitor in one bucket all day and moves them the next', () => {
    const today = visitorBucket('203.0.113.9', 'Firefox', '2026-11-25')
    expect(visitorBucket('203.0.113.9', 'Firefox', '2026-11-25')).toBe(today)
    const days = new Set(
      Array.from({ length: 30 }, (_, d) =>
        visitorBucket('203.0.113.9', 'Firefox', `2026-12-${String(d + 1).padStart(2, '0')}`),
      ),
    )
    expect(days.size).toBeGreaterThan(10)
    expect(splitClientsBucket('x')).toBeGreaterThanOrEqual(0)
  })

  it('finds the same part as a scan of the bounds, at and around every bound', () => {
    const scan = (hash: number) => {
      for (let i = 0; i < 99; i++) if (hash < Math.floor((0xffffffff * ((i + 1) * 100)) / 10000)) return i
      return 99
    }
    for (let i = 0; i < 100; i++) {
      const bound = Math.floor((0xffffffff * ((i + 1) * 100)) / 10000)
      for (const hash of [bound - 1, bound, bound + 1, Math.max(0, bound - 20000000)]) {
        if (hash <= 0xffffffff) expect(bucketOfHash(hash)).toBe(scan(hash))
      }
    }
    expect(bucketOfHash(0)).toBe(0)
    expect(bucketOfHash(0xffffffff)).toBe(99)
  })

  it('parses only 0–99 from the proxy header', () => {
    expect(parseBucket('0')).toBe(0)
    expect(parseBucket('99')).toBe(99)
    expect(parseBucket('100')).toBeUndefined()
    expect(parseBucket('-1')).toBeUndefined()
    expect(parseBucket(undefined)).toBeUndefined()
  })
})

describe('variantForBucket', () => {
  const variants = [
    { name: 'A', weight: 1 },
    { name: 'B', weight: 3 },
  ]
  it('cuts the buckets by weight, in order', () => {
    const names = Array.from({ length: 100 }, (_, b) => variantForBucket(variants, b)?.name)
    expect(names.filter((n) => n === 'A')).toHaveLength(25)
    expect(names.filter((n) => n === 'B')).toHaveLength(75)
    expect(names[24]).toBe('A')
    expect(names[25]).toBe('B')
  })
  it('gives thirds for three equal weights, the last taking the remainder', () => {
    const three = [
      { name: 'A', weight: 1 },
      { name: 'B', weight: 1 },
      { name: 'C', weight: 1 },
    ]
    const names = Array.from({ length: 100 }, (_, b) => variantForBucket(three, b)?.name)
    expect(names.filter((n) => n === 'A')).toHaveLength(33)
    expect(names.filter((n) => n === 'C')).toHaveLength(34)
  })
})
