import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'
import type { AppServices } from '../../platform/index.ts'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * GET /metrics: this instance's figures in Prometheus' text format, for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the address does not exist.
 */
export function metricsRoute(services: AppServices): RequestHandler {
  const token = services.config.metricsToken
  const expected = token ? digest(token) : undefined
  return (req, res, next) => {
    if (req.path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    if (!expected) return next()
    res.setHeader('Cache-Control', 'no-store')
    const sent = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim()
    if (!sent || !timingSafeEqual(digest(sent), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"')
      res.status(401).json({ message: 'A valid metrics token is required' })
      return
    }
    res.type('text/plain; version=0.0.4; charset=utf-8').send(services.metrics.render())
  }
}
