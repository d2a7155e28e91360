import {
  type CapWindow,
  type ContractCaps,
  type ContractFilters,
  type ContractSchedule,
  capWindows,
  type LeadFacts,
  type Verdict,
} from './contract-terms.ts'

const OK: Verdict = { ok: true }
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

// ——— Filters ———

/** At most five values, then "and N more", so a long list keeps the reason short. */
function list(values: string[]): string {
  const shown = values.slice(0, 5).join(', ')
  return values.length > 5 ? `${shown} and ${values.length - 5} more` : shown
}

function oneOf(label: string, actual: string | null, accepted: string[] | undefined): Verdict {
  if (!accepted || accepted.length === 0) return OK
  const wanted = accepted.map((value) => value.trim().toLowerCase())
  if (actual !== null && wanted.includes(actual.trim().toLowerCase())) return OK
  return {
    ok: false,
    reason: `${label} is ${actual === null || actual === '' ? 'missing' : actual}, not one of ${list(accepted)}`,
  }
}

function normalisePath(path: string): string {
  let decoded = path
  try {
    decoded = decodeURI(path)
  } catch {
    // A malformed escape stays as it came.
  }
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded
}

function landingPathname(landingPage: string | null): string | null {
  if (!landingPage) return null
  try {
    return normalisePath(new URL(landingPage, 'https://landing.invalid').pathname)
  } catch {
    return null
  }
}

function pathMatches(pathname: string, entry: string): boolean {
  const trimmed = entry.trim()
  if (trimmed.endsWith('*')) return pathname.startsWith(normalisePath(trimmed.slice(0, -1)))
  return pathname === normalisePath(trimmed)
}

/** Whether a lead meets a contract's filters; the first one it fails gives the reason. */
export function matchFilters(filters: ContractFilters, lead: LeadFacts): Verdict {
  if (filters.eligibleOnly && lead.outcome !== 'eligible') {
    return { ok: false, reason: `Outcome is ${lead.outcome ?? 'unknown'}, not eligible` }
  }
  for (const [questionId, accepted] of Object.entries(filters.answers ?? {})) {
    if (accepted.length === 0) continue
    const answer = lead.answers?.[questionId]
    if (answer === undefined || answer === null || answer === '') {
      return { ok: false, reason: `No answer to ${questionId} (wanted ${list(accepted)})` }
    }
    if (!accepted.includes(answer)) {
      return { ok: false, reason: `${questionId} is ${answer}, not one of ${list(accepted)}` }
    }
  }
  const checks = [
    oneOf('Phone type', lead.phoneType, filters.phoneTypes),
    oneOf('utm_source', lead.utmSource, filters.utmSources),
    oneOf('utm_campaign', lead.utmCampaign, filters.utmCampaigns),
  ]
  const failed = checks.find((verdict) => !verdict.ok)
  if (failed) return failed
  const paths = filters.landingPaths ?? []
  if (paths.length > 0) {
    const pathname = landingPathname(lead.landingPage)
    if (pathname === null) return { ok: false, reason: `No landing page (wanted ${list(paths)})` }
    if (!paths.some((entry) => pathMatches(pathname, entry))) {
      return { ok: false, reason: `Landing page ${pathname} is not one of ${list(paths)}` }
    }
  }
  return OK
}

// ——— London time ———

export type LondonParts = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  /** 1 = Monday … 7 = Sunday */
  weekday: number
  /** 'YYYY-MM-DD' */
  date: string
}

const londonFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
// London's offset is always a whole number of hours, so every instant in one UTC minute has the same
// wall-clock parts: routing asks for the same minute many times per lead.
let lastMinute = Number.NaN
let lastParts: LondonParts | null = null

