/**
 * One line of nginx's page-view log (`log_format claim_views` in deploy/nginx.conf,
 * docs/decisions/0085-page-views-from-nginx.md): tab-separated fields after a version tag. nginx
 * writes a variable's bytes outside printable ASCII, `"` and `\` as `\xHH` (`escape=default`), so a
 * field never holds a tab or a newline; an empty variable is written as `-`.
 */

/** The first field of every line: a line of another format is skipped, never misread. */
export const VIEW_LOG_VERSION = 'cv1'
/** The response header the app sets on a countable page: `page`, or `page <experimentId>:<variant>`. */
export const VIEW_HEADER = 'x-claim-view'
/**
 * The request header nginx adds to what it proxies: the path of the page-view log it writes. From
 * a trusted proxy it tells the app (PAGE_VIEWS=auto) that nginx counts this request's page view,
 * and where the log is.
 */
export const VIEW_LOG_HEADER = 'x-claim-view-log'

export type ViewLine = {
  /** When nginx finished the request, in milliseconds. */
  at: number
  ip: string
  method: string
  status: number
  /** The request target as sent (path and query). */
  url: string
  userAgent: string | undefined
  referer: string | undefined
  gpc: string | undefined
  /** The value of the `cc_no_count` cookie (ADR 0077). */
  noCount: string | undefined
  /** The app's view header: undefined for anything that is not a page view. */
  view: string | undefined
}

const FIELDS = 11

/** nginx's `\xHH` back to the byte, as one latin1 character (what Node gives for a header's byte). */
function fromNginx(value: string): string {
  if (!value.includes('\\x')) return value
  return value.replace(/\\x([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  )
}

const orUndefined = (value: string) => (value === '-' || value === '' ? undefined : fromNginx(value))

/** The fields of a line, or undefined for a line that is not one of ours (or is cut short). */
export function parseViewLine(line: string): ViewLine | undefined {
  const fields = line.split('\t')
  if (fields.length !== FIELDS || fields[0] !== VIEW_LOG_VERSION) return undefined
  const [, msec, ip, method, status, url, userAgent, referer, gpc, noCount, view] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  const at = Math.round(Number(msec) * 1000)
  const code = Number(status)
  if (!Number.isFinite(at) || at <= 0 || !Number.isInteger(code) || ip === '' || url === '') return undefined
  return {
    at,
    ip: fromNginx(ip),
    method,
    status: code,
    url: fromNginx(url),
    userAgent: orUndefined(userAgent),
    referer: orUndefined(referer),
    gpc: orUndefined(gpc),
    noCount: orUndefined(noCount),
    view: orUndefined(view),
  }
}

/** What the view header says: a page view, and the variant key it was served in, if any. */
export function viewOf(header: string | undefined): { variant: string | null } | undefined {
  if (header === undefined) return undefined
  if (header === 'page') return { variant: null }
  if (!header.startsWith('page ')) return undefined
  const variant = header.slice(5)
  return /^\d+:./.test(variant) ? { variant } : undefined
}

/** The header's value for a page served in `variant` (an experiment's "id:name") or none. */
export function viewHeader(variant: string | null | undefined): string {
  return variant ? `page ${variant}` : 'page'
}
