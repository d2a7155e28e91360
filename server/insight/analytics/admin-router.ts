import { type Request, type Response, Router } from 'express'
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
import { HttpError } from '../../platform/index.ts'
import { breakdown, funnel, series } from './reports.server.ts'

/** A share for a CSV cell: four decimals, empty when there is nothing to divide. */
const fraction = (share: number | null) => (share === null ? '' : share.toFixed(4))

function parse<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }
  },
  req: Request,
): T {
  const parsed = schema.safeParse(req.query)
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
  return parsed.data
}

/** A table as CSV (`format=csv`), or the report as JSON. */
function answer(
  res: Response,
  query: AnalyticsQuery,
  name: string,
  report: unknown,
  header: string[],
  rows: CsvValue[][],
) {
  res.setHeader('Cache-Control', 'no-store')
  if (query.format !== 'csv') {
    res.json(report)
    return
  }
  res.type('text/csv; charset=utf-8')
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="analytics-${name}-${query.from}-to-${query.to}.csv"`,
  )
  res.send([header, ...rows].map(csvRow).join(''))
}

/** `/api/admin/analytics` (permission `analytics`): the funnel, breakdowns and the daily series. */
export function analyticsAdminRouter({ db, site }: AppServices): Router {
  const router = Router()

  router.get('/funnel', async (req, res) => {
    const query = parse(analyticsQuerySchema, req)
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
    answer(
      res,
      query,
      'funnel',
      report,
      ['Step', 'Label', 'Count', 'Share', 'Share of', 'Lost from step before'],
      rows,
    )
  })

  router.get('/breakdown', async (req, res) => {
    const query = parse(breakdownQuerySchema, req)
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
    answer(
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
  })

  router.get('/series', async (req, res) => {
    const query = parse(analyticsQuerySchema, req)
    const report = await series(db, query)
    const rows = report.days.map((d) => [d.date, d.visitors, d.pageviews, d.questionnaireStarts, d.leads])
    answer(
      res,
      query,
      'series',
      report,
      ['Date', 'Visitors', 'Page views', 'Questionnaire starts', 'Leads'],
      rows,
    )
  })

  return router
}
