import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'

describe('webhook settings', () => {
  it('has the issue’s defaults', () => {
    expect(parseConfig({}).webhooks).toEqual({
      retryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000],
      offerRetryDelaysMs: [5000],
      allowPrivate: false,
      timeoutMs: 10_000,
      leaseMs: 15_000,
      pollMs: 1000,
      concurrency: 256,
    })
  })

  it('reads fractional delays and the switch', () => {
    const { webhooks } = parseConfig({
      WEBHOOK_RETRY_DELAYS: '0.2, 1,30',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_POLL_SECONDS: '0.05',
    })
    expect(webhooks).toMatchObject({ retryDelaysMs: [200, 1000, 30_000], allowPrivate: true, pollMs: 50 })
    expect(parseConfig({ WEBHOOK_RETRY_DELAYS: '' }).webhooks.retryDelaysMs).toEqual([])
    expect(parseConfig({ OFFER_RETRY_DELAYS: '1,2.5' }).webhooks.offerRetryDelaysMs).toEqual([1000, 2500])
  })

  it.each([
    [{ WEBHOOK_RETRY_DELAYS: '60,soon' }, /WEBHOOK_RETRY_DELAYS/],
    [{ WEBHOOK_RETRY_DELAYS: '60,-5' }, /WEBHOOK_RETRY_DELAYS/],
    [{ WEBHOOK_ALLOW_PRIVATE: 'maybe' }, /WEBHOOK_ALLOW_PRIVATE: must be true or false/],
    [{ WEBHOOK_TIMEOUT_SECONDS: '20' }, /WEBHOOK_LEASE_SECONDS must be longer than WEBHOOK_TIMEOUT_SECONDS/],
    [{ WEBHOOK_CONCURRENCY: '0' }, /WEBHOOK_CONCURRENCY/],
  ])('refuses %j', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message)
  })
})

describe('conversion settings', () => {
  it('has the platforms’ own endpoints and no key by default', () => {
    expect(parseConfig({}).conversions).toEqual({
      key: undefined,
      googleDataManagerUrl: 'https://datamanager.googleapis.com',
      googleTokenUrl: 'https://oauth2.googleapis.com/token',
      metaGraphUrl: 'https://graph.facebook.com',
      tiktokEventsUrl: 'https://business-api.tiktok.com',
      retryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000],
      pollMs: 2000,
      timeoutMs: 15_000,
    })
  })

  it('reads a 32-byte base64 key and local http endpoints', () => {
    const key = Buffer.alloc(32, 1)
    const { conversions } = parseConfig({
      CONVERSIONS_KEY: key.toString('base64'),
      META_GRAPH_URL: 'http://127.0.0.1:4100/meta/',
      TIKTOK_EVENTS_URL: 'http://localhost:4100',
    })
    expect(conversions.key?.equals(key)).toBe(true)
    expect(conversions.metaGraphUrl).toBe('http://127.0.0.1:4100/meta')
    expect(conversions.tiktokEventsUrl).toBe('http://localhost:4100')
  })

  it.each([
    [{ CONVERSIONS_KEY: Buffer.alloc(16).toString('base64') }, /CONVERSIONS_KEY/],
    [{ META_GRAPH_URL: 'http://graph.example.com' }, /META_GRAPH_URL/],
    [{ GOOGLE_DATA_MANAGER_URL: 'ftp://x' }, /GOOGLE_DATA_MANAGER_URL/],
  ])('refuses %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message)
  })
})
