import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'

describe(`health and pages on ${testDialect}`, () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('answers /healthz once the database answers', async () => {
    const response = await app.request('/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('serves the published home page record', async () => {
    const response = await app.request('/api/pages/home')
    expect(response.status).toBe(200)
    const page = await response.json()
    expect(page).toMatchObject({ slug: 'home', isPublished: true })
    expect(page.title).toMatch(/car finance/i)
    expect(typeof page.metaDescription).toBe('string')
  })

  it('answers 404 for any unknown path, with the not-found card', async () => {
    const response = await app.request('/no/such/page')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('404 Page Not Found')
  })
})
