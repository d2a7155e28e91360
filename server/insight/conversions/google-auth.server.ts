import { createSign } from 'node:crypto'

export const DATA_MANAGER_SCOPE = 'https://www.googleapis.com/auth/datamanager'

/** A service account's signed assertion (RFC 7523), exchanged at the token URL for an access token. */
export function serviceAccountAssertion(
  clientEmail: string,
  privateKey: string,
  tokenUrl: string,
  now = Date.now(),
) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const iat = Math.floor(now / 1000)
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
    iss: clientEmail,
    scope: DATA_MANAGER_SCOPE,
    aud: tokenUrl,
    iat,
    exp: iat + 3600,
  })}`
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')
  return `${unsigned}.${signature}`
}

export class TokenError extends Error {
  readonly status: number | null
  constructor(message: string, status: number | null) {
    super(message)
    this.status = status
  }
}

/** Access tokens by destination, kept until a minute before they expire. */
export class GoogleTokens {
  readonly #tokens = new Map<string, { token: string; until: number }>()

  async get(
    key: string,
    credentials: { clientEmail: string; privateKey: string },
    tokenUrl: string,
    timeoutMs: number,
  ): Promise<string> {
    const cached = this.#tokens.get(key)
    if (cached && cached.until > Date.now()) return cached.token
    let assertion: string
    try {
      assertion = serviceAccountAssertion(credentials.clientEmail, credentials.privateKey, tokenUrl)
    } catch {
      throw new TokenError('The service account’s private key could not be used to sign', 400)
    }
    let response: Response
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (err) {
      throw new TokenError(`Google's token endpoint did not answer: ${(err as Error).message}`, null)
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string
      expires_in?: number
      error?: string
      error_description?: string
    }
    if (!response.ok || !body.access_token) {
      throw new TokenError(
        `Google refused the service account: ${body.error_description ?? body.error ?? response.status}`,
        response.status,
      )
    }
    this.#tokens.set(key, {
      token: body.access_token,
      until: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000,
    })
    return body.access_token
  }

  forget(key: string) {
    this.#tokens.delete(key)
  }
}
