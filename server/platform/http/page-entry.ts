import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * Shared caches (nginx, a CDN) may keep a public page for a few seconds and serve it stale for a
 * minute while they fetch it again; browsers revalidate every time (a 304 when nothing changed).
 * This app's own cache follows the site revision, so an admin change is served at once here.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60'

type Variant = { etag: string; headers: string[]; notModified: string[]; body: Buffer }

/** A public page as final bytes: one variant per encoding, each with its headers ready to write. */
export type PageEntry = { revision: number; variants: Record<Encoding, Variant> }

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

function flatten(headers: [string, string][]): string[] {
  return headers.flat()
}

/**
 * Compresses the page once (brotli at its best quality, gzip at 9: a page is compressed once per
 * site revision and served thousands of times) and prepares each variant's headers, with a strong
 * ETag per encoding.
 */
export async function buildPageEntry(
  revision: number,
  html: string,
  headers: [string, string][],
): Promise<PageEntry> {
  const identity = Buffer.from(html, 'utf8')
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ])
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27)
  const variant = (encoding: Encoding, body: Buffer): Variant => {
    const etag = encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding === 'br' ? 'br' : 'gz'}"`
    const common: [string, string][] = [
      ['Cache-Control', PUBLIC_PAGE_CACHE_CONTROL],
      ['ETag', etag],
      ['Vary', 'Accept-Encoding'],
    ]
    return {
      etag,
      body,
      notModified: flatten(common),
      headers: flatten([
        ...headers,
        ...common,
        ...(encoding === 'identity' ? [] : ([['Content-Encoding', encoding]] as [string, string][])),
        ['Content-Length', String(body.length)],
      ]),
    }
  }
  return {
    revision,
    variants: {
      br: br.length < identity.length ? variant('br', br) : variant('identity', identity),
      gzip: gz.length < identity.length ? variant('gzip', gz) : variant('identity', identity),
      identity: variant('identity', identity),
    },
  }
}

const encodings = new Map<string, Encoding>()

function parseAcceptEncoding(header: string): Encoding {
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = qParam ? Number(qParam.slice(2)) : 1
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0)
  }
  const wildcard = q.get('*') ?? 0
  const weight = (name: string) => q.get(name) ?? wildcard
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0 || (q.get('x-gzip') ?? 0) > 0) return 'gzip'
  return 'identity'
}

/** The encoding to answer with; the few header values browsers send are remembered. */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity'
  let encoding = encodings.get(header)
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(header)
    if (encodings.size < 200) encodings.set(header, encoding)
  }
  return encoding
}

/**
 * A request header read from the raw list: `req.headers` builds an object of every header on
 * first use, a cost the hit path (a few headers, thousands of requests a second) can skip.
 */
export function rawHeader(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i] as string
    if (key.length === name.length && key.toLowerCase() === name) return raw[i + 1]
  }
  return undefined
}

/** If-None-Match names this variant (or `*`): the client's copy is current. */
function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch === etag || ifNoneMatch.trim() === '*' || ifNoneMatch.includes(etag)
}

/**
 * Writes a cached page: 304 when the client has it, headers only for HEAD, else the bytes. Through
 * Express (`viaPipeline`) the headers are set one by one, for the middleware that watches them.
 */
export function sendPageEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: PageEntry,
  options: { viaPipeline?: boolean } = {},
): number {
  const variant = entry.variants[pickEncoding(rawHeader(req, 'accept-encoding'))]
  const ifNoneMatch = rawHeader(req, 'if-none-match')
  const notModified = ifNoneMatch !== undefined && matches(ifNoneMatch, variant.etag)
  const headers = notModified ? variant.notModified : variant.headers
  const status = notModified ? 304 : 200
  if (options.viaPipeline) {
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1] as string)
    res.writeHead(status)
  } else {
    res.writeHead(status, headers)
  }
  if (notModified || req.method === 'HEAD') res.end()
  else res.end(variant.body)
  return status
}
