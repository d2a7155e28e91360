import { describe, expect, it } from 'vitest'
import {
  capVerdict,
  capWindowStart,
  formatSchedule,
  isBankHoliday,
  londonParts,
  matchFilters,
  nextOpening,
  scheduleOpen,
} from './contract-rules.ts'
import type { CapWindow, ContractFilters, ContractSchedule, LeadFacts } from './contract-terms.ts'

const lead: LeadFacts = {
  answers: { hadFinance: 'yes', vehicle: 'car' },
  outcome: 'eligible',
  phoneType: 'mobile',
  utmSource: 'Google',
  utmCampaign: 'spring-sale',
  landingPage: 'https://claims.example/claims/car-finance/?gclid=abc&email=x%40y.z',
}

describe('matchFilters', () => {
  it.each<[string, ContractFilters, Partial<LeadFacts>, string | null]>([
    ['no filters', {}, {}, null],
    [
      'empty lists restrict nothing',
      { answers: { hadFinance: [] }, utmSources: [], phoneTypes: [], landingPaths: [] },
      {},
      null,
    ],
    ['eligible only, eligible', { eligibleOnly: true }, {}, null],
    [
      'eligible only, not',
      { eligibleOnly: true },
      { outcome: 'not_eligible' },
      'Outcome is not_eligible, not eligible',
    ],
    [
      'eligible only, no outcome',
      { eligibleOnly: true },
      { outcome: null },
      'Outcome is unknown, not eligible',
    ],
    ['answer accepted', { answers: { hadFinance: ['yes', 'unsure'] } }, {}, null],
    ['answer refused', { answers: { hadFinance: ['no'] } }, {}, 'hadFinance is yes, not one of no'],
    ['answer missing', { answers: { age: ['18-30'] } }, {}, 'No answer to age (wanted 18-30)'],
    [
      'no answers at all',
      { answers: { hadFinance: ['yes'] } },
      { answers: null },
      'No answer to hadFinance (wanted yes)',
    ],
    ['phone type', { phoneTypes: ['mobile'] }, {}, null],
    ['phone type refused', { phoneTypes: ['landline'] }, {}, 'Phone type is mobile, not one of landline'],
    [
      'phone type unknown',
      { phoneTypes: ['mobile'] },
      { phoneType: null },
      'Phone type is missing, not one of mobile',
    ],
    ['utm_source ignores case', { utmSources: ['google', 'bing'] }, {}, null],
    [
      'utm_source refused',
      { utmSources: ['google', 'bing'] },
      { utmSource: 'facebook' },
      'utm_source is facebook, not one of google, bing',
    ],
    [
      'utm_source missing',
      { utmSources: ['google'] },
      { utmSource: null },
      'utm_source is missing, not one of google',
    ],
    ['utm_campaign ignores case', { utmCampaigns: ['SPRING-SALE'] }, {}, null],
    [
      'utm_campaign refused',
      { utmCampaigns: ['autumn'] },
      {},
      'utm_campaign is spring-sale, not one of autumn',
    ],
    ['landing path exact, trailing slash', { landingPaths: ['/claims/car-finance'] }, {}, null],
    ['landing path prefix', { landingPaths: ['/other', '/claims/*'] }, {}, null],
    ['landing path relative URL', { landingPaths: ['/go'] }, { landingPage: '/go?x=1' }, null],
    [
      'landing path refused, query not shown',
      { landingPaths: ['/vans*'] },
      {},
      'Landing page /claims/car-finance is not one of /vans*',
    ],
    [
      'landing path exact is not a prefix',
      { landingPaths: ['/claims'] },
      {},
      'Landing page /claims/car-finance is not one of /claims',
    ],
    [
      'no landing page',
      { landingPaths: ['/claims*'] },
      { landingPage: null },
      'No landing page (wanted /claims*)',
    ],
    [
      'long lists are shortened',
      { utmSources: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] },
      {},
      'utm_source is Google, not one of a, b, c, d, e and 2 more',
    ],
    [
      'first failing filter wins',
      { eligibleOnly: true, utmSources: ['bing'] },
      { outcome: 'refer' },
      'Outcome is refer, not eligible',
    ],
  ])('%s', (_, filters, changes, reason) => {
    expect(matchFilters(filters, { ...lead, ...changes })).toEqual(
      reason === null ? { ok: true } : { ok: false, reason },
    )
  })
})

