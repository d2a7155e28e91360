import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/platform/index.ts'
import { createSignedInAdmin } from '../support/admin-client.ts'
import { leadPayload } from '../support/factories.ts'
import { created, expectError } from '../support/http.ts'
import { startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { type Receiver, startReceiver, waitUntil } from '../support/webhook-receiver.ts'

const TOKEN = 'metrics-token-0123456789abcdef'
// Prometheus' own checker (Debian's `prometheus` package, installed by .ci/run): CI must run it.
const promtool = spawnSync('promtool', ['--version']).status === 0

describe(`GET /metrics on ${testDialect}`, () => {
  let app: TestApp
  let off: TestApp
  let receiver: Receiver

  beforeAll(async () => {
    const webhooks = { ...parseConfig({ NODE_ENV: 'test' }).webhooks, allowPrivate: true, pollMs: 50 }
    app = await startTestApp({ metricsToken: TOKEN, webhooks })
    off = await startTestApp()
    receiver = await startReceiver(() => 200)
    const admin = await createSignedInAdmin(app, { role: 'admin' })
    await created(
      await admin.post('/api/admin/webhooks', {
        name: 'Buyer',
        url: receiver.url,
        secret: 'metrics-secret-0123456789',
      }),
    )
  })
  afterAll(async () => {
    await app?.close()
    await off?.close()
    await receiver?.close()
  })

  const scrape = (token = TOKEN) => app.request('/metrics', { headers: { authorization: `Bearer ${token}` } })
  const value = (text: string, series: string) =>
    Number(
      text
        .split('\n')
        .find((l) => l.startsWith(`${series} `))
        ?.split(' ')[1] ?? 0,
    )

  it('does not exist without METRICS_TOKEN', async () => {
    const response = await off.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(404)
  })

  it('refuses a request without the token or with another one', async () => {
    await expectError(await app.request('/metrics'), 401, 'A valid metrics token is required')
    await expectError(
      await scrape('metrics-token-wrong-0000000000'),
      401,
      'A valid metrics token is required',
    )
    await expectError(
      await app.request('/metrics', { headers: { authorization: `Basic ${TOKEN}` } }),
      401,
      'A valid metrics token is required',
    )
  })

  it('reports page cache hits, requests by class, leads and deliveries as they happen', async () => {
    const before = await (await scrape()).text()
    for (let i = 0; i < 3; i++) expect((await app.request('/privacy-policy')).status).toBe(200)
    await created(
      await app.postJson('/api/leads', leadPayload({ email: 'metrics@example.test', phone: '07712345678' })),
    )
    await waitUntil(() => receiver.receipts.length === 1, { what: 'the delivery' })
    await waitUntil(
      async () =>
        value(await (await scrape()).text(), 'webhook_delivery_attempts_total{outcome="delivered"}') === 1,
      {
        what: 'the attempt to be counted',
      },
    )

    const response = await scrape()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const text = await response.text()
    expect(value(text, 'page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(
      value(before, 'page_cache_requests_total{result="hit"}') + 2,
    )
    expect(value(text, 'leads_accepted_total')).toBe(value(before, 'leads_accepted_total') + 1)
    expect(value(text, 'http_requests_total{class="api_public",status="2xx"}')).toBeGreaterThanOrEqual(1)
    expect(value(text, 'http_requests_total{class="page_cached",status="2xx"}')).toBeGreaterThanOrEqual(2)
    expect(value(text, 'http_requests_total{class="api_admin",status="2xx"}')).toBeGreaterThanOrEqual(1)
    expect(text).toMatch(/http_request_duration_seconds_bucket\{class="page_cached",le="\+Inf"\} \d+/)
    expect(text).toMatch(/nodejs_eventloop_lag_seconds\{quantile="0.5"\} /)
    expect(value(text, 'nodejs_eventloop_lag_seconds_count')).toBeGreaterThan(0)
    // Nothing personal: the lead's e-mail never appears.
    expect(text).not.toContain('metrics@example.test')
  })

  it.skipIf(!promtool && process.env.CI !== 'true')(
    'passes `promtool check metrics` after pages, a lead and a delivery',
    async () => {
      expect(promtool, 'promtool is not on PATH (apt-get install prometheus)').toBe(true)
      const delivered = receiver.receipts.length
      for (const path of ['/', '/', '/evidence', '/no-such-page'])
        expect([200, 404]).toContain((await app.request(path)).status)
      await created(
        await app.postJson(
          '/api/leads',
          leadPayload({ email: 'promtool@example.test', phone: '07712345679' }),
        ),
      )
      await waitUntil(() => receiver.receipts.length === delivered + 1, { what: 'the delivery' })
      await scrape()
      const text = await (await scrape()).text()
      const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' })
      expect({ status: check.status, output: `${check.stdout}${check.stderr}` }).toEqual({
        status: 0,
        output: '',
      })
    },
  )
})
