import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** What the database keeps of a session id: an HMAC, so a leaked table holds no usable sessions. */
export function sessionKey(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex')
}

/** What the database keeps of a password reset token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
