import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One post the receiver got, as the buyer would see it. */
export type Receipt = {
  /** 1 for the first post the receiver got, and so on. */
  n: number
  key: string
  signature: string
  contentType: string
  body: string
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the body's fields as it pleases
  json: any
  at: number
  /** What the receiver answered (null: it never did). */
  answered: number | null
}

/**
 * What to answer to a post: a status, a status with a JSON body (a ping's bid), or 'hang' (never
 * answer; the connection stays open).
 */
export type Answer = number | 'hang' | { status: number; body: unknown }

export type Receiver = {
  url: string
  port: number
  receipts: Receipt[]
  /** Replace what the receiver answers from now on. */
  answer: (respond: (receipt: Receipt) => Answer) => void
  /** How many posts each Idempotency-Key got a 2xx for. */
  acceptedPerKey: () => Map<string, number>
  close: () => Promise<void>
}

/** A buyer's endpoint on 127.0.0.1 that records every post and answers as the test says. */
export async function startReceiver(respond: (receipt: Receipt) => Answer = () => 200): Promise<Receiver> {
  let answer = respond
  const receipts: Receipt[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let json: unknown = null
      try {
        json = JSON.parse(body)
      } catch {}
      const receipt: Receipt = {
        n: receipts.length + 1,
        key: String(req.headers['idempotency-key'] ?? ''),
        signature: String(req.headers['x-webhook-signature'] ?? ''),
        contentType: String(req.headers['content-type'] ?? ''),
        body,
        json,
        at: Date.now(),
        answered: null,
      }
      receipts.push(receipt)
      const given = answer(receipt)
      if (given === 'hang') return
      const status = typeof given === 'number' ? given : given.status
      receipt.answered = status
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(typeof given === 'number' ? { received: receipt.n, status } : given.body))
    })
  })
  server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    port,
    receipts,
    answer: (next) => {
      answer = next
    },
    acceptedPerKey: () => {
      const counts = new Map<string, number>()
      for (const r of receipts) {
        if (r.answered !== null && r.answered >= 200 && r.answered < 300) {
          counts.set(r.key, (counts.get(r.key) ?? 0) + 1)
        }
      }
      return counts
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * Checks `t=…,v1=…` as a buyer would: the HMAC-SHA256 of "<t>.<raw body>" with the shared secret,
 * compared in constant time.
 */
export function verifySignature(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]))
  const t = parts.t
  const v1 = parts.v1
  if (!t || !/^\d+$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest()
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'))
}

/** Polls `check` until it returns something truthy; fails after `timeoutMs`. */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 15_000, what = 'condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

let contact = 0
/** A lead's email and phone no other lead from this process has (so it is never a duplicate). */
export function uniqueContact(label = 'lead') {
  contact++
  return {
    email: `${label}-${contact}@example.test`,
    phone: `07${400_000_000 + contact}`,
  }
}
