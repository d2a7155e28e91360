import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** What a destination keeps encrypted: Google's private key, Meta's and TikTok's access token. */
export type DestinationSecrets = { privateKey?: string; accessToken?: string }

/** AES-256-GCM under CONVERSIONS_KEY: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function sealSecrets(key: Buffer, secrets: DestinationSecrets): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** The credentials, or null when the key is missing or not the one they were sealed with. */
export function openSecrets(key: Buffer | undefined, sealed: string | null): DestinationSecrets | null {
  if (!key || !sealed) return null
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    )
    return JSON.parse(text) as DestinationSecrets
  } catch {
    return null
  }
}
