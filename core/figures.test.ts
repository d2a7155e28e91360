import { describe, expect, it } from 'vitest'
import { averagePerDay, leadStats, percentOf, share } from './figures.ts'

describe('rates', () => {
  it.each([
    [1, 4, 0.25],
    [4, 4, 1],
    [0, 4, 0],
  ])('%i of %i is a share of %d', (part, whole, expected) => {
    expect(share(part, whole)).toBe(expected)
  })

  it('is null when there is nothing to divide, never Infinity or NaN', () => {
    expect(share(5, 0)).toBeNull()
    expect(share(0, 0)).toBeNull()
    expect(share(Number.NaN, 3)).toBeNull()
  })

  it('never exceeds 1 nor falls below 0, whatever it is given', () => {
    expect(share(5, 1)).toBe(1)
    expect(share(-1, 3)).toBe(0)
    expect(percentOf(5, 4)).toBe(100)
  })

  it.each([
    [2, 3, 67],
    [1, 3, 33],
    [1, 8, 13],
    [0, 0, 0],
  ])('%i of %i is %i %% rounded', (part, whole, expected) => {
    expect(percentOf(part, whole)).toBe(expected)
  })
})

describe('average per day', () => {
  it('divides by the days of the period, first and last included', () => {
    expect(averagePerDay(30, '2026-11-01', '2026-11-30')).toBe(1)
    expect(averagePerDay(3, '2026-11-28', '2026-11-28')).toBe(3)
    expect(averagePerDay(10, '2026-11-01', '2026-11-03')).toBe(3.3)
    expect(averagePerDay(1, '2026-11-01', '2026-11-30')).toBe(0)
    expect(averagePerDay(2, '2026-11-01', '2026-11-30')).toBe(0.1)
  })

  it('counts a day that changes the clocks as one day', () => {
    expect(averagePerDay(62, '2026-10-01', '2026-10-31')).toBe(2)
    expect(averagePerDay(31, '2026-03-01', '2026-03-31')).toBe(1)
  })
})

describe('leadStats', () => {
  const period = { from: '2026-11-01', to: '2026-11-30', leads: 0, visitors: 0, leadVisitors: 0 }

  it('answers zeros for no leads and no visitors, without dividing by zero', () => {
    expect(leadStats(0, 0, period)).toMatchObject({
      total: 0,
      thisMonth: 0,
      days: 30,
      conversionRate: 0,
      averagePerDay: 0,
    })
  })

  it('passes total, this month and the period through', () => {
    expect(leadStats(45, 22, period)).toMatchObject({
      total: 45,
      thisMonth: 22,
      from: '2026-11-01',
      to: '2026-11-30',
    })
  })

  it.each([
    [3, 2, 67], // 66.67 rounds up
    [3, 1, 33], // 33.33 rounds down
    [8, 1, 13], // 12.5 rounds half up
    [7, 7, 100],
    [7, 0, 0],
    [0, 0, 0],
  ])('conversion of %i visitors, %i of whom sent a lead, is %i %%', (visitors, leadVisitors, rate) => {
    expect(leadStats(0, 0, { ...period, visitors, leadVisitors }).conversionRate).toBe(rate)
  })

  it('never shows a conversion above 100 %, even with more leads than visitors', () => {
    expect(leadStats(0, 0, { ...period, leads: 5, visitors: 1, leadVisitors: 1 }).conversionRate).toBe(100)
  })

  it.each([
    [0, 0],
    [1, 0], // 0.033
    [15, 0.5],
    [45, 1.5],
    [300, 10],
  ])('average per day of %i leads over 30 days is %d', (leads, average) => {
    expect(leadStats(0, 0, { ...period, leads }).averagePerDay).toBe(average)
  })

  it('divides by the days of the period shown, not by 30', () => {
    expect(leadStats(0, 0, { ...period, from: '2026-11-24', to: '2026-11-30', leads: 14 })).toMatchObject({
      days: 7,
      averagePerDay: 2,
    })
  })
})
