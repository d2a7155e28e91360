export const SITE_TIME_ZONE = 'Europe/London'

/** Offset of `timeZone` from UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000
}

/**
 * SPEC section 9: 'This Month' counts leads since the first instant of the previous calendar month,
 * in UK time.
 */
export function previousMonthStart(now: Date, timeZone = SITE_TIME_ZONE): Date {
  const local = new Date(now.getTime() + zoneOffsetMs(now, timeZone))
  const year = local.getUTCFullYear()
  const month = local.getUTCMonth() - 1
  const wallClock = Date.UTC(year, month, 1)
  // The offset at that wall-clock time may differ from today's (BST vs GMT).
  const guess = new Date(wallClock - zoneOffsetMs(new Date(wallClock), timeZone))
  return new Date(wallClock - zoneOffsetMs(guess, timeZone))
}

export type { LeadStats, PeriodCounts } from './figures.ts'