const pad = (n: number) => String(n).padStart(2, '0')
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`
/** 1 = Monday … 7 = Sunday, for a calendar date. */
const weekdayOf = (year: number, month: number, day: number) =>
  ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1

export function londonParts(at: Date): LondonParts {
  const minute = Math.floor(at.getTime() / MINUTE)
  if (minute === lastMinute && lastParts) return { ...lastParts }
  const fields: Record<string, number> = {}
  for (const part of londonFormat.formatToParts(at)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value)
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute: min = 0 } = fields
  const parts = {
    year,
    month,
    day,
    hour,
    minute: min,
    weekday: weekdayOf(year, month, day),
    date: isoDate(year, month, day),
  }
  lastMinute = minute
  lastParts = parts
  return { ...parts }
}

/** The London wall-clock time of an instant, written as if it were UTC (for arithmetic on it). */
function wallClock(at: number): number {
  const p = londonParts(new Date(at))
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) + (at % MINUTE)
}

/**
 * The first instant whose London wall-clock time is at least `wall` (a wall-clock time written as
 * UTC). London is UTC or UTC+1, so the answer lies within an hour before `wall`: the earlier of two
 * readings of an autumn hour wins, and a time skipped in spring gives the moment the clocks jump.
 */
function fromWallClock(wall: number): number {
  let low = wall - HOUR
  if (wallClock(low) >= wall) return low
  let high = wall
  while (high - low > MINUTE) {
    const mid = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE
    if (wallClock(mid) >= wall) high = mid
    else low = mid
  }
  return high
}

/** The UTC instant of a London date's local time, e.g. midnight or a window's opening. */
function londonInstant(year: number, month: number, day: number, minutes = 0): Date {
  return new Date(fromWallClock(Date.UTC(year, month - 1, day) + minutes * MINUTE))
}

// ——— Bank holidays (England & Wales) ———

/** Easter Sunday (Anonymous Gregorian algorithm), as [month, day]. */
function easterSunday(year: number): [number, number] {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  return [Math.floor((h + l - 7 * m + 114) / 31), ((h + l - 7 * m + 114) % 31) + 1]
}

function shifted(year: number, month: number, day: number, by: number): string {
  const date = new Date(Date.UTC(year, month - 1, day) + by * DAY)
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
}

/** The nth (1-based) Monday of a month, or the last one when n is -1. */
function monday(year: number, month: number, n: number): string {
  if (n > 0) {
    const first = weekdayOf(year, month, 1)
    return isoDate(year, month, 1 + ((8 - first) % 7) + (n - 1) * 7)
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return isoDate(year, month, lastDay - ((weekdayOf(year, month, lastDay) + 6) % 7))
}

/**
 * The standing rules (gov.uk/bank-holidays): New Year's Day, Good Friday, Easter Monday, the early
 * May, spring and summer Mondays, Christmas and Boxing Day, with weekend days moved to the next
 * weekdays. One-off holidays (a coronation, a jubilee) go in `oneOffs` when they are proclaimed.
 */
function bankHolidaysOf(year: number): Set<string> {
  const days = new Set<string>()
  const newYear = weekdayOf(year, 1, 1)
  days.add(shifted(year, 1, 1, newYear === 6 ? 2 : newYear === 7 ? 1 : 0))
  const [easterMonth, easterDay] = easterSunday(year)
  days.add(shifted(year, easterMonth, easterDay, -2))
  days.add(shifted(year, easterMonth, easterDay, 1))
  days.add(monday(year, 5, 1))
  days.add(monday(year, 5, -1))
  days.add(monday(year, 8, -1))
  const christmas = weekdayOf(year, 12, 25)
  // Friday: Boxing Day on Mon 28; Saturday: Mon 27 and Tue 28; Sunday: Boxing Day Mon 26, Christmas Tue 27.
  const moves: Record<number, [number, number]> = { 5: [0, 2], 6: [2, 2], 7: [2, 0] }
  const [christmasBy, boxingBy] = moves[christmas] ?? [0, 0]
  days.add(shifted(year, 12, 25, christmasBy))
  days.add(shifted(year, 12, 26, boxingBy))
  for (const date of oneOffs) if (date.startsWith(`${year}-`)) days.add(date)
  return days
}

/** Bank holidays proclaimed outside the standing rules (none announced for 2025–2028). */
const oneOffs: string[] = []
const holidaysByYear = new Map<number, Set<string>>()

/** Whether an England & Wales bank holiday falls on a 'YYYY-MM-DD' date. */
export function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4))
  let days = holidaysByYear.get(year)
  if (!days) {
    days = bankHolidaysOf(year)
    holidaysByYear.set(year, days)
  }
  return days.has(date)
}

// ——— Delivery windows ———

const dayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/** "Mon–Fri 09:00–17:30", "Mon, Wed, Sat–Sun 20:00–08:00", "Every day 00:00–24:00". */
export function formatSchedule(schedule: ContractSchedule | null): string {
  if (!schedule) return 'Any time'
  const days = [...new Set(schedule.days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b)
  if (days.length === 0) return 'No delivery days'
  const runs: number[][] = []
  for (const day of days) {
    const run = runs.at(-1)
    if (run && run.at(-1) === day - 1) run.push(day)
    else runs.push([day])
  }
  const dayText =
    days.length === 7
      ? 'Every day'
      : runs
          .map((run) =>
            run.length === 1
              ? dayNames[(run[0] ?? 1) - 1]
              : `${dayNames[(run[0] ?? 1) - 1]}–${dayNames[(run.at(-1) ?? 1) - 1]}`,
          )
          .join(', ')
  const holidays = schedule.bankHolidays ? ', bank holidays too' : ''
  return `${dayText} ${schedule.from}–${schedule.to}${holidays}`
}

/** A window's [start, end) in minutes from the midnight of the day it belongs to. */
function windowMinutes(schedule: ContractSchedule): [number, number] {
  const from = toMinutes(schedule.from)
  const to = toMinutes(schedule.to)
  return [from, to > from ? to : to + 24 * 60]
}

/** Whether the window that belongs to a London date covers `minutes` from that date's midnight. */
function windowCovers(
  schedule: ContractSchedule,
  date: LondonParts,
  minutes: number,
): 'open' | 'holiday' | 'shut' {
  const [from, to] = windowMinutes(schedule)
  if (!schedule.days.includes(date.weekday) || minutes < from || minutes >= to) return 'shut'
  return !schedule.bankHolidays && isBankHoliday(date.date) ? 'holiday' : 'open'
}

function dayBefore(parts: LondonParts): LondonParts {
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day) - DAY)
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
  return { ...parts, year, month, day, weekday: weekdayOf(year, month, day), date: isoDate(year, month, day) }
}

/** Whether a contract takes leads at an instant (null schedule: always). */
export function scheduleOpen(schedule: ContractSchedule | null, at: Date): Verdict {
  if (!schedule) return OK
  const today = londonParts(at)
  const minutes = today.hour * 60 + today.minute
  // Today's window, or yesterday's still running past midnight.
  const states = [
    windowCovers(schedule, today, minutes),
    windowCovers(schedule, dayBefore(today), minutes + 24 * 60),
  ]
  if (states.includes('open')) return OK
  if (states.includes('holiday')) return { ok: false, reason: 'Closed on bank holidays' }
  return { ok: false, reason: `Outside delivery hours (${formatSchedule(schedule)})` }
}

/** The next instant the contract takes leads: `at` itself when open now, null when it never opens. */
export function nextOpening(schedule: ContractSchedule | null, at: Date): Date | null {
  if (!schedule || scheduleOpen(schedule, at).ok) return at
  const [from] = windowMinutes(schedule)
  const today = londonParts(at)
  // Three weeks: one weekday can be a bank holiday twice running (Christmas Day, then New Year's Day).
  for (let offset = 0; offset <= 21; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day) + offset * DAY)
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
    if (!schedule.days.includes(weekdayOf(year, month, day))) continue
    if (!schedule.bankHolidays && isBankHoliday(isoDate(year, month, day))) continue
    const opening = londonInstant(year, month, day, from)
    if (opening.getTime() > at.getTime()) return opening
  }
  return null
}

// ——— Caps ———

/** The start of the calendar hour, day, week (Monday) or month holding `at`, in London time. */
export function capWindowStart(window: CapWindow, at: Date): Date {
  // A London hour is a UTC hour: the offset is whole hours.
  if (window === 'hour') return new Date(Math.floor(at.getTime() / HOUR) * HOUR)
  const { year, month, day, weekday } = londonParts(at)
  if (window === 'day') return londonInstant(year, month, day)
  if (window === 'week') return londonInstant(year, month, day - (weekday - 1))
  return londonInstant(year, month, 1)
}

const windowLabels: Record<CapWindow, string> = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' }
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

/**
 * Whether one more lead at `pricePence` stays within every count and revenue cap, given what each
 * window has already used (windows missing from `used` count as unused).
 */
export function capVerdict(
  caps: ContractCaps | null,
  used: Partial<Record<CapWindow, { count: number; pence: number }>>,
  pricePence: number,
): Verdict {
  if (!caps) return OK
  for (const window of capWindows) {
    const { count = 0, pence = 0 } = used[window] ?? {}
    const cap = caps[window]
    if (cap !== null && cap !== undefined && count + 1 > cap) {
      return { ok: false, reason: `${windowLabels[window]} cap reached (${count} of ${cap})` }
    }
    const revenueCap = caps.revenuePence?.[window]
    if (revenueCap !== null && revenueCap !== undefined && pence + pricePence > revenueCap) {
      return {
        ok: false,
        reason: `${windowLabels[window]} revenue cap reached (${pounds(pence)} of ${pounds(revenueCap)}, this lead ${pounds(pricePence)})`,
      }
    }
  }
  return OK
}
