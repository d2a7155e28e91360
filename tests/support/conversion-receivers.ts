import { createVerify, generateKeyPairSync } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request an ad platform's stand-in got. */
export type PlatformRequest = {
  platform: 'google' | 'meta' | 'tiktok' | 'google-token'
  method: string
  path: string
  query: URLSearchParams
  headers: http.IncomingHttpHeaders
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the body's fields as it pleases
  json: any
  body: string
}

export type PlatformAnswer = { status: number; body: unknown; headers?: Record<string, string> }
type Respond = (request: PlatformRequest) => PlatformAnswer | undefined

export const GOOGLE_ACCESS_TOKEN = 'ya29.test-access-token'
export const META_ACCESS_TOKEN = 'meta-test-token'
export const TIKTOK_ACCESS_TOKEN = 'tiktok-test-token'
export const GOOGLE_CLIENT_EMAIL = 'conversions@project.iam.gserviceaccount.com'

/** A service account's key pair: the app signs with the private key, the token endpoint checks with the public one. */
export const googleKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})

const fail = (status: number, message: string): PlatformAnswer => ({
  status,
  body: { error: { message, code: status } },
})

/** Checks the RS256 service-account assertion as Google's token endpoint would. */
function checkAssertion(assertion: string, tokenUrl: string): string | null {
  const [header, claims, signature] = assertion.split('.')
  if (!header || !claims || !signature) return 'not a JWT'
  const head = JSON.parse(Buffer.from(header, 'base64url').toString())
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString())
  if (head.alg !== 'RS256') return 'alg must be RS256'
  const ok = createVerify('RSA-SHA256')
    .update(`${header}.${claims}`)
    .verify(googleKeys.publicKey, Buffer.from(signature, 'base64url'))
  if (!ok) return 'bad signature'
  if (body.iss !== GOOGLE_CLIENT_EMAIL) return 'wrong issuer'
  if (body.aud !== tokenUrl) return 'wrong audience'
  if (body.scope !== 'https://www.googleapis.com/auth/datamanager') return 'wrong scope'
  if (!(body.exp > body.iat)) return 'bad times'
  return null
}

/** What each platform's published schema requires of a request; null when it is well formed. */
function shapeProblem(request: PlatformRequest): string | null {
  const b = request.json
  if (!b) return 'body is not JSON'
  if (request.platform === 'meta') {
    if (!Array.isArray(b.data) || b.data.length === 0) return 'data[] required'
    for (const e of b.data) {
      if (
        typeof e.event_name !== 'string' ||
        !Number.isInteger(e.event_time) ||
        typeof e.event_id !== 'string'
      )
        return 'event_name, event_time and event_id required'
      if (e.action_source !== 'website') return 'action_source must be website'
      if (!e.user_data || typeof e.user_data !== 'object') return 'user_data required'
      for (const h of [...(e.user_data.em ?? []), ...(e.user_data.ph ?? [])])
        if (!/^[0-9a-f]{64}$/.test(h)) return 'em and ph must be SHA-256 hex'
    }
  }
  if (request.platform === 'tiktok') {
    if (b.event_source !== 'web' || typeof b.event_source_id !== 'string')
      return 'event_source and event_source_id required'
    if (!Array.isArray(b.data) || b.data.length === 0) return 'data[] required'
    for (const e of b.data) {
      if (typeof e.event !== 'string' || !Number.isInteger(e.event_time) || typeof e.event_id !== 'string')
        return 'event, event_time and event_id required'
      for (const h of [e.user?.email, e.user?.phone].filter(Boolean))
        if (!/^[0-9a-f]{64}$/.test(h)) return 'email and phone must be SHA-256 hex'
    }
  }
  if (request.platform === 'google') {
    const d = b.destinations?.[0]
    if (
      d?.operatingAccount?.accountType !== 'GOOGLE_ADS' ||
      !d.operatingAccount.accountId ||
      !d.productDestinationId
    )
      return 'destinations[0] needs operatingAccount and productDestinationId'
    if (b.encoding !== 'HEX') return 'encoding must be HEX'
    if (!Array.isArray(b.events) || b.events.length === 0) return 'events[] required'
    for (const e of b.events) {
      if (typeof e.transactionId !== 'string' || Number.isNaN(Date.parse(e.eventTimestamp)))
        return 'transactionId and eventTimestamp required'
      if (!e.adIdentifiers && !e.userData) return 'an event needs adIdentifiers or userData'
      if (!['CONSENT_GRANTED', 'CONSENT_DENIED'].includes(e.consent?.adUserData))
        return 'consent.adUserData required'
      for (const id of e.userData?.userIdentifiers ?? [])
        for (const h of [id.emailAddress, id.phoneNumber].filter(Boolean))
          if (!/^[0-9a-f]{64}$/.test(h)) return 'user identifiers must be SHA-256 hex'
    }
  }
  return null
}

