import type { RequestHandler } from 'express'
import helmet from 'helmet'
import { isAdminPath } from '../../../core/paths.ts'
import { newNonce } from './nonce.ts'

const VIDEO_FRAMES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
]

/** Browser features the site never uses are switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ')

export type CspOptions = { https: boolean; development: boolean; frameAncestors: "'self'" | "'none'" }

/**
 * The Content-Security-Policy: scripts only from the given sources (this response's nonce, or the
 * hashes of a cached page's own scripts) and whatever those load ('strict-dynamic', so a tag
 * manager added by the operator keeps working). 'self' and https: only matter to browsers too old
 * for 'strict-dynamic', which ignore the nonce or hashes' companion rule.
 */
export function contentSecurityPolicy(scriptSources: string[], options: CspOptions): string {
  // Vite's hot reload talks over its own WebSocket in development.
  const devConnect = options.development ? ' ws: wss:' : ''
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(' ')} 'strict-dynamic' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' https:${devConnect}`,
    `frame-src 'self' ${VIDEO_FRAMES.join(' ')} https://www.googletagmanager.com`,
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors}`,
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join(';')
}

/**
 * Helmet's headers with a CSP that trusts only scripts carrying this response's nonce. Cached
 * public pages replace it with one listing their scripts' hashes (see page-entry.ts). The admin
 * may never be framed; public pages only by themselves.
 */
export function securityHeaders(publicUrl: string | undefined, development = false): RequestHandler {
  const https = publicUrl?.startsWith('https://') ?? false
  const build = (frameAncestors: CspOptions['frameAncestors']) => ({
    helmet: helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: frameAncestors === "'none'" ? { action: 'deny' } : { action: 'sameorigin' },
    }),
    csp: { https, development, frameAncestors },
  })
  const publicHeaders = build("'self'")
  const adminHeaders = build("'none'")
  return (req, res, next) => {
    const nonce = newNonce()
    res.locals.cspNonce = nonce
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    const admin = isAdminPath(req.path)
    const headers = admin ? adminHeaders : publicHeaders
    res.locals.cspOptions = headers.csp
    res.setHeader('Content-Security-Policy', contentSecurityPolicy([`'nonce-${nonce}'`], headers.csp))
    // Admin, sign-in, reset and setup answers (JSON or pages) hold what no cache may keep.
    if (admin) {
      res.setHeader('Cache-Control', 'no-store')
      // Previews of unpublished pages (/preview) among them: no search engine may list any of it.
      res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    }
    return headers.helmet(req, res, next)
  }
}
