import { type Response, Router } from 'express'
import { dropOff } from '../../../core/analytics.ts'
import { type CsvValue, csvRow } from '../../../core/csv.ts'
import { denominatorText } from '../../../core/figures.ts'
import {
  type AnalyticsQuery,
  analyticsQuerySchema,
  breakdownQuerySchema,
} from '../../../core/schemas/analytics.ts'
import { questionTitles } from '../../leads/index.ts'
import type { AppServices } from '../../platform/index.ts'
import { apiModule, arrayOf, mountRoutes, route, shape } from '../../platform/index.ts'
import { breakdown, funnel, series } from './reports.server.ts'
import { eventsRoutes } from './router.ts'

/** A share for a CSV cell: four decimals, empty when there is nothing to divide. */
const fraction = (share: number | null) => (share === null ? '' : share.toFixed(4))

/** A table as CSV (`format=csv`), or the report to answer as JSON. */
function answer(
  res: Response,
  query: AnalyticsQuery,
  name: string,
  report: unknown,
  header: string[],
  rows: CsvValue[][],
) {
  res.setHeader('Cache-Control', 'no-store')
  if (query.format !== 'csv') return report
  res.type('text/csv; charset=utf-8')
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="analytics-${name}-${query.from}-to-${query.to}.csv"`,
  )
  res.send([header, ...rows].map(csvRow).join(''))
}

const BASE = '/api/admin/analytics'
const auth = 'permission:analytics'
const period = { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } } as const
const filters =
  'UK days `from`..`to` (YYYY-MM-DD, both included, at most 366). `path` (landing page), `utm_source`, `utm_campaign` and `variant` match exactly: visitors and their steps by their first touch of the day, leads, sales and revenue by the source and campaign recorded on the lead (as the revenue reports credit them); `(none)` matches those without one. A share is a count divided by what it names (visitors or leads), never above 1, null when there is nothing to divide. `format=csv` answers the table as CSV.'

/** `/api/admin/analytics` (permission `analytics`): the funnel, breakdowns and the daily series. */
export const analyticsRoutes = [
  route({
    method: 'get',
    path: `${BASE}/funnel`,
    summary: 'The funnel for a period',
    description: `${filters} Steps in order: visitors, questionnaire_start, step:<question id> (in the live questionnaire's order, then others by count; labelled with the live version's question text, else the newest version's that asks it), eligible, form_start, lead (visitors who sent a lead), sold (leads sold). Visitor steps' \`share\` is of the visitors, the sold step's of the leads. \`conversionRate\` is visitors who sent a lead over visitors; \`soldRate\` is sold leads over leads; revenue is the ledger's net of approved returns for the period's leads.`,
    auth,
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
    handle: async ({ services: { db, site }, query, res }) => {
      const [{ questionnaire }, titles] = await Promise.all([site.get(), questionTitles(db)])
      const report = await funnel(
        db,
        query,
        questionnaire?.definition.questions.map((q) => q.id),
        titles,
      )
      const lost = dropOff(report.steps)
      const rows = report.steps.map((s, i) => [
        s.name,
        s.label,
        s.count,
        fraction(s.share),
        denominatorText[s.of],
        fraction(lost[i] ?? null),
      ])
      return answer(
        res,
        query,
        'funnel',
        report,
        ['Step', 'Label', 'Count', 'Share', 'Share of', 'Lost from step before'],
        rows,
      )
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/breakdown`,
    summary: 'Visitors, leads and revenue by landing page, campaign, source, variant or device',
    description: `${filters} \`by\` names the dimension. \`leadVisitors\` are the row's visitors who sent a lead; \`conversionRate\` = leadVisitors / visitors, \`soldRate\` = sold / leads.`,
    auth,
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
    handle: async ({ services: { db }, query, res }) => {
      const report = await breakdown(db, query, query.by)
      const rows = report.rows.map((r) => [
        r.value,
        r.visitors,
        r.questionnaireStarts,
        r.leadVisitors,
        r.leads,
        r.sold,
        { number: (r.revenuePence / 100).toFixed(2) },
        fraction(r.conversionRate),
        fraction(r.soldRate),
        { number: (r.revenuePerVisitorPence / 100).toFixed(2) },
      ])
      return answer(
        res,
        query,
        `by-${query.by}`,
        report,
        [
          query.by,
          'Visitors',
          'Questionnaire starts',
          'Visitors who sent a lead',
          'Leads',
          'Sold',
          'Revenue (GBP)',
          'Conversion rate (of visitors)',
          'Sold rate (of leads)',
          'Revenue per visitor (GBP)',
        ],
        rows,
      )
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/series`,
    summary: 'Visitors, page views, questionnaire starts and leads per UK day',
    description: filters,
    auth,
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
    handle: async ({ services: { db }, query, res }) => {
      const report = await series(db, query)
      const rows = report.days.map((d) => [d.date, d.visitors, d.pageviews, d.questionnaireStarts, d.leads])
      return answer(
        res,
        query,
        'series',
        report,
        ['Date', 'Visitors', 'Page views', 'Questionnaire starts', 'Leads'],
        rows,
      )
    },
  }),
]

export const analyticsApi = apiModule(
  {
    tag: {
      name: 'Analytics',
      description:
        'Cookieless funnel and campaign analytics: a visitor is a daily-salted hash, nothing is stored on the device, and reports read hourly roll-ups.',
    },
  },
  [...eventsRoutes, ...analyticsRoutes],
)

export function analyticsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, analyticsRoutes)
}