/**
 * Google's token endpoint and Data Manager API, Meta's Graph API and TikTok's Events API on one
 * local port: each request is checked for its authentication and shape (a 401 or 400 as the
 * platform would answer otherwise), recorded, and answered as the platform does, or as `respond` says.
 */
export async function startPlatforms() {
  const requests: PlatformRequest[] = []
  let respond: Respond = () => undefined
  let base = ''
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const url = new URL(req.url ?? '/', 'http://x')
      const platform = url.pathname.startsWith('/google/token')
        ? 'google-token'
        : url.pathname.startsWith('/google/')
          ? 'google'
          : url.pathname.startsWith('/meta/')
            ? 'meta'
            : 'tiktok'
      let json: unknown = null
      try {
        json = JSON.parse(body)
      } catch {}
      const request: PlatformRequest = {
        platform,
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        json,
        body,
      }
      requests.push(request)
      const answer = respond(request) ?? standard(request)
      res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.headers ?? {}) })
      res.end(JSON.stringify(answer.body))
    })
  })

  function standard(request: PlatformRequest): PlatformAnswer {
    if (request.platform === 'google-token') {
      const form = new URLSearchParams(request.body)
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return { status: 400, body: { error: 'unsupported_grant_type' } }
      const problem = checkAssertion(form.get('assertion') ?? '', `${base}/google/token`)
      if (problem) return { status: 400, body: { error: 'invalid_grant', error_description: problem } }
      return {
        status: 200,
        body: { access_token: GOOGLE_ACCESS_TOKEN, expires_in: 3600, token_type: 'Bearer' },
      }
    }
    if (request.platform === 'google') {
      if (request.path !== '/google/v1/events:ingest') return fail(404, 'no such method')
      if (request.headers.authorization !== `Bearer ${GOOGLE_ACCESS_TOKEN}`) return fail(401, 'bad token')
    }
    if (request.platform === 'meta') {
      if (!/^\/meta\/v23\.0\/\d+\/events$/.test(request.path)) return fail(404, 'no such path')
      if (request.query.get('access_token') !== META_ACCESS_TOKEN)
        return fail(401, 'Invalid OAuth access token')
    }
    if (request.platform === 'tiktok') {
      if (request.path !== '/tiktok/open_api/v1.3/event/track/') return fail(404, 'no such path')
      if (request.headers['access-token'] !== TIKTOK_ACCESS_TOKEN)
        return { status: 200, body: { code: 40001, message: 'Access token is invalid' } }
    }
    const problem = shapeProblem(request)
    if (problem) {
      return request.platform === 'tiktok'
        ? { status: 200, body: { code: 40002, message: problem } }
        : fail(400, problem)
    }
    if (request.platform === 'meta')
      return { status: 200, body: { events_received: request.json.data.length, fbtrace_id: 'trace' } }
    if (request.platform === 'tiktok')
      return { status: 200, body: { code: 0, message: 'OK', request_id: 'r1' } }
    return { status: 200, body: { requestId: 'google-request-1' } }
  }

  server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    requests,
    /** Answer some requests otherwise (undefined: as the platform would). */
    answer(next: Respond) {
      respond = next
    },
    /** Every event sent to a platform, with the request it came in. */
    events(platform: 'google' | 'meta' | 'tiktok') {
      return requests
        .filter((r) => r.platform === platform && r.json)
        .flatMap((r) =>
          ((platform === 'google' ? r.json.events : r.json.data) ?? []).map((e: unknown) => ({
            // biome-ignore lint/suspicious/noExplicitAny: the test reads the event's fields as it pleases
            event: e as any,
            request: r,
          })),
        )
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type Platforms = Awaited<ReturnType<typeof startPlatforms>>
