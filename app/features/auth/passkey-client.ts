import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser'
import type { PasskeyView } from '../../../core/schemas/mfa.ts'

export { browserSupportsWebAuthn }

/** POST JSON; a failure throws with the server's own message. */
export async function postJson<T>(url: string, body: unknown = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = null
  }
  if (!response.ok) {
    const { message, reauthenticate } = (parsed ?? {}) as { message?: unknown; reauthenticate?: unknown }
    throw Object.assign(
      new Error(typeof message === 'string' ? message : `The request failed (${response.status})`),
      { reauthenticate: reauthenticate === true },
    )
  }
  return parsed as T
}

/** Words for the browser's refusals: a cancelled prompt is not an error worth alarming anyone. */
export function passkeyErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : ''
  if (name === 'SecurityError')
    return 'Passkeys need the site to be opened by its name (for example localhost), not an IP address.'
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'The passkey prompt was cancelled or timed out. Please try again.'
  if (error instanceof WebAuthnError) return error.message
  return error instanceof Error ? error.message : 'The passkey could not be used. Please try again.'
}

/** Asks the browser for a passkey and has the server check it; answers where to go next. */
export async function signInWithPasskey(kind: 'second-step' | 'alone'): Promise<string> {
  const base = kind === 'alone' ? '/api/login/passkey-alone' : '/api/login/passkey'
  const options = await postJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>(`${base}/options`)
  const response = await startAuthentication({ optionsJSON: options })
  const done = await postJson<{ redirect?: string }>(`${base}/verify`, { response })
  return done.redirect ?? '/admin'
}

/** Creates a passkey on this device and saves it under `name`. */
export async function registerPasskey(name: string, account = '/api/admin/account') {
  const options = await postJson<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    `${account}/passkeys/options`,
  )
  const response = await startRegistration({ optionsJSON: options })
  return postJson<PasskeyView & { recoveryCodes?: string[] }>(`${account}/passkeys`, {
    name,
    response,
  })
}
