import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson, signature } from './post.server.ts'

describe('signature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const at = new Date('2026-11-24T10:00:00.900Z')
    const header = signature('s3cret', '{"a":1}', at)
    const t = Math.floor(at.getTime() / 1000)
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', 's3cret').update(`${t}.{"a":1}`).digest('hex')}`)
  })
})

describe('postJson', () => {
  let server: http.Server
  let base: string
  const stop = new AbortController().signal
  const options = { timeoutMs: 500, allowPrivate: true, requireHttps: false, stop }

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        if (req.url === '/hang') return
        if (req.url === '/big') return res.writeHead(200).end('x'.repeat(10_000))
        if (req.url === '/nul') return res.writeHead(502).end('bad\u0000gateway')
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('answers a 2xx as delivered, with what the buyer said', async () => {
    const outcome = await postJson(`${base}/ok`, '{}', {}, options)
    expect(outcome).toMatchObject({ ok: true, statusCode: 201, error: null, responseExcerpt: '{"ok":true}' })
  })

  it('keeps 500 bytes of a long answer and no NUL', async () => {
    expect((await postJson(`${base}/big`, '{}', {}, options)).responseExcerpt).toHaveLength(500)
    expect(await postJson(`${base}/nul`, '{}', {}, options)).toMatchObject({
      ok: false,
      statusCode: 502,
      error: 'HTTP 502',
      responseExcerpt: 'badgateway',
    })
  })

  it('gives up after the timeout', async () => {
    const outcome = await postJson(`${base}/hang`, '{}', {}, options)
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'Timed out: no answer within 0.5 s' })
    expect(outcome.durationMs).toBeGreaterThanOrEqual(450)
  })

  it('refuses private addresses and plain http when told to, without connecting', async () => {
    expect(await postJson(`${base}/ok`, '{}', {}, { ...options, allowPrivate: false })).toMatchObject({
      ok: false,
      error: 'Refused: 127.0.0.1 is a private, loopback or link-local address',
    })
    expect(await postJson('http://203.0.113.9/', '{}', {}, { ...options, requireHttps: true })).toMatchObject(
      { ok: false, error: 'Refused: webhook URLs must be https' },
    )
    // Loopback over plain http, private addresses allowed: it never leaves the machine.
    expect(await postJson(`${base}/ok`, '{}', {}, { ...options, requireHttps: true })).toMatchObject({
      ok: true,
    })
  })

  it('says when the server stopping cut a post short', async () => {
    const stopping = new AbortController()
    const pending = postJson(`${base}/hang`, '{}', {}, { ...options, timeoutMs: 5000, stop: stopping.signal })
    setTimeout(() => stopping.abort(), 50)
    expect(await pending).toMatchObject({ ok: false, interrupted: true, statusCode: null })
  })
})
