import { SITE_TIME_ZONE, zoneOffsetMs } from './lead-stats.ts'

/**
 * Revenue's calendar and money: days and months are Europe/London calendar days (a sale at 23:30
 * UTC on a summer day belongs to the next London day), amounts are whole pence.
 */

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
export const MONTH_PATTERN = /^\d{4}-\d{2}$/
/** The default period: today and the 29 days before it, as the leads chart shows. */
export const DEFAULT_REVENUE_DAYS = 30
export const MAX_REVENUE_DAYS = 366
/** How a missing utm_source or utm_campaign is shown (and filtered for). */
export const NO_CAMPAIGN = '(none)'

const DAY_MS = 86_400_000

const londonDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The London calendar day of an instant: `YYYY-MM-DD`. */
export function londonDay(instant: Date | string | number): string {
  return londonDayFormat.format(new Date(instant))
}

/** Midnight UTC of a `YYYY-MM-DD` label, or NaN when it is no real calendar day. */
function dayNumber(day: string): number {
  if (!DAY_PATTERN.test(day)) return Number.NaN
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const time = Date.UTC(y, m - 1, d)
  const back = new Date(time)
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d
    ? time
    : Number.NaN
}

export function isCalendarDay(day: string): boolean {
  return !Number.isNaN(dayNumber(day))
}

export function isCalendarMonth(month: string): boolean {
  return MONTH_PATTERN.test(month) && isCalendarDay(`${month}-01`)
}

/**
 * The days the ledger's reports may ask about: a bound well past any sale, so a period's end (the
 * day after its last) is still a four-digit year the database and the calendar code can hold.
 */
export const LEDGER_FIRST_DAY = '2000-01-01'
export const LEDGER_LAST_DAY = '2999-12-31'

export function isLedgerDay(day: string): boolean {
  return isCalendarDay(day) && day >= LEDGER_FIRST_DAY && day <= LEDGER_LAST_DAY
}

export function isLedgerMonth(month: string): boolean {
  return isCalendarMonth(month) && isLedgerDay(`${month}-01`)
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return new Date(dayNumber(day) + n * DAY_MS).toISOString().slice(0, 10)
}

/** How many days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((dayNumber(to) - dayNumber(from)) / DAY_MS) + 1
}

/** Every day from `from` to `to`, both included, in order. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = []
  for (let i = 0, n = daysInRange(from, to); i < n; i++) days.push(addDays(from, i))
  return days
}

/** The instant a London day begins (00:00 GMT in winter, 23:00 UTC the day before in summer). */
export function londonDayStart(day: string): Date {
  const wallClock = dayNumber(day)
  // The offset at that wall-clock time may differ from the guess's (the clocks change at 01:00 UTC).
  const guess = new Date(wallClock - zoneOffsetMs(new Date(wallClock), SITE_TIME_ZONE))
  return new Date(wallClock - zoneOffsetMs(guess, SITE_TIME_ZONE))
}

/** The instants a range of London days covers: `[start, end)`. */
export function dayRangeInstants(from: string, to: string): { start: Date; end: Date } {
  return { start: londonDayStart(from), end: londonDayStart(addDays(to, 1)) }
}

/** The instants a London calendar month (`YYYY-MM`) covers: `[start, end)`. */
export function monthRangeInstants(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
  return { start: londonDayStart(`${month}-01`), end: londonDayStart(`${next}-01`) }
}

/** The period asked for, each end defaulting: `to` today (London), `from` 29 days before `to`. */
export function revenuePeriod(
  from: string | undefined,
  to: string | undefined,
  now = new Date(),
): { from: string; to: string } {
  const end = to ?? (from ? maxDay(addDays(from, DEFAULT_REVENUE_DAYS - 1), londonDay(now)) : londonDay(now))
  return { from: from ?? addDays(end, -(DEFAULT_REVENUE_DAYS - 1)), to: end }
}

function maxDay(a: string, b: string) {
  return a < b ? a : b
}

/** The London month an instant falls in: `YYYY-MM`. */
export function londonMonth(instant: Date | string | number = new Date()): string {
  return londonDay(instant).slice(0, 7)
}

/**
 * Pence as a plain decimal of pounds for a spreadsheet: `1234.56`, `-25.00`. Integer arithmetic,
 * so no float ever rounds a penny away.
 */
export function poundsDecimal(pence: number): string {
  const sign = pence < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(pence))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** A name as a file-name part: `Acme Claims Ltd.` → `acme-claims-ltd`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'buyer'
}

/** `statement-acme-claims-2026-07.csv` */
export function statementFilename(buyerName: string, month: string): string {
  return `statement-${slugify(buyerName)}-${month}.csv`
}
