import { createHmac } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import {
  addressProblem,
  hostOf,
  isLoopbackAddress,
  loopbackOnlyLookup,
  publicOnlyLookup,
  RefusedAddressError,
} from './address.server.ts'

/** What the buyer answered first: the rest of a long answer is not read. */
export const EXCERPT_BYTES = 500

export type PostOutcome = {
  /** The buyer answered 2xx. */
  ok: boolean
  statusCode: number | null
  error: string | null
  durationMs: number
  responseExcerpt: string | null
  /** The server was stopping: the attempt was cut short by us, not by the buyer. */
  interrupted: boolean
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as Stripe-style receivers check it. */
export function signature(secret: string, body: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000)
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  return `t=${t},v1=${v1}`
}

export type PostOptions = {
  timeoutMs: number
  allowPrivate: boolean
  /**
   * Production: plain http is refused (the URL may have been saved before), except to this machine
   * when private addresses are allowed.
   */
  requireHttps: boolean
  /** Aborted when the server stops. */
  stop: AbortSignal
  agents?: { http: http.Agent; https: https.Agent }
}

const decoder = new TextDecoder('utf-8', { fatal: false })

function excerpt(chunks: Buffer[]): string | null {
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES)
  // PostgreSQL text cannot hold U+0000.
  const text = decoder.decode(bytes).replaceAll('\u0000', '')
  return text === '' ? null : text
}

function describe(err: unknown, timeoutMs: number, timedOut: boolean, stopped: boolean): string {
  if (stopped) return 'Interrupted: the server stopped before the buyer answered'
  if (timedOut) return `Timed out: no answer within ${timeoutMs / 1000} s`
  if (err instanceof RefusedAddressError) return `Refused: ${err.message}`
  const e = err as NodeJS.ErrnoException
  if (typeof e?.code === 'string') {
    if (/CERT|SSL|TLS/i.test(e.code)) return `TLS failed (${e.code})`
    return `Connection failed (${e.code})`
  }
  return (e?.message || 'Connection failed').slice(0, 500)
}

/**
 * One POST of a JSON body. Resolves (never rejects) with what happened: a status and the first
 * 500 bytes of the answer, or why there was none (timeout, refused address, connection error).
 * Unless private addresses are allowed, the address connected to is checked as it is resolved.
 */
export async function postJson(
  target: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, allowPrivate, requireHttps, stop, agents }: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const url = new URL(target)
  const host = hostOf(url)
  const plain = requireHttps && url.protocol !== 'https:'
  const literalProblem = !allowPrivate && net.isIP(host) ? addressProblem(host) : undefined
  const refused =
    plain && !(allowPrivate && (net.isIP(host) === 0 || isLoopbackAddress(host)))
      ? 'Refused: webhook URLs must be https'
      : literalProblem
        ? `Refused: ${host} is ${literalProblem}`
        : undefined
  if (refused) {
    return {
      ok: false,
      statusCode: null,
      error: refused,
      durationMs: elapsed(),
      responseExcerpt: null,
      interrupted: false,
    }
  }
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = AbortSignal.any([timeout, stop])
  const secure = url.protocol === 'https:'
  const client = secure ? https : http

  return new Promise((resolve) => {
    let settled = false
    const finish = (outcome: Omit<PostOutcome, 'durationMs' | 'interrupted'>) => {
      if (settled) return
      settled = true
      resolve({ ...outcome, durationMs: elapsed(), interrupted: outcome.statusCode === null && stop.aborted })
    }
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
        lookup: plain
          ? (loopbackOnlyLookup as never)
          : allowPrivate
            ? undefined
            : (publicOnlyLookup as never),
        agent: agents ? (secure ? agents.https : agents.http) : undefined,
      },
      (response) => {
        const status = response.statusCode ?? 0
        const ok = status >= 200 && status < 300
        const chunks: Buffer[] = []
        let size = 0
        // The status line is the buyer's answer; a body cut short does not change it.
        const done = () =>
          finish({
            ok,
            statusCode: status,
            error: ok ? null : `HTTP ${status}`,
            responseExcerpt: excerpt(chunks),
          })
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.length
          if (size >= EXCERPT_BYTES) {
            done()
            response.destroy()
          }
        })
        response.on('end', done)
        response.on('error', done)
        response.on('close', done)
      },
    )
    request.on('error', (err) =>
      finish({
        ok: false,
        statusCode: null,
        error: describe(err, timeoutMs, timeout.aborted, stop.aborted),
        responseExcerpt: null,
      }),
    )
    request.end(body)
  })
}
