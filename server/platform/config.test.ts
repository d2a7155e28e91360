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
      concurrency: 16,
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
