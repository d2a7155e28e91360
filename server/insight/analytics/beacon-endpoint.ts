import type { IncomingMessage, ServerResponse } from 'node:http'
import { objectsToCounting } from '../../../core/counting.ts'
import { EVENT_BODY_LIMIT, eventSchema } from '../../../core/schemas/analytics.ts'
import type { AppServices } from '../../platform/index.ts'

export const EVENTS_PATH = '/api/events'

const TOO_MANY_EVENTS = 'Too many events from this address. Please wait a little and try again.'

export type Accepted =
  | { status: 202 }
  | { status: 400; message: string }
  | { status: 429; message: string; retryAfterSeconds: number }

/**
 * One beacon body: counted against the client's rate limit, parsed, checked and queued (or quietly
 * not counted: also when the request objects to counting, ADR 0077, answered alike). Shared by
 * both paths.
 */
export function acceptEvent(
  services: AppServices,
  body: string,
  ip: string,
  userAgent: string | undefined,
  headers: { gpc: string | undefined; cookie: string | undefined },
): Accepted {
  const limit = services.analytics.limiter.hit(ip)
  if (!limit.allowed)
    return { status: 429, message: TOO_MANY_EVENTS, retryAfterSeconds: limit.retryAfterSeconds }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { status: 400, message: 'The body must be a JSON event' }
  }
  const parsed = eventSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      status: 400,
      message: issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'Invalid event',
    }
  }
  if (!objectsToCounting(headers)) services.analytics.beacon(ip, userAgent, parsed.data)
  return { status: 202 }
}

function answer(res: ServerResponse, status: number, message?: string, retryAfterSeconds?: number) {
  res.statusCode = status
  res.setHeader('Cache-Control', 'no-store')
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds))
  res.setHeader('X-Content-Type-Options', 'nosniff')
  if (message === undefined) {
    res.end()
    return
  }
  const body = JSON.stringify({ message })
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

/**
 * The beacon's lean path, before Express (as cached pages are), so that 10,000 events a second
 * cost little: only a same-origin beacon with a plain body is answered here; anything the
 * pipeline must judge (another Origin, a cross-site fetch, an encoded body) returns false and goes
 * through Express, where `POST /api/events` answers the same way.
 */
export function serveBeacon(
  services: AppServices,
  publicOrigin: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  ip: () => string,
): boolean {
  if (req.method !== 'POST' || req.url !== EVENTS_PATH) return false
  const h = req.headers
  const site = h['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  if (h.origin !== undefined && h.origin !== publicOrigin && h.origin !== `http://${h.host}`) return false
  if (h['content-encoding'] !== undefined && h['content-encoding'] !== 'identity') return false
  if (Number(h['content-length'] ?? 0) > EVENT_BODY_LIMIT) {
    answer(res, 413, `An event must be at most ${EVENT_BODY_LIMIT} bytes`)
    req.resume()
    return true
  }
  const chunks: Buffer[] = []
  let size = 0
  let done = false
  req.on('data', (chunk: Buffer) => {
    if (done) return
    size += chunk.length
    if (size > EVENT_BODY_LIMIT) {
      done = true
      answer(res, 413, `An event must be at most ${EVENT_BODY_LIMIT} bytes`)
      return
    }
    chunks.push(chunk)
  })
  req.on('end', () => {
    if (done) return
    done = true
    const result = acceptEvent(services, Buffer.concat(chunks).toString('utf8'), ip(), h['user-agent'], {
      gpc: h['sec-gpc'] as string | undefined,
      cookie: h.cookie,
    })
    if (result.status === 202) answer(res, 202)
    else
      answer(
        res,
        result.status,
        result.message,
        'retryAfterSeconds' in result ? result.retryAfterSeconds : undefined,
      )
  })
  req.on('error', () => {
    done = true
    if (!res.headersSent) answer(res, 400, 'Request body is incomplete')
  })
  return true
}
