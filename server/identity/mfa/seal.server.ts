import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

/** The key sealing authenticator secrets at rest, derived from SESSION_SECRET. */
function keyFor(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('totp-secret-seal').digest()
}

/** AES-256-GCM: "v1.{iv}.{tag}.{ciphertext}", base64url parts. */
export function seal(sessionSecret: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(sessionSecret), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** The secret, or null when it was sealed under another SESSION_SECRET (or tampered with). */
export function unseal(sessionSecret: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || !body) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(sessionSecret), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