describe('londonParts', () => {
  it.each([
    [
      '2026-01-15T12:34:00Z',
      { year: 2026, month: 1, day: 15, hour: 12, minute: 34, weekday: 4, date: '2026-01-15' },
    ],
    [
      '2026-07-01T23:30:00Z',
      { year: 2026, month: 7, day: 2, hour: 0, minute: 30, weekday: 4, date: '2026-07-02' },
    ],
    [
      '2026-03-29T00:59:00Z',
      { year: 2026, month: 3, day: 29, hour: 0, minute: 59, weekday: 7, date: '2026-03-29' },
    ],
    [
      '2026-03-29T01:00:00Z',
      { year: 2026, month: 3, day: 29, hour: 2, minute: 0, weekday: 7, date: '2026-03-29' },
    ],
    [
      '2026-10-25T00:30:00Z',
      { year: 2026, month: 10, day: 25, hour: 1, minute: 30, weekday: 7, date: '2026-10-25' },
    ],
    [
      '2026-10-25T01:30:00Z',
      { year: 2026, month: 10, day: 25, hour: 1, minute: 30, weekday: 7, date: '2026-10-25' },
    ],
    [
      '2025-12-31T23:59:59Z',
      { year: 2025, month: 12, day: 31, hour: 23, minute: 59, weekday: 3, date: '2025-12-31' },
    ],
  ])('%s', (at, parts) => {
    expect(londonParts(new Date(at))).toEqual(parts)
  })
})

describe('isBankHoliday', () => {
  const expected: Record<number, string[]> = {
    2025: ['01-01', '04-18', '04-21', '05-05', '05-26', '08-25', '12-25', '12-26'],
    2026: ['01-01', '04-03', '04-06', '05-04', '05-25', '08-31', '12-25', '12-28'],
    2027: ['01-01', '03-26', '03-29', '05-03', '05-31', '08-30', '12-27', '12-28'],
    2028: ['01-03', '04-14', '04-17', '05-01', '05-29', '08-28', '12-25', '12-26'],
  }
  it.each(Object.entries(expected))('%s has exactly the gov.uk list', (year, days) => {
    const found: string[] = []
    for (
      let t = Date.UTC(Number(year), 0, 1);
      new Date(t).getUTCFullYear() === Number(year);
      t += 86_400_000
    ) {
      const date = new Date(t).toISOString().slice(0, 10)
      if (isBankHoliday(date)) found.push(date.slice(5))
    }
    expect(found).toEqual(days)
  })
})

