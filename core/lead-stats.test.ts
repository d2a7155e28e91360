import { describe, expect, it } from 'vitest'
import { previousMonthStart, SITE_TIME_ZONE } from './lead-stats.ts'

const at = (iso: string) => previousMonthStart(new Date(iso)).toISOString()

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
})

/** Wall-clock time of `instant` in London, as "YYYY-MM-DD HH:MM:SS.mmm". */
function londonWallClock(instant: Date): string {
  const parts = london.formatToParts(instant)
  const get = (type: string) => parts.find((p) => p.type === type)?.value
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}.${get('fractionalSecond')}`
}

describe('previousMonthStart', () => {
  it('uses UK time by default', () => {
    expect(SITE_TIME_ZONE).toBe('Europe/London')
  })

  it.each([
    // The 1st of the previous month in GMT: midnight UK is midnight UTC.
    ['2026-04-15T12:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2026-03-15T12:00:00.000Z', '2026-02-01T00:00:00.000Z'],
    // The 1st of the previous month in BST: midnight UK is 23:00 UTC the day before.
    ['2026-05-10T12:00:00.000Z', '2026-03-31T23:00:00.000Z'],
    ['2026-08-31T12:00:00.000Z', '2026-06-30T23:00:00.000Z'],
    ['2026-11-05T12:00:00.000Z', '2026-09-30T23:00:00.000Z'],
    // Now in BST, previous month's 1st in GMT.
    ['2026-04-02T10:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    // Now in GMT, previous month's 1st in BST.
    ['2026-11-20T10:00:00.000Z', '2026-09-30T23:00:00.000Z'],
    // January: December of the previous year.
    ['2026-01-20T12:00:00.000Z', '2025-12-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', '2025-12-01T00:00:00.000Z'],
    // February: January, across the year's first day.
    ['2026-02-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    // A leap year's February 29th.
    ['2028-03-01T12:00:00.000Z', '2028-02-01T00:00:00.000Z'],
  ])('now = %s → %s', (now, expected) => {
    expect(at(now)).toBe(expected)
  })

  it.each([
    // 23:30 UTC on 31 March is 00:30 BST on 1 April: it is April in the UK, so March counts.
    ['2026-03-31T23:30:00.000Z', '2026-03-01T00:00:00.000Z'],
    // 23:30 UTC on 30 April is 00:30 BST on 1 May: April counts.
    ['2026-04-30T23:30:00.000Z', '2026-03-31T23:00:00.000Z'],
    // The first instant of May in the UK, and the last instant of April.
    ['2026-04-30T23:00:00.000Z', '2026-03-31T23:00:00.000Z'],
    ['2026-04-30T22:59:59.999Z', '2026-03-01T00:00:00.000Z'],
    // 23:30 UTC on 31 October is 23:30 GMT, still October: September counts.
    ['2026-10-31T23:30:00.000Z', '2026-08-31T23:00:00.000Z'],
    // The days the clocks change (29 March and 25 October 2026).
    ['2026-03-29T00:59:59.000Z', '2026-02-01T00:00:00.000Z'],
    ['2026-03-29T01:00:00.000Z', '2026-02-01T00:00:00.000Z'],
    ['2026-10-25T00:30:00.000Z', '2026-08-31T23:00:00.000Z'],
    ['2026-10-25T01:30:00.000Z', '2026-08-31T23:00:00.000Z'],
    // New Year in the UK is New Year in UTC (GMT).
    ['2025-12-31T23:59:59.999Z', '2025-11-01T00:00:00.000Z'],
  ])('near a boundary: now = %s → %s', (now, expected) => {
    expect(at(now)).toBe(expected)
  })

  it('always lands on UK midnight of the 1st of the month before the UK month of now', () => {
    // Every 31 hours over three years: every month, in GMT and BST, at every hour of the UK day.
    const start = Date.UTC(2024, 0, 1)
    for (let hour = 0; hour < 3 * 366 * 24; hour += 31) {
      const now = new Date(start + hour * 3_600_000)
      const result = previousMonthStart(now)
      const [ukYear, ukMonth] = londonWallClock(now).split('-').map(Number) as [number, number]
      const expectedMonth = ukMonth === 1 ? 12 : ukMonth - 1
      const expectedYear = ukMonth === 1 ? ukYear - 1 : ukYear
      const expected = `${expectedYear}-${String(expectedMonth).padStart(2, '0')}-01 00:00:00.000`
      expect(londonWallClock(result), now.toISOString()).toBe(expected)
      expect(result.getTime()).toBeLessThan(now.getTime())
    }
  })

  it('takes another time zone when given one', () => {
    expect(previousMonthStart(new Date('2026-04-15T12:00:00.000Z'), 'UTC').toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    )
    // New York is on EST (UTC-5) on 1 March 2026; daylight time starts on 8 March.
    expect(previousMonthStart(new Date('2026-04-15T12:00:00.000Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-01T05:00:00.000Z',
    )
    // And on EDT (UTC-4) on 1 April.
    expect(previousMonthStart(new Date('2026-05-15T12:00:00.000Z'), 'America/New_York').toISOString()).toBe(
      '2026-04-01T04:00:00.000Z',
    )
  })
})
