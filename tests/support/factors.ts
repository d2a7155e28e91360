import { totpFor } from '../../server/identity/index.ts'
import { type ApiClient, apiClient, sessionCookie } from './admin-client.ts'
import type { TestApp } from './test-app.ts'

export const STEP_COOKIE = 'sign_in_step'

/** The `name=value` pairs a response set, ready to send back as a cookie header. */
export function cookiesOf(response: Response, ...names: string[]): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => names.some((n) => pair.startsWith(`${n}=`)) && !pair.endsWith('='))
    .join('; ')
}

/** The code an authenticator app would show `offsetSteps` steps from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return totpFor(secret, 'test', 'test').generate({ timestamp: Date.now() + offsetSteps * 30_000 })
}

/** Sets up and confirms an authenticator app for a signed-in client; returns its secret. */
export async function enrolTotp(client: ApiClient): Promise<string> {
  const started = await client.post('/api/admin/account/totp', {})
  if (started.status !== 200) throw new Error(`totp set-up answered ${started.status}`)
  const { secret } = (await started.json()) as { secret: string }
  const confirmed = await client.post('/api/admin/account/totp/confirm', { code: totpCode(secret) })
  if (confirmed.status !== 200) throw new Error(`totp confirm answered ${confirmed.status}`)
  return secret
}

/** POST /api/login for an account with a factor: the pending sign-in's cookie (throws otherwise). */
export async function startSignIn(app: TestApp, email: string, password: string) {
  const response = await app.postJson('/api/login', { email, password })
  const body = (await response.json()) as { secondFactor?: { methods: string[] } }
  if (response.status !== 200 || !body.secondFactor)
    throw new Error(`no second step: ${JSON.stringify(body)}`)
  if (sessionCookie(response)) throw new Error('a session cookie was set before the second factor')
  return { cookie: cookiesOf(response, STEP_COOKIE), methods: body.secondFactor.methods }
}

/** Finishes a pending sign-in at `path` with `body`; answers the response and a client if it signed in. */
export async function finishSignIn(app: TestApp, cookie: string, path: string, body: unknown) {
  const response = await app.postJson(path, body, { headers: { cookie } })
  const sid = sessionCookie(response)
  return { response, client: sid && !sid.endsWith('=') ? apiClient(app, sid) : undefined }
}
