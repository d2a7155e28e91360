import express, { type RequestHandler, Router } from 'express'
import { KEYS_PER_DAY, VALUE_MAX_LENGTH, VALUES_PER_DAY } from '../../../core/analytics.ts'
import { EVENT_BODY_LIMIT, eventSchema } from '../../../core/schemas/analytics.ts'
import type { AppServices } from '../../platform/index.ts'
import { HttpError, mountRoutes, route } from '../../platform/index.ts'
import { acceptEvent, EVENTS_PATH } from './beacon-endpoint.ts'

/**
 * `POST /api/events` through the pipeline (the development server, and whatever the lean path in
 * beacon-endpoint.ts hands on): the public islands' beacon (navigator.sendBeacon posts text/plain, so any
 * type is read as text and parsed as JSON, after the rate limit: the handler reads the body). Answered
 * 202 with no body whether the event counts or not (a bot's, a `lead` beacon): nothing tells a script
 * what is counted.
 */
export const eventsRoutes = [
  route({
    method: 'post',
    path: EVENTS_PATH,
    summary: 'Record an analytics event (the public pages’ beacon)',
    description: `A text or JSON body of at most 2 KB, as \`navigator.sendBeacon\` posts it. Answered 202 with no body whether the event is counted or not: bots, a \`lead\` beacon (the server counts leads at capture), the page-view beacon (the server counts the pages it serves), a path the site does not serve, a step no live or tested questionnaire asks and a variant no running experiment shows add no figure, nor does any event from a browser that objects to counting (\`Sec-GPC: 1\` or the \`cc_no_count=1\` cookie). Interactions need \`elapsed\` (ms since the page loaded) of at least 150. Each UK day keeps at most ${VALUES_PER_DAY} values (of at most ${VALUE_MAX_LENGTH} characters) per utm parameter and referrer domain and ${KEYS_PER_DAY} first-touch keys; later ones count as \`(other)\`. Rate-limited per client address (\`RATE_LIMIT_EVENTS\`, default 600 per 10 minutes).`,
    auth: 'public',
    body: eventSchema,
    readBody: 'in-handler',
    status: 202,
    responses: {
      413: 'The body is larger than 2 KB',
      429: 'Too many events from this address: wait for `Retry-After` seconds',
    },
    handle: ({ services, req, res }) => {
      const text = typeof req.body === 'string' ? req.body : ''
      const result = acceptEvent(services, text, req.ip ?? 'unknown', req.get('user-agent'), {
        gpc: req.get('sec-gpc'),
        cookie: req.get('cookie'),
      })
      if (result.status === 429) {
        res.setHeader('Retry-After', String(result.retryAfterSeconds))
        res.setHeader('Cache-Control', 'no-store')
        res.status(429).json({ message: result.message })
        return
      }
      if (result.status !== 202) throw new HttpError(result.status, result.message)
      res.setHeader('Cache-Control', 'no-store')
      res.status(202).end()
    },
  }),
]

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
  router.post(EVENTS_PATH, body)
  return mountRoutes(router, services, '', eventsRoutes)
}