const office: ContractSchedule = { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:30' }
const fridayNight: ContractSchedule = { days: [5], from: '20:00', to: '08:00' }
const mondayNight: ContractSchedule = { days: [1], from: '20:00', to: '08:00' }
const weekendEvening: ContractSchedule = { days: [6, 7], from: '18:00', to: '24:00' }
const wednesday: ContractSchedule = { days: [3], from: '00:00', to: '00:00' }
const earlySunday: ContractSchedule = { days: [7], from: '00:00', to: '03:00' }
const springGap: ContractSchedule = { days: [7], from: '01:30', to: '04:00' }

describe('scheduleOpen', () => {
  const outside = (s: ContractSchedule) => `Outside delivery hours (${formatSchedule(s)})`
  it.each<[string, ContractSchedule | null, string, string | null]>([
    ['no schedule', null, '2026-06-20T03:00:00Z', null],
    [
      'no days',
      { days: [], from: '09:00', to: '17:00' },
      '2026-06-15T10:00:00Z',
      'Outside delivery hours (No delivery days)',
    ],
    ['Mon 08:59 BST', office, '2026-06-15T07:59:00Z', outside(office)],
    ['Mon 09:00 BST', office, '2026-06-15T08:00:00Z', null],
    ['Mon 17:29 BST', office, '2026-06-15T16:29:00Z', null],
    ['Mon 17:30 BST', office, '2026-06-15T16:30:00Z', outside(office)],
    ['Mon 09:00 GMT', office, '2026-01-12T09:00:00Z', null],
    ['Mon 08:30 GMT', office, '2026-01-12T08:30:00Z', outside(office)],
    ['Saturday', office, '2026-06-20T11:00:00Z', 'Outside delivery hours (Mon–Fri 09:00–17:30)'],
    ['bank holiday', office, '2026-05-25T09:00:00Z', 'Closed on bank holidays'],
    ['bank holiday taken', { ...office, bankHolidays: true }, '2026-05-25T09:00:00Z', null],
    ['bank holiday, outside hours anyway', office, '2026-05-25T20:00:00Z', outside(office)],
    ['Fri 21:00', fridayNight, '2026-06-19T20:00:00Z', null],
    ['Sat 00:00', fridayNight, '2026-06-19T23:00:00Z', null],
    ['Sat 07:59', fridayNight, '2026-06-20T06:59:00Z', null],
    ['Sat 08:00', fridayNight, '2026-06-20T07:00:00Z', outside(fridayNight)],
    ['Sat 21:00 is not Friday', fridayNight, '2026-06-20T20:00:00Z', outside(fridayNight)],
    ['Fri 07:00 is Thursday’s night', fridayNight, '2026-06-19T06:00:00Z', outside(fridayNight)],
    ['night starting on a bank holiday', mondayNight, '2026-05-25T20:00:00Z', 'Closed on bank holidays'],
    ['morning after a bank holiday night', mondayNight, '2026-05-26T05:00:00Z', 'Closed on bank holidays'],
    ['night ending on a bank holiday', fridayNight, '2026-04-03T05:00:00Z', outside(fridayNight)],
    ['night before a bank holiday', { days: [4], from: '20:00', to: '08:00' }, '2026-04-03T05:00:00Z', null],
    ['to 24:00, Sat 23:59', weekendEvening, '2026-06-20T22:59:00Z', null],
    ['to 24:00, Sun 00:00', weekendEvening, '2026-06-20T23:00:00Z', outside(weekendEvening)],
    ['to 24:00, Sun 18:00', weekendEvening, '2026-06-21T17:00:00Z', null],
    ['00:00–00:00 is the whole day', wednesday, '2026-06-17T22:59:00Z', null],
    ['00:00–00:00 ends at midnight', wednesday, '2026-06-17T23:00:00Z', outside(wednesday)],
    ['spring: 00:30 GMT', earlySunday, '2026-03-29T00:30:00Z', null],
    ['spring: 02:59 BST', earlySunday, '2026-03-29T01:59:00Z', null],
    ['spring: 03:00 BST', earlySunday, '2026-03-29T02:00:00Z', outside(earlySunday)],
    ['autumn: 01:30 BST', earlySunday, '2026-10-25T00:30:00Z', null],
    ['autumn: 02:59 GMT', earlySunday, '2026-10-25T02:59:00Z', null],
    ['autumn: 03:00 GMT', earlySunday, '2026-10-25T03:00:00Z', outside(earlySunday)],
  ])('%s', (_, schedule, at, reason) => {
    expect(scheduleOpen(schedule, new Date(at))).toEqual(
      reason === null ? { ok: true } : { ok: false, reason },
    )
  })
})

/** `at` when open, else the first whole minute after it at which the schedule is open, by brute force. */
function scanOpening(schedule: ContractSchedule, at: Date): string | null {
  if (scheduleOpen(schedule, at).ok) return at.toISOString()
  const start = Math.ceil(at.getTime() / 60_000) * 60_000
  for (let t = start; t < start + 22 * 86_400_000; t += 60_000) {
    if (scheduleOpen(schedule, new Date(t)).ok) return new Date(t).toISOString()
  }
  return null
}

describe('nextOpening', () => {
  it.each<[string, ContractSchedule | null, string, string | null]>([
    ['no schedule is open now', null, '2026-06-20T03:00:00Z', '2026-06-20T03:00:00.000Z'],
    ['open now', office, '2026-06-15T10:15:30Z', '2026-06-15T10:15:30.000Z'],
    ['no days never opens', { days: [], from: '09:00', to: '17:00' }, '2026-06-15T10:00:00Z', null],
    ['later today', office, '2026-06-15T06:00:00Z', '2026-06-15T08:00:00.000Z'],
    ['over the weekend', office, '2026-06-19T17:00:00Z', '2026-06-22T08:00:00.000Z'],
    ['over Christmas', office, '2026-12-24T18:00:00Z', '2026-12-29T09:00:00.000Z'],
    [
      'over Easter Monday',
      { days: [1], from: '09:00', to: '17:00' },
      '2026-04-03T12:00:00Z',
      '2026-04-13T08:00:00.000Z',
    ],
    [
      'two Monday holidays running',
      { days: [1], from: '09:00', to: '17:00' },
      '2028-12-22T12:00:00Z',
      '2029-01-08T09:00:00.000Z',
    ],
    [
      'into BST',
      { days: [7], from: '09:00', to: '17:00' },
      '2026-03-28T12:00:00Z',
      '2026-03-29T08:00:00.000Z',
    ],
    [
      'into GMT',
      { days: [7], from: '09:00', to: '17:00' },
      '2026-10-24T12:00:00Z',
      '2026-10-25T09:00:00.000Z',
    ],
    ['opening skipped by the clocks', springGap, '2026-03-28T12:00:00Z', '2026-03-29T01:00:00.000Z'],
    [
      'opening in the repeated hour',
      { days: [7], from: '01:30', to: '03:00' },
      '2026-10-24T12:00:00Z',
      '2026-10-25T00:30:00.000Z',
    ],
    ['overnight window', fridayNight, '2026-06-20T09:00:00Z', '2026-06-26T19:00:00.000Z'],
  ])('%s', (_, schedule, at, expected) => {
    expect(nextOpening(schedule, new Date(at))?.toISOString() ?? null).toBe(expected)
  })

  it.each([
    office,
    fridayNight,
    mondayNight,
    weekendEvening,
    earlySunday,
    springGap,
    { days: [2, 4], from: '12:15', to: '12:45', bankHolidays: true },
  ])('agrees with a minute-by-minute scan: %j', (schedule) => {
    const starts = ['2026-03-27T10:07Z', '2026-04-02T18:00Z', '2026-10-23T23:30Z', '2026-12-23T16:59:30Z']
    for (const start of starts) {
      const at = new Date(start)
      expect(nextOpening(schedule, at)?.toISOString() ?? null, start).toBe(scanOpening(schedule, at))
    }
  })
})

describe('capWindowStart', () => {
  it.each<[CapWindow, string, string]>([
    ['hour', '2026-06-15T10:42:13Z', '2026-06-15T10:00:00.000Z'],
    ['hour', '2026-10-25T00:30:00Z', '2026-10-25T00:00:00.000Z'],
    ['hour', '2026-10-25T01:30:00Z', '2026-10-25T01:00:00.000Z'],
    ['day', '2026-06-15T10:42:00Z', '2026-06-14T23:00:00.000Z'],
    ['day', '2026-06-14T23:30:00Z', '2026-06-14T23:00:00.000Z'],
    ['day', '2026-01-15T00:30:00Z', '2026-01-15T00:00:00.000Z'],
    ['day', '2026-03-29T12:00:00Z', '2026-03-29T00:00:00.000Z'],
    ['day', '2026-10-25T12:00:00Z', '2026-10-24T23:00:00.000Z'],
    ['week', '2026-03-29T12:00:00Z', '2026-03-23T00:00:00.000Z'],
    ['week', '2026-03-30T10:00:00Z', '2026-03-29T23:00:00.000Z'],
    ['week', '2026-10-25T22:00:00Z', '2026-10-18T23:00:00.000Z'],
    ['week', '2026-10-26T00:30:00Z', '2026-10-26T00:00:00.000Z'],
    ['week', '2026-11-01T12:00:00Z', '2026-10-26T00:00:00.000Z'],
    ['week', '2026-01-01T10:00:00Z', '2025-12-29T00:00:00.000Z'],
    ['month', '2026-04-15T10:00:00Z', '2026-03-31T23:00:00.000Z'],
    ['month', '2026-03-31T23:30:00Z', '2026-03-31T23:00:00.000Z'],
    ['month', '2026-11-10T10:00:00Z', '2026-11-01T00:00:00.000Z'],
    ['month', '2026-01-01T00:10:00Z', '2026-01-01T00:00:00.000Z'],
    ['month', '2025-12-31T23:59:00Z', '2025-12-01T00:00:00.000Z'],
  ])('%s of %s', (window, at, start) => {
    expect(capWindowStart(window, new Date(at)).toISOString()).toBe(start)
  })
})

describe('capVerdict', () => {
  const none = { count: 0, pence: 0 }
  const used = (changes: Partial<Record<CapWindow, { count: number; pence: number }>>) => ({
    hour: none,
    day: none,
    week: none,
    month: none,
    ...changes,
  })
  it.each<[string, Parameters<typeof capVerdict>[0], ReturnType<typeof used>, number, string | null]>([
    ['no caps', null, used({ day: { count: 1e6, pence: 1e9 } }), 500, null],
    ['null caps are none', { hour: null, day: null }, used({ day: { count: 1e6, pence: 0 } }), 500, null],
    ['one below the cap', { day: 50 }, used({ day: { count: 49, pence: 0 } }), 500, null],
    ['at the cap', { day: 50 }, used({ day: { count: 50, pence: 0 } }), 500, 'Day cap reached (50 of 50)'],
    ['zero cap', { hour: 0 }, used({}), 500, 'Hour cap reached (0 of 0)'],
    [
      'hour reported first',
      { hour: 2, month: 10 },
      used({ hour: { count: 2, pence: 0 }, month: { count: 10, pence: 0 } }),
      1,
      'Hour cap reached (2 of 2)',
    ],
    ['week', { week: 3 }, used({ week: { count: 3, pence: 0 } }), 1, 'Week cap reached (3 of 3)'],
    [
      'revenue up to the cap',
      { revenuePence: { day: 5000 } },
      used({ day: { count: 4, pence: 4000 } }),
      1000,
      null,
    ],
    [
      'revenue over the cap',
      { revenuePence: { day: 5000 } },
      used({ day: { count: 4, pence: 4000 } }),
      1001,
      'Day revenue cap reached (£40.00 of £50.00, this lead £10.01)',
    ],
    [
      'revenue null is none',
      { revenuePence: { month: null } },
      used({ month: { count: 1, pence: 1e9 } }),
      1,
      null,
    ],
  ])('%s', (_, caps, usage, price, reason) => {
    expect(capVerdict(caps, usage, price)).toEqual(reason === null ? { ok: true } : { ok: false, reason })
  })

  it('counts windows missing from the usage as unused', () => {
    expect(capVerdict({ month: 1 }, {}, 100)).toEqual({ ok: true })
  })
})

describe('formatSchedule', () => {
  it.each<[ContractSchedule | null, string]>([
    [null, 'Any time'],
    [office, 'Mon–Fri 09:00–17:30'],
    [{ days: [1, 3, 5], from: '08:00', to: '20:00' }, 'Mon, Wed, Fri 08:00–20:00'],
    [{ days: [7, 6, 1, 2, 3], from: '20:00', to: '08:00' }, 'Mon–Wed, Sat–Sun 20:00–08:00'],
    [
      { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00', bankHolidays: true },
      'Every day 00:00–24:00, bank holidays too',
    ],
    [{ days: [], from: '09:00', to: '17:00' }, 'No delivery days'],
  ])('%j', (schedule, text) => {
    expect(formatSchedule(schedule)).toBe(text)
  })
})
