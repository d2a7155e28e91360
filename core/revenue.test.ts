import { describe, expect, it } from 'vitest'
import { formatPence } from './money.ts'
import {
  addDays,
  dayRangeInstants,
  daysInRange,
  eachDay,
  isCalendarDay,
  isCalendarMonth,
  isLedgerDay,
  isLedgerMonth,
  londonDay,
  londonDayStart,
  monthRangeInstants,
  poundsDecimal,
  revenuePeriod,
  slugify,
  statementFilename,
} from './revenue.ts'

describe('revenue calendar', () => {
  it('puts an instant on its London day: 23:30 UTC in summer is the next day, in winter the same', () => {
    expect(londonDay(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15')
    expect(londonDay(new Date('2026-07-14T22:59:59Z'))).toBe('2026-07-14')
    expect(londonDay(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-14')
  })

  it('starts London days at 23:00 UTC in summer and midnight UTC in winter, across the clock changes', () => {
    expect(londonDayStart('2026-07-15').toISOString()).toBe('2026-07-14T23:00:00.000Z')
    expect(londonDayStart('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z')
    // The clocks go forward on 29 March 2026 and back on 25 October 2026.
    expect(londonDayStart('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z')
    expect(londonDayStart('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z')
    expect(londonDayStart('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z')
    expect(londonDayStart('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z')
  })

  it('covers a range of days and a month as [start, end)', () => {
    const range = dayRangeInstants('2026-07-01', '2026-07-02')
    expect(range.start.toISOString()).toBe('2026-06-30T23:00:00.000Z')
    expect(range.end.toISOString()).toBe('2026-07-02T23:00:00.000Z')
    const march = monthRangeInstants('2026-03')
    expect(march.start.toISOString()).toBe('2026-03-01T00:00:00.000Z')
    expect(march.end.toISOString()).toBe('2026-03-31T23:00:00.000Z')
    const december = monthRangeInstants('2026-12')
    expect(december.end.toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })

  it('counts and lists days, leap years and month ends included', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365)
    expect(daysInRange('2026-07-01', '2026-07-01')).toBe(1)
    expect(eachDay('2026-03-28', '2026-03-31')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ])
  })

  it('accepts only real calendar days and months', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true)
    expect(isCalendarDay('2026-02-29')).toBe(false)
    expect(isCalendarDay('2026-13-01')).toBe(false)
    expect(isCalendarDay('26-01-01')).toBe(false)
    expect(isCalendarMonth('2026-12')).toBe(true)
    expect(isCalendarMonth('2026-00')).toBe(false)
    expect(isCalendarMonth('2026-1')).toBe(false)
  })

  it('bounds the ledger to days whose next day is still a four-digit year', () => {
    expect(isLedgerMonth('2026-11')).toBe(true)
    expect(isLedgerMonth('2999-12')).toBe(true)
    expect(isLedgerMonth('9999-12')).toBe(false)
    expect(isLedgerMonth('1999-12')).toBe(false)
    expect(isLedgerDay('2999-12-31')).toBe(true)
    expect(isLedgerDay('9999-12-31')).toBe(false)
    expect(monthRangeInstants('2999-12').end.toISOString()).toBe('3000-01-01T00:00:00.000Z')
  })

  it('defaults the period to the last 30 London days, and either end to the other', () => {
    const now = new Date('2026-07-14T23:30:00Z')
    expect(revenuePeriod(undefined, undefined, now)).toEqual({ from: '2026-06-16', to: '2026-07-15' })
    expect(revenuePeriod(undefined, '2026-05-31', now)).toEqual({ from: '2026-05-02', to: '2026-05-31' })
    expect(revenuePeriod('2026-05-01', undefined, now)).toEqual({ from: '2026-05-01', to: '2026-05-30' })
    expect(revenuePeriod('2026-07-10', undefined, now)).toEqual({ from: '2026-07-10', to: '2026-07-15' })
  })
})

describe('revenue money', () => {
  it('formats pence as pounds with pence', () => {
    expect(formatPence(123456)).toBe('£1,234.56')
    expect(formatPence(0)).toBe('£0.00')
    expect(formatPence(-2500)).toBe('-£25.00')
  })

  it('writes pounds for a spreadsheet without float rounding', () => {
    expect(poundsDecimal(123456)).toBe('1234.56')
    expect(poundsDecimal(-2500)).toBe('-25.00')
    expect(poundsDecimal(5)).toBe('0.05')
    expect(poundsDecimal(-7)).toBe('-0.07')
    expect(poundsDecimal(0)).toBe('0.00')
  })

  it('names a statement after the buyer and the month', () => {
    expect(slugify('Acme Claims Ltd.')).toBe('acme-claims-ltd')
    expect(slugify('Škoda & Sons')).toBe('skoda-sons')
    expect(slugify('***')).toBe('buyer')
    expect(statementFilename('Acme Claims', '2026-07')).toBe('statement-acme-claims-2026-07.csv')
  })
})
