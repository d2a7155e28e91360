import express, { type RequestHandler, Router } from 'express'
import { EVENT_BODY_LIMIT } from '../../../core/schemas/analytics.ts'
import type { AppServices } from '../../platform/index.ts'
import { HttpError } from '../../platform/index.ts'
import { acceptEvent, EVENTS_PATH } from './beacon-endpoint.ts'

/**
 * `POST /api/events` through the pipeline (the development server, and whatever the lean path in
 * beacon-endpoint.ts hands on): the public islands' beacon (navigator.sendBeacon posts text/plain, so any
 * type is read as text and parsed as JSON). Answered 202 with no body whether the event counts or
 * not (a bot's, a `lead` beacon): nothing tells a script what is counted.
 */
export function eventsRouter(services: AppServices): Router {
  const router = Router()
  const text = express.text({ type: () => true, limit: EVENT_BODY_LIMIT })
  // The beacon's contract answers an oversize body 413 (the API elsewhere says 400).
  const body: RequestHandler = (req, res, next) =>
    text(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') {
        next(new HttpError(413, `An event must be at most ${EVENT_BODY_LIMIT} bytes`))
      } else next(err)
    })
  router.post(EVENTS_PATH, body, (req, res) => {
    const text = typeof req.body === 'string' ? req.body : ''
    const result = acceptEvent(services, text, req.ip ?? 'unknown', req.get('user-agent'))
    if (result.status === 429) {
      res.setHeader('Retry-After', String(result.retryAfterSeconds))
      res.setHeader('Cache-Control', 'no-store')
      res.status(429).json({ message: result.message })
      return
    }
    if (result.status !== 202) throw new HttpError(result.status, result.message)
    res.setHeader('Cache-Control', 'no-store')
    res.status(202).end()
  })
  return router
}
