import { COUNTING_ANCHOR, COUNTING_PATH, NO_COUNT_COOKIE, noCountCookie } from '../../../core/counting.ts'
import { countingFormSchema } from '../../../core/schemas/counting.ts'
import { HttpError, parseBody, route } from '../../platform/index.ts'
import { returnTarget } from './return-target.server.ts'

/**
 * The cookie policy's "Don't count my visits" form without JavaScript (ADR 0077): sets or undoes
 * the objection cookie and answers 303 back to the form, where the page shows the choice. Nothing
 * is stored on the server: the cookie is the whole record.
 */
export const countingRoutes = [
  route({
    method: 'post',
    path: COUNTING_PATH,
    summary: 'Object to being counted by analytics, or undo it (the cookie policy’s form)',
    description: `\`count=off\` sets the strictly necessary \`${NO_COUNT_COOKIE}=1\` cookie for a year: the browser's visits are then not counted (no page view, event, experiment exposure or visitor id), as for a request sending \`Sec-GPC: 1\`. \`count=on\` undoes it (the cookie becomes \`0\` for ten minutes, so the page can confirm). Answers 303 to the page the form came from (the Referer when it is on this site, else \`returnTo\` when it is a path here, else \`/\`), at its \`#${COUNTING_ANCHOR}\` anchor. Nothing is stored on the server.`,
    auth: 'public',
    body: countingFormSchema,
    requestType: 'application/x-www-form-urlencoded',
    readBody: 'in-handler',
    status: 303,
    responses: { 429: 'Too many requests' },
    handle: ({ services, req, res }) => {
      if (req.is('application/x-www-form-urlencoded') !== 'application/x-www-form-urlencoded') {
        throw new HttpError(400, 'Request body must be a form (application/x-www-form-urlencoded)')
      }
      const form = parseBody(countingFormSchema, req, { acceptForms: true })
      const publicOrigin = services.config.publicUrl ? new URL(services.config.publicUrl).origin : undefined
      const secure = services.config.publicUrl?.startsWith('https://') ?? false
      res.append('Set-Cookie', noCountCookie(form.count, secure))
      const location = returnTarget({
        referer: req.get('referer'),
        returnTo: form.returnTo,
        ownOrigins: [`${req.protocol}://${req.get('host')}`, ...(publicOrigin ? [publicOrigin] : [])],
      })
      res.set('Cache-Control', 'no-store').redirect(303, `${location}#${COUNTING_ANCHOR}`)
      return undefined
    },
  }),
]
