import type { RequestHandler } from 'express'
import helmet from 'helmet'
import { isAdminPath } from '../../core/paths.ts'
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

/**
 * Helmet with a CSP that trusts only scripts carrying this response's nonce (and what they load:
 * 'strict-dynamic', so a tag manager added by the operator keeps working). The admin may never be
 * framed; public pages only by themselves.
 */
export function securityHeaders(publicUrl: string | undefined, development = false): RequestHandler {
  const https = publicUrl?.startsWith('https://') ?? false
  // Vite's hot reload talks over its own WebSocket in development.
  const devConnect = development ? ['ws:', 'wss:'] : []
  const build = (frameAncestors: string[]) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
            "'strict-dynamic'",
            'https:',
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'https:', ...devConnect],
          frameSrc: ["'self'", ...VIDEO_FRAMES, 'https://www.googletagmanager.com'],
          mediaSrc: ["'self'", 'https:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors,
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: frameAncestors.includes("'none'") ? { action: 'deny' } : { action: 'sameorigin' },
    })
  const publicHeaders = build(["'self'"])
  const adminHeaders = build(["'none'"])
  return (req, res, next) => {
    res.locals.cspNonce = newNonce()
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    if (!isAdminPath(req.path)) return publicHeaders(req, res, next)
    // Admin, sign-in, reset and setup answers (JSON or pages) hold what no cache may keep.
    res.setHeader('Cache-Control', 'no-store')
    return adminHeaders(req, res, next)
  }
}
