import { KEYS_PER_DAY, VALUE_MAX_LENGTH, VALUES_PER_DAY } from '../../../core/analytics.ts'
import { analyticsQuerySchema, breakdownQuerySchema, eventSchema } from '../../../core/schemas/analytics.ts'
import { arrayOf, defineApi, shape } from '../../platform/index.ts'

const BASE = '/api/admin/analytics'
const period = { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } } as const
const filters =
  'UK days `from`..`to` (YYYY-MM-DD, both included, at most 366). `path` (landing page), `utm_source`, `utm_campaign` and `variant` match exactly: visitors and their steps by their first touch of the day, leads, sales and revenue by the source and campaign recorded on the lead (as the revenue reports credit them); `(none)` matches those without one. A share is a count divided by what it names (visitors or leads), never above 1, null when there is nothing to divide. `format=csv` answers the table as CSV.'

export const analyticsApi = defineApi({
  tag: {
    name: 'Analytics',
    description:
      'Cookieless funnel and campaign analytics: a visitor is a daily-salted hash, nothing is stored on the device, and reports read hourly roll-ups.',
  },
  operations: [
    {
      method: 'post',
      path: '/api/events',
      summary: 'Record an analytics event (the public pages’ beacon)',
      description: `A text or JSON body of at most 2 KB, as \`navigator.sendBeacon\` posts it. Answered 202 with no body whether the event is counted or not: bots, a \`lead\` beacon (the server counts leads at capture), the page-view beacon (the server counts the pages it serves), a path the site does not serve, a step no live or tested questionnaire asks and a variant no running experiment shows add no figure. Interactions need \`elapsed\` (ms since the page loaded) of at least 150. Each UK day keeps at most ${VALUES_PER_DAY} values (of at most ${VALUE_MAX_LENGTH} characters) per utm parameter and referrer domain and ${KEYS_PER_DAY} first-touch keys; later ones count as \`(other)\`. Rate-limited per client address (\`RATE_LIMIT_EVENTS\`, default 600 per 10 minutes).`,
      auth: 'public',
      request: eventSchema,
      status: 202,
      responses: {
        413: 'The body is larger than 2 KB',
        429: 'Too many events from this address: wait for `Retry-After` seconds',
      },
    },
    {
      method: 'get',
      path: `${BASE}/funnel`,
      summary: 'The funnel for a period',
      description: `${filters} Steps in order: visitors, questionnaire_start, step:<question id> (in the live questionnaire's order, then others by count; labelled with the live version's question text, else the newest version's that asks it), eligible, form_start, lead (visitors who sent a lead), sold (leads sold). Visitor steps' \`share\` is of the visitors, the sold step's of the leads. \`conversionRate\` is visitors who sent a lead over visitors; \`soldRate\` is sold leads over leads; revenue is the ledger's net of approved returns for the period's leads.`,
      auth: 'permission:analytics',
      query: analyticsQuerySchema,
      response: shape({
        ...period,
        steps: arrayOf(
          shape({ name: 'string', label: 'string', count: 'integer', of: 'string', 'share?': 'number' }),
        ),
        visitors: 'integer',
        pageviews: 'integer',
        leads: 'integer',
        sold: 'integer',
        revenuePence: 'integer',
        'conversionRate?': 'number',
        'soldRate?': 'number',
      }),
    },
    {
      method: 'get',
      path: `${BASE}/breakdown`,
      summary: 'Visitors, leads and revenue by landing page, campaign, source, variant or device',
      description: `${filters} \`by\` names the dimension. \`leadVisitors\` are the row's visitors who sent a lead; \`conversionRate\` = leadVisitors / visitors, \`soldRate\` = sold / leads.`,
      auth: 'permission:analytics',
      query: breakdownQuerySchema,
      response: shape({
        ...period,
        by: 'string',
        rows: arrayOf(
          shape({
            value: 'string',
            visitors: 'integer',
            questionnaireStarts: 'integer',
            leadVisitors: 'integer',
            leads: 'integer',
            sold: 'integer',
            revenuePence: 'integer',
            'conversionRate?': 'number',
            'soldRate?': 'number',
            revenuePerVisitorPence: 'integer',
          }),
        ),
      }),
    },
    {
      method: 'get',
      path: `${BASE}/series`,
      summary: 'Visitors, page views, questionnaire starts and leads per UK day',
      description: filters,
      auth: 'permission:analytics',
      query: analyticsQuerySchema,
      response: shape({
        ...period,
        days: arrayOf(
          shape({
            date: 'string',
            visitors: 'integer',
            pageviews: 'integer',
            questionnaireStarts: 'integer',
            leads: 'integer',
          }),
        ),
      }),
    },
  ],
})
