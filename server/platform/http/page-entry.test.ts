import type { IncomingMessage, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildPageEntry, PUBLIC_PAGE_CACHE_CONTROL, pickEncoding, sendPageEntry } from './page-entry.ts'

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['BR', 'br'],
    ['x-gzip', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected)
  })
})

function recorder(headers: Record<string, string> = {}, method = 'GET') {
  const req = { method, headers, rawHeaders: Object.entries(headers).flat() } as unknown as IncomingMessage
  const sent: { status?: number; headers?: string[]; body?: Buffer } = {}
  const res = {
    writeHead(status: number, h: string[]) {
      sent.status = status
      sent.headers = h
    },
    end(body?: Buffer) {
      sent.body = body
    },
  } as unknown as ServerResponse
  const header = (name: string) => {
    const list = sent.headers ?? []
    const i = list.findIndex((v, index) => index % 2 === 0 && v.toLowerCase() === name)
    return i < 0 ? undefined : list[i + 1]
  }
  return { req, res, sent, header }
}

describe('a cached page entry', async () => {
  const html = `<!doctype html><p>${'Claim check '.repeat(200)}</p>`
  const entry = await buildPageEntry(7, html, [['content-type', 'text/html; charset=utf-8']])

  it('answers brotli, gzip or plain bytes, each with its own strong ETag and length', () => {
    const br = recorder({ 'accept-encoding': 'gzip, br' })
    sendPageEntry(br.req, br.res, entry)
    expect(br.sent.status).toBe(200)
    expect(br.header('content-encoding')).toBe('br')
    expect(zlib.brotliDecompressSync(br.sent.body as Buffer).toString()).toBe(html)
    expect(br.header('content-length')).toBe(String(br.sent.body?.length))

    const gz = recorder({ 'accept-encoding': 'gzip' })
    sendPageEntry(gz.req, gz.res, entry)
    expect(gz.header('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(gz.sent.body as Buffer).toString()).toBe(html)

    const plain = recorder()
    sendPageEntry(plain.req, plain.res, entry)
    expect(plain.header('content-encoding')).toBeUndefined()
    expect(plain.sent.body?.toString()).toBe(html)

    const etags = [br, gz, plain].map((r) => r.header('etag'))
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/)
    expect(new Set(etags).size).toBe(3)
    for (const r of [br, gz, plain]) {
      expect(r.header('vary')).toBe('Accept-Encoding')
      expect(r.header('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL)
      expect(r.header('content-type')).toBe('text/html; charset=utf-8')
    }
  })

  it('answers 304 without a body when If-None-Match names the variant, 200 when it names another', () => {
    const first = recorder({ 'accept-encoding': 'br' })
    sendPageEntry(first.req, first.res, entry)
    const etag = first.header('etag') as string

    const again = recorder({ 'accept-encoding': 'br', 'if-none-match': `W/"other", ${etag}` })
    sendPageEntry(again.req, again.res, entry)
    expect(again.sent.status).toBe(304)
    expect(again.sent.body).toBeUndefined()
    expect(again.header('etag')).toBe(etag)

    const otherEncoding = recorder({ 'accept-encoding': 'gzip', 'if-none-match': etag })
    sendPageEntry(otherEncoding.req, otherEncoding.res, entry)
    expect(otherEncoding.sent.status).toBe(200)
  })

  it('changes the ETag when the page changes', async () => {
    const changed = await buildPageEntry(8, html.replace('Claim', 'Claims'), [])
    expect(changed.variants.br.etag).not.toBe(entry.variants.br.etag)
  })

  it('answers HEAD with the headers only', () => {
    const head = recorder({ 'accept-encoding': 'br' }, 'HEAD')
    sendPageEntry(head.req, head.res, entry)
    expect(head.sent.status).toBe(200)
    expect(head.sent.body).toBeUndefined()
    expect(head.header('content-length')).toBe(String(entry.variants.br.body.length))
  })
})
