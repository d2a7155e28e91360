import { Router } from 'express'
import type { AppServices } from '../../platform/index.ts'
import { findUpload } from './queries.server.ts'

const KEY = /^[0-9a-f]{16}-\d{1,5}\.webp$/

/** Hot uploads stay in memory; a key's bytes never change, so only a deletion takes one out. */
class HotUploads {
  readonly #entries = new Map<string, { contentType: string; body: Buffer }>()
  #bytes = 0
  readonly maxBytes: number
  readonly maxEntryBytes: number

  constructor(maxBytes: number, maxEntryBytes: number) {
    this.maxBytes = maxBytes
    this.maxEntryBytes = maxEntryBytes
  }

  get(key: string) {
    const entry = this.#entries.get(key)
    if (entry) {
      // Map keeps insertion order: moving the entry to the end makes the first one the least recent.
      this.#entries.delete(key)
      this.#entries.set(key, entry)
    }
    return entry
  }

  delete(key: string) {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#bytes -= entry.body.byteLength
  }

  set(key: string, entry: { contentType: string; body: Buffer }) {
    if (entry.body.byteLength > this.maxEntryBytes || this.#entries.has(key)) return
    this.#entries.set(key, entry)
    this.#bytes += entry.body.byteLength
    for (const [oldest, { body }] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= body.byteLength
    }
  }
}

/** `GET /uploads/{key}`: uploaded images from the database, cacheable for ever. No session needed. */
export function uploadsRouter({ db, events }: AppServices): Router {
  const router = Router()
  const hot = new HotUploads(32 * 1024 * 1024, 1024 * 1024)
  events.on('uploads.deleted', ({ keys }) => {
    for (const key of keys) hot.delete(key)
  })

  const load = async (key: string) => {
    const row = await findUpload(db, key)
    if (!row) return undefined
    const file = { contentType: row.contentType, body: Buffer.from(row.bytes) }
    hot.set(key, file)
    return file
  }

  router.get('/uploads/:key', async (req, res) => {
    const { key } = req.params
    const file = KEY.test(key) ? (hot.get(key) ?? (await load(key))) : undefined
    if (!file) {
      res.status(404).type('text/plain').send('Not found')
      return
    }
    res.set({
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    })
    res.send(file.body)
  })

  return router
}
