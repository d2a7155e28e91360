import express, { type RequestHandler, Router } from 'express'
import { EVENT_BODY_LIMIT, eventSchema } from '../../core/schemas/analytics.ts'
import type { AppServices } from '../context.ts'
import { HttpError } from '../http/errors.ts'

/**
 * `POST /api/events`: the public islands' beacon (navigator.sendBeacon posts text/plain, so any
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
  router.post('/api/events', body, (req, res) => {
    const body = typeof req.body === 'string' ? req.body : ''
    let parsedJson: unknown
    try {
      parsedJson = JSON.parse(body)
    } catch {
      throw new HttpError(400, 'The body must be a JSON event')
    }
    const parsed = eventSchema.safeParse(parsedJson)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new HttpError(
        400,
        issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'Invalid event',
      )
    }
    services.analytics.beacon(req.ip ?? 'unknown', req.get('user-agent'), parsed.data)
    res.setHeader('Cache-Control', 'no-store')
    res.status(202).end()
  })
  return router
}
