import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { AppEvents } from '../../platform/index.ts'
import { Metrics, routeClassOf } from './metrics.ts'

const line = (text: string, prefix: string) => text.split('\n').find((l) => l.startsWith(prefix))

describe('Metrics', () => {
  it('counts requests by class and status class, with cumulative histogram buckets', () => {
    const metrics = new Metrics()
    metrics.request('page_cached', 200, 0.0003)
    metrics.request('page_cached', 304, 0.0002)
    metrics.request('api_public', 201, 0.004)
    metrics.request('api_public', 422, 0.3)
    const text = metrics.render()
    metrics.stop()
    expect(line(text, 'http_requests_total{class="page_cached",status="2xx"}')).toMatch(/ 1$/)
    expect(line(text, 'http_requests_total{class="page_cached",status="3xx"}')).toMatch(/ 1$/)
    expect(line(text, 'http_requests_total{class="api_public",status="4xx"}')).toMatch(/ 1$/)
    expect(line(text, 'http_request_duration_seconds_bucket{class="api_public",le="0.0025"}')).toMatch(/ 0$/)
    expect(line(text, 'http_request_duration_seconds_bucket{class="api_public",le="0.005"}')).toMatch(/ 1$/)
    expect(line(text, 'http_request_duration_seconds_bucket{class="api_public",le="0.25"}')).toMatch(/ 1$/)
    expect(line(text, 'http_request_duration_seconds_bucket{class="api_public",le="0.5"}')).toMatch(/ 2$/)
    expect(line(text, 'http_request_duration_seconds_bucket{class="api_public",le="+Inf"}')).toMatch(/ 2$/)
    expect(line(text, 'http_request_duration_seconds_count{class="api_public"}')).toMatch(/ 2$/)
    expect(
      Number(line(text, 'http_request_duration_seconds_sum{class="api_public"}')?.split(' ')[1]),
    ).toBeCloseTo(0.304)
    // Classes with no request are left out rather than shown as zero histograms.
    expect(text).not.toContain('class="api_admin"')
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds',
      'page_cache_requests_total',
    ])
      expect(text).toContain(`# TYPE ${family} `)
  })

  it('counts page cache hits and misses, leads and delivery attempts from the app events', () => {
    const events = new EventEmitter<AppEvents>()
    const metrics = new Metrics(events)
    metrics.pageCache(true)
    metrics.pageCache(true)
    metrics.pageCache(false)
    events.emit('lead.created', { id: 1, deliveries: 1 })
    events.emit('webhook.attempt', { outcome: 'retry' })
    events.emit('webhook.attempt', { outcome: 'delivered' })
    const text = metrics.render()
    metrics.stop()
    expect(text).toContain('page_cache_requests_total{result="hit"} 2')
    expect(text).toContain('page_cache_requests_total{result="miss"} 1')
    expect(text).toContain('leads_accepted_total 1')
    expect(text).toContain('webhook_delivery_attempts_total{outcome="delivered"} 1')
    expect(text).toContain('webhook_delivery_attempts_total{outcome="retry"} 1')
    expect(text).toContain('webhook_delivery_attempts_total{outcome="failed"} 0')
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds summary')
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{quantile="0.99"\} [\d.e-]+$/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds_sum [\d.e-]+$/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds_count \d+$/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_max_seconds [\d.e-]+$/m)
    expect(text).toMatch(/process_resident_memory_bytes \d+/)
  })

  it.each([
    ['/assets/app.js', 'asset'],
    ['/uploads/x.webp', 'upload'],
    ['/healthz', 'health'],
    ['/metrics', 'metrics'],
    ['/api/admin/pages', 'api_admin'],
    ['/api/leads', 'api_public'],
    ['/', 'page'],
    ['/offer', 'page'],
  ])('classes %s as %s', (path, routeClass) => {
    expect(routeClassOf(path)).toBe(routeClass)
  })
})
