import type { IncomingMessage } from 'node:http'
import { BUCKET_HEADER } from '../../core/experiments/assign.ts'
import { VIEW_LOG_HEADER } from '../insight/index.ts'

/** What the hit path reads of a request's headers, in one pass over the raw list. */
export type Heads = {
  host?: string
  cookie?: string
  userAgent?: string
  referer?: string
  gpc?: string
  forwardedFor?: string
  bucket?: string
  viewLog?: string
}

export function readHeads(req: IncomingMessage): Heads {
  const heads: Heads = {}
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string
    const value = raw[i + 1] as string
    // The length first: most headers are passed over without lower-casing their name.
    switch (name.length) {
      case 4:
        if (name.toLowerCase() === 'host') heads.host ??= value
        break
      case 6:
        if (name.toLowerCase() === 'cookie')
          heads.cookie = heads.cookie === undefined ? value : `${heads.cookie}; ${value}`
        break
      case 7: {
        const lower = name.toLowerCase()
        if (lower === 'referer') heads.referer ??= value
        else if (lower === 'sec-gpc') heads.gpc ??= value
        break
      }
      case 10:
        if (name.toLowerCase() === 'user-agent') heads.userAgent ??= value
        break
      case BUCKET_HEADER.length:
        if (name.toLowerCase() === BUCKET_HEADER) heads.bucket ??= value
        break
      case 15:
        if (name.toLowerCase() === 'x-forwarded-for') heads.forwardedFor ??= value
        break
      case VIEW_LOG_HEADER.length:
        if (name.toLowerCase() === VIEW_LOG_HEADER) heads.viewLog ??= value
        break
    }
  }
  return heads
}
