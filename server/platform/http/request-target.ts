import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * The first check every request meets, before the cached-page path and before Express: the
 * address must be a plain path and the Host a plain host. A URL parser reads `//evidence` as the
 * host `evidence` and `/\x` as `//x`, and nginx keys its cache on the path with slashes merged, so
 * such a request could render one page under another's name; a Host like `[` or `x:99999` makes
 * `new URL` throw. Neither ever reaches a renderer (docs/decisions/0025-request-targets.md).
 */
export type TargetVerdict =
  | { kind: 'ok' }
  | { kind: 'redirect'; location: string }
  | { kind: 'refuse'; message: string }

const OK: TargetVerdict = { kind: 'ok' }

/** host or IPv4 (letters, digits, `-`, `_`, `.`) or a bracketed IPv6 literal, then an optional port. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_.])?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i

/** A Host (or X-Forwarded-Host) header as a URL can take it: a name or address and a port up to 65535. */
export function isValidHost(host: string): boolean {
  const match = HOST.exec(host)
  if (!match) return false
  if (host.includes('..')) return false
  const port = match[1]
  return port === undefined || Number(port) <= 65_535
}

/**
 * What to do with a request target (`req.url`) and its Host header. Absolute and asterisk forms
 * (`http://u@h/x`, `*`) are refused: a browser or proxy in front sends a path. A path that starts
 * with two slashes or backslashes goes to the same path with one slash.
 */
export function checkTarget(url: string, host: string | undefined): TargetVerdict {
  if (url.charCodeAt(0) !== 47 /* / */)
    return { kind: 'refuse', message: 'The request target must be a path' }
  const second = url.charCodeAt(1)
  if (second === 47 || second === 92 /* \ */) {
    const rest = url.replace(/^[/\\]+/, '')
    return { kind: 'redirect', location: `/${rest}` }
  }
  if (host !== undefined && !isValidHost(host))
    return { kind: 'refuse', message: 'The Host header is not valid' }
  return OK
}

/**
 * Answers a request whose target or Host is unusable (a 301 or a 400, never cached) and returns
 * true; returns false for every other request. The raw header list is read, as on the hit path.
 */
export function answerBadTarget(req: IncomingMessage, res: ServerResponse): boolean {
  const verdict = checkTarget(req.url ?? '/', hostHeader(req))
  if (verdict.kind === 'ok') return false
  if (verdict.kind === 'redirect') {
    res.writeHead(301, { Location: verdict.location, 'Cache-Control': 'no-store', 'Content-Length': '0' })
    res.end()
    return true
  }
  const body = `${verdict.message}.`
  const api = /^\/api(?:[/?]|$)/i.test(req.url ?? '')
  const text = api ? JSON.stringify({ message: verdict.message }) : body
  res.writeHead(400, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  })
  res.end(req.method === 'HEAD' ? undefined : text)
  return true
}

/** The Host header, or X-Forwarded-Host when both are sent and the latter is not valid. */
function hostHeader(req: IncomingMessage): string | undefined {
  let host: string | undefined
  let forwarded: string | undefined
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string
    if (name.length === 4 && name.toLowerCase() === 'host') host = raw[i + 1]
    else if (name.length === 16 && name.toLowerCase() === 'x-forwarded-host') forwarded = raw[i + 1]
  }
  if (forwarded !== undefined && !isValidHost(forwarded.split(',')[0]?.trim() ?? '')) return forwarded
  return host
}

/**
 * The origin pages are rendered for: PUBLIC_URL when it is set, else the request's own host
 * (already checked by `checkTarget`) over http or https. Never taken from the request path.
 */
export function siteOrigin(
  publicUrl: string | undefined,
  protocol: string,
  host: string | undefined,
): string {
  if (publicUrl) return new URL(publicUrl).origin
  const scheme = protocol === 'https' ? 'https' : 'http'
  return `${scheme}://${host && isValidHost(host) ? host : 'localhost'}`
}

/** `origin` with this path and query, set as parts so nothing in them can change the host. */
export function urlOnSite(origin: string, pathAndQuery: string): URL {
  const url = new URL(origin)
  const q = pathAndQuery.indexOf('?')
  url.pathname = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q)
  url.search = q < 0 ? '' : pathAndQuery.slice(q)
  return url
}
