import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { PREVIEW_PATH } from '../../../core/paths.ts'
import { safeEqual } from '../../identity/index.ts'

/** How long a preview link opens what it names (docs/decisions/0064-preview-links.md). */
export const PREVIEW_LINK_TTL_MS = 24 * 3_600_000

/** What a link previews: a page as saved (or one of its revisions), or an experiment's variant. */
export type PreviewTarget = { page: number; revision?: number } | { experiment: number; variant: string }

const claimsSchema = z.union([
  z.strictObject({
    page: z.number().int().positive(),
    revision: z.number().int().positive().optional(),
    exp: z.number().int(),
  }),
  z.strictObject({
    experiment: z.number().int().positive(),
    variant: z.string().min(1).max(40),
    exp: z.number().int(),
  }),
])

// Lower-case hex both sides of a hyphen: paths are lower-cased by the pipeline (canonicalCase) and
// a dot would send the request to the static files first.
const TOKEN = /^([0-9a-f]{2,1000})-([0-9a-f]{64})$/

const keyOf = (secret: string) => createHmac('sha256', secret).update('page-preview-links').digest()
const macOf = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('hex')

export function signPreview(secret: string, target: PreviewTarget, expiresAt: Date): string {
  const payload = Buffer.from(
    JSON.stringify({ ...target, exp: Math.floor(expiresAt.getTime() / 1000) }),
    'utf8',
  ).toString('hex')
  return `${payload}-${macOf(secret, payload)}`
}

export type PreviewCheck =
  | { ok: true; target: PreviewTarget; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' }

/** The target of a token this server signed and that has not expired. */
export function readPreview(secret: string, token: string, now = Date.now()): PreviewCheck {
  const match = TOKEN.exec(token)
  if (!match) return { ok: false, reason: 'invalid' }
  const [, payload = '', mac = ''] = match
  if (!safeEqual(mac, macOf(secret, payload))) return { ok: false, reason: 'invalid' }
  let claims: z.output<typeof claimsSchema>
  try {
    claims = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'hex').toString('utf8')))
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  const expiresAt = new Date(claims.exp * 1000)
  if (expiresAt.getTime() <= now) return { ok: false, reason: 'expired' }
  const { exp: _, ...target } = claims
  return { ok: true, target, expiresAt }
}

export type PreviewLink = { path: string; url: string; expiresAt: string }

/** A new link for `target`: its path on this site, the full address, and when it stops opening. */
export function previewLink(
  config: { sessionSecret: string; linkOrigin: string },
  target: PreviewTarget,
  now = Date.now(),
): PreviewLink {
  const expiresAt = new Date(now + PREVIEW_LINK_TTL_MS)
  const path = `${PREVIEW_PATH}/${signPreview(config.sessionSecret, target, expiresAt)}`
  return { path, url: `${config.linkOrigin}${path}`, expiresAt: expiresAt.toISOString() }
}
