/**
 * Drives a single sign-on with fetch, as a browser would: follows redirects by hand, keeps the
 * cookies of the app and of the provider, and fills the provider's development login and consent
 * forms. It stops at the provider's redirect back to the app, so a test can call the callback as
 * it is, tampered, or twice.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      )
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      redirect: 'manual',
      ...init,
      headers: { cookie: this.header(), ...(init.headers ?? {}) },
    })
    this.take(response)
    return response
  }
}

const formAction = (html: string) => /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&')

/** From GET /api/auth/sso/start to the callback address the provider sends the browser to. */
export async function ssoCallbackUrl(baseUrl: string, jar: CookieJar, login: string): Promise<string> {
  let response = await jar.fetch(`${baseUrl}/api/auth/sso/start`)
  let url = `${baseUrl}/api/auth/sso/start`
  for (let step = 0; step < 20; step++) {
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location') as string, url).href
      if (url.startsWith(`${baseUrl}/api/auth/sso/callback`)) return url
      if (url.startsWith(`${baseUrl}/`)) throw new Error(`the app redirected to ${url}`)
      response = await jar.fetch(url)
      continue
    }
    const html = await response.text()
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${html.slice(0, 500)}`)
    const action = formAction(html)
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 500)}`)
    const body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' })
    url = new URL(action, url).href
    response = await jar.fetch(url, { method: 'POST', body })
  }
  throw new Error('too many steps before the callback')
}
