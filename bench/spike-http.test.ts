import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { RawPool, ResponseReader } from './spike-http.ts'

/** Feeds `text` to a reader in pieces of `size` bytes; the piece that completed it, or -1. */
function feedInPieces(reader: ResponseReader, text: string, size: number) {
  const bytes = Buffer.from(text, 'latin1')
  for (let i = 0; i < bytes.length; i += size) if (reader.feed(bytes.subarray(i, i + size))) return i
  return -1
}

describe('reading a response', () => {
  const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Cache-Status: HIT\r\n'

  it('ends a Content-Length body at its length, whatever the pieces', () => {
    const text = `${head}Content-Length: 11\r\n\r\nhello world`
    for (const size of [1, 3, 7, text.length]) {
      const reader = new ResponseReader()
      expect(feedInPieces(reader, text, size)).toBe(Math.floor((text.length - 1) / size) * size)
      expect(reader.status).toBe(200)
      expect(reader.cache).toBe('HIT')
      expect(reader.closes).toBe(false)
    }
  })

  it('ends a chunked body after the zero chunk and the empty line, split anywhere', () => {
    const body = `a\r\n0123456789\r\n12\r\n${'x'.repeat(18)}\r\n0\r\n\r\n`
    const text = `${head}Transfer-Encoding: chunked\r\n\r\n${body}`
    for (const size of [1, 2, 5, 13, text.length]) {
      const reader = new ResponseReader()
      expect(feedInPieces(reader, text, size)).toBe(Math.floor((text.length - 1) / size) * size)
    }
    // Not complete one byte short, nor with chunk data that looks like the end.
    const tricky = `${head}Transfer-Encoding: chunked\r\n\r\n5\r\n0\r\n\r\n\r\n0\r\n\r\n`
    const reader = new ResponseReader()
    expect(reader.feed(Buffer.from(tricky.slice(0, -1)))).toBe(false)
    expect(reader.feed(Buffer.from('\n'))).toBe(true)
  })

  it('reads trailers after the last chunk', () => {
    const reader = new ResponseReader()
    const text = `${head}Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Trailer: 1\r\n\r\n`
    expect(reader.feed(Buffer.from(text))).toBe(true)
  })

  it('has no body for 304, and notes a connection the server closes', () => {
    const reader = new ResponseReader()
    expect(reader.feed(Buffer.from('HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n'))).toBe(true)
    expect(reader.status).toBe(304)
    expect(reader.closes).toBe(true)
  })

  it('reads a body with neither length nor chunks until the connection closes', () => {
    const reader = new ResponseReader()
    expect(reader.feed(Buffer.from('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nsome'))).toBe(false)
    expect(reader.untilClose).toBe(true)
  })
})

describe('the connection pool', () => {
  it('gets pages over kept-alive connections, and sends again on one the server had closed', async () => {
    let requests = 0
    const seen: string[] = []
    const server = http.createServer((req, res) => {
      requests++
      seen.push(String(req.headers['user-agent']))
      if (req.url?.includes('chunked')) {
        res.writeHead(200, { 'x-cache-status': 'MISS' })
        res.write('a'.repeat(10_000))
        res.end('b'.repeat(5))
      } else res.writeHead(200, { 'content-length': 5, 'x-cache-status': 'HIT' }).end('hello')
    })
    server.keepAliveTimeout = 200
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const { port } = server.address() as AddressInfo
    try {
      const pool = new RawPool('127.0.0.1', port, 2, (n) => `Host: 127.0.0.1\r\nUser-Agent: agent-${n}\r\n`)
      const first = await Promise.all(['/a', '/chunked', '/b', '/chunked?x', '/c'].map((p) => pool.get(p)))
      expect(first.map((a) => [a.status, a.cache])).toEqual([
        [200, 'HIT'],
        [200, 'MISS'],
        [200, 'HIT'],
        [200, 'MISS'],
        [200, 'HIT'],
      ])
      // The server closes idle connections after 200 ms: the next gets go through anyway.
      await new Promise((r) => setTimeout(r, 400))
      const later = await Promise.all(['/d', '/e'].map((p) => pool.get(p)))
      expect(later.map((a) => a.status)).toEqual([200, 200])
      expect(requests).toBe(7)
      expect(new Set(seen).size).toBe(7)
    } finally {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  })

  it('answers status 0 when nothing listens', async () => {
    const pool = new RawPool('127.0.0.1', 1, 1, () => 'Host: x\r\n')
    const answer = await pool.get('/')
    expect(answer.status).toBe(0)
    expect(answer.error).toBe('ECONNREFUSED')
  })
})
