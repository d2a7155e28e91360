import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

const PUBLIC_URL = 'https://claims.example'

/** What React Router refuses for the caller's fault is a warning, as the API's 4xx answers are. */
describe(`a form post to a page action from another origin, on ${testDialect}`, () => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: PUBLIC_URL })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('is refused and logged at warn, not at error', async () => {
    const { logger } = app.services
    const error = vi.spyOn(logger, 'error')
    const fatal = vi.spyOn(logger, 'fatal')
    const warn = vi.spyOn(logger, 'warn')
    try {
      // The server's own address passes the API's origin check, but it is not the site's origin,
      // which is what React Router compares the Origin header with.
      for (const origin of [app.baseUrl, 'not a url']) {
        const response = await app.request('/', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          body: 'intent=check',
        })
        expect(response.status, origin).toBeGreaterThanOrEqual(400)
        expect(response.status, origin).toBeLessThan(500)
      }
      expect(error).not.toHaveBeenCalled()
      expect(fatal).not.toHaveBeenCalled()
      expect(warn.mock.calls.map((call) => call.at(-1))).toContain('cross-site form post refused')
    } finally {
      vi.restoreAllMocks()
    }
  })
})
