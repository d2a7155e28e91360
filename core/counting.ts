/**
 * Objecting to counting (docs/decisions/0077-objecting-to-counting.md). Analytics counts visits
 * without storing anything on the device (ADR 0036), which needs no consent as long as visitors
 * are told and can object simply: a browser's Global Privacy Control (`Sec-GPC: 1`) or the "Don't
 * count my visits" choice on the cookie policy, kept in a strictly necessary cookie. A request
 * that objects is served exactly as any other but adds no page view, beacon event, experiment
 * exposure or lead figure, and no visitor id is made for it.
 */

/** The strictly necessary cookie that keeps the choice: `1` objects; `0` confirms an undo. */
export const NO_COUNT_COOKIE = 'cc_no_count'
/** How long an objection is remembered: a year. */
export const NO_COUNT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000
/** After "Count my visits again", long enough for the cookie policy to confirm it, then gone. */
export const COUNTED_AGAIN_MAX_AGE_MS = 10 * 60 * 1000
/** Where the choice's form posts (answered 303 back to the page). */
export const COUNTING_PATH = '/api/consent/counting'
/** The choice's place on the cookie policy page (the form's anchor). */
export const COUNTING_ANCHOR = 'counting'

/** What the cookie says: the visitor objected, or just asked to be counted again; null otherwise. */
export type CountingChoice = 'objected' | 'counted-again' | null

const COOKIE = new RegExp(`(?:^|;)\\s*${NO_COUNT_COOKIE}=([^;]*)`)

/** The choice a Cookie header (or `document.cookie`) carries. */
export function countingChoice(cookieHeader: string | null | undefined): CountingChoice {
  if (!cookieHeader?.includes(NO_COUNT_COOKIE)) return null
  const value = COOKIE.exec(cookieHeader)?.[1]?.trim()
  if (value === '1') return 'objected'
  if (value === '0') return 'counted-again'
  return null
}

/** `Sec-GPC: 1` is the whole signal (the GPC specification: any other value is not). */
export function sendsGpc(header: string | null | undefined): boolean {
  return header?.trim() === '1'
}

/** The one decision: a request whose visit must not be counted. */
export function objectsToCounting(request: {
  gpc: string | null | undefined
  cookie: string | null | undefined
}): boolean {
  return sendsGpc(request.gpc) || countingChoice(request.cookie) === 'objected'
}

/**
 * The cookie as a Set-Cookie value (the server's answer to the form) or a `document.cookie`
 * write (the same form once the page's script handles it): Path=/ so every request carries it,
 * SameSite=Lax, Secure on HTTPS. Not HttpOnly: the page's script reads it to show the choice.
 */
export function noCountCookie(count: 'off' | 'on', secure: boolean): string {
  const value = count === 'off' ? '1' : '0'
  const maxAge = Math.floor((count === 'off' ? NO_COUNT_MAX_AGE_MS : COUNTED_AGAIN_MAX_AGE_MS) / 1000)
  return `${NO_COUNT_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`
}
