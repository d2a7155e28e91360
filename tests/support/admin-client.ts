import { randomBytes } from 'node:crypto'
import { createAdmin } from '../../server/identity/index.ts'
import type { TestApp } from './test-app.ts'

export const DEFAULT_PASSWORD = 'correct horse battery staple'

/** The `sid=…` pair of a response's session Set-Cookie header, ready to send back as a `cookie` header. */
export function sessionCookie(response: Response): string | undefined {
  return sessionSetCookie(response)?.split(';')[0]
}

/**
 * The whole session Set-Cookie header of a response (with its attributes), if it set one. When it
 * set several (say, clearing a stale cookie, then issuing a new one), the last wins, as in a browser.
 */
export function sessionSetCookie(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .findLast((header) => header.startsWith('sid=') || header.startsWith('__Host-sid='))
}

/** A unique, lower-case email address for a test admin. */
export function uniqueEmail(label = 'admin'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.test`
}

/** Signs in through POST /api/login (JSON) and returns the `sid=…` cookie; throws unless it answered 200. */
export async function signIn(
  app: TestApp,
  email: string,
  password: string,
  cookie?: string,
): Promise<string> {
  const response = await app.postJson(
    '/api/login',
    { email, password },
    cookie ? { headers: { cookie } } : undefined,
  )
  if (response.status !== 200) {
    throw new Error(`signing in as ${email} answered ${response.status}: ${await response.text()}`)
  }
  const sid = sessionCookie(response)
  if (!sid || sid.endsWith('=')) throw new Error(`signing in as ${email} set no session cookie`)
  return sid
}

export type ApiClient = {
  cookie: string
  request: (pathname: string, init?: RequestInit) => Promise<Response>
  get: (pathname: string) => Promise<Response>
  post: (pathname: string, body: unknown) => Promise<Response>
  put: (pathname: string, body: unknown) => Promise<Response>
  del: (pathname: string) => Promise<Response>
}

/** Calls the app with this session cookie; bodies are sent as JSON (strings as they are). */
export function apiClient(app: TestApp, cookie: string): ApiClient {
  const request = (pathname: string, init: RequestInit = {}) =>
    app.request(pathname, { ...init, headers: { cookie, ...(init.headers ?? {}) } })
  const send = (method: string) => (pathname: string, body: unknown) =>
    request(pathname, {
      method,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    })
  return {
    cookie,
    request,
    get: (pathname) => request(pathname),
    post: send('POST'),
    put: send('PUT'),
    del: (pathname) => request(pathname, { method: 'DELETE' }),
  }
}

export type AdminClient = ApiClient & { id: number; email: string; password: string; role: string }

/** Creates an admin of `role` straight in the database, signs them in, and returns a client with their cookie. */
export async function createSignedInAdmin(
  app: TestApp,
  options: { role: 'admin' | 'editor'; email?: string; password?: string; permissions?: string[] },
): Promise<AdminClient> {
  const email = options.email ?? uniqueEmail(options.role)
  const password = options.password ?? DEFAULT_PASSWORD
  const row = await createAdmin(app.database.db, {
    email,
    password,
    role: options.role,
    permissions: options.permissions ?? null,
  })
  const cookie = await signIn(app, email, password)
  return { ...apiClient(app, cookie), id: row.id, email: row.email, password, role: options.role }
}
