/**
 * The operator's wall clock is Europe/London: schedules are typed and shown in London time and
 * stored in UTC. A local time is `YYYY-MM-DDTHH:mm` (what `<input type="date">` and `type="time"`
 * give together).
 */
export const LONDON = 'Europe/London'

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The London wall-clock time of an instant, as `YYYY-MM-DDTHH:mm`. */
export function toLondonLocal(instant: Date): string {
  const parts = Object.fromEntries(londonParts.formatToParts(instant).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

/** Minutes London is ahead of UTC at an instant (0 in winter, 60 in summer time). */
function offsetMinutes(instant: number): number {
  const local = toLondonLocal(new Date(instant))
  const [, y, mo, d, h, mi] = LOCAL.exec(local) as RegExpExecArray
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi))
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000)
}

/**
 * The instant a London wall-clock time names, or null when it names none: not a valid date-time,
 * or inside the hour the clocks skip in March. In the hour October repeats, the first (summer
 * time) one is meant.
 */
export function fromLondonLocal(local: string): Date | null {
  const match = LOCAL.exec(local)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as number[]
  const wall = Date.UTC(y as number, (mo as number) - 1, d, h, mi)
  if (Number.isNaN(wall)) return null
  // Summer time first, so that the repeated October hour reads as its first occurrence.
  for (const offset of [60, 0]) {
    const candidate = wall - offset * 60_000
    if (offsetMinutes(candidate) === offset && toLondonLocal(new Date(candidate)) === local) {
      return new Date(candidate)
    }
  }
  return null
}
