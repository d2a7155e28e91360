import { describe, expect, it } from 'vitest'
import { fromLondonLocal, toLondonLocal } from './london-time.ts'

describe('London time', () => {
  it('is UTC in winter and an hour ahead in summer', () => {
    expect(fromLondonLocal('2026-01-15T09:30')?.toISOString()).toBe('2026-01-15T09:30:00.000Z')
    expect(fromLondonLocal('2026-07-15T09:30')?.toISOString()).toBe('2026-07-15T08:30:00.000Z')
    expect(toLondonLocal(new Date('2026-07-15T08:30:00Z'))).toBe('2026-07-15T09:30')
    expect(toLondonLocal(new Date('2026-01-15T09:30:00Z'))).toBe('2026-01-15T09:30')
  })

  it('changes on the last Sundays of March and October', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(fromLondonLocal('2026-03-29T00:59')?.toISOString()).toBe('2026-03-29T00:59:00.000Z')
    expect(fromLondonLocal('2026-03-29T02:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z')
    expect(toLondonLocal(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T02:00')
    // 25 October 2026: 02:00 BST becomes 01:00 GMT; after it, winter time again.
    expect(fromLondonLocal('2026-10-25T00:30')?.toISOString()).toBe('2026-10-24T23:30:00.000Z')
    expect(fromLondonLocal('2026-10-25T03:00')?.toISOString()).toBe('2026-10-25T03:00:00.000Z')
  })

  it('names no instant in the skipped hour, and the first of the repeated one', () => {
    expect(fromLondonLocal('2026-03-29T01:30')).toBeNull()
    expect(fromLondonLocal('2026-10-25T01:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z')
  })

  it('refuses what is not a date-time', () => {
    for (const text of ['', '2026-02-30T10:00', '2026-01-01T24:00', '2026-01-01 10:00', '2026-1-1T10:00']) {
      expect(fromLondonLocal(text), text).toBeNull()
    }
  })

  it('round-trips every hour of a year', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 60 * 60_000) {
      const local = toLondonLocal(new Date(t))
      const back = fromLondonLocal(local)
      // The repeated October hour maps back to its first occurrence.
      expect(back === null ? null : Math.abs(back.getTime() - t) % 3_600_000, local).toBe(0)
    }
  })
})
