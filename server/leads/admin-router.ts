import { Router } from 'express'
import { attributionKeys } from '../../core/attribution.ts'
import { CSV_BOM, csvRow, LEAD_CSV_COLUMNS, leadCsvFilename, leadCsvRow } from '../../core/csv.ts'
import { leadStats } from '../../core/figures.ts'
import type { Answers, QuestionnaireDefinition } from '../../core/questionnaire/definition.ts'
import { revenuePeriod } from '../../core/revenue.ts'
import { leadExportQuerySchema, leadStatsQuerySchema } from '../../core/schemas/leads.ts'
import { visitorTotals } from '../insight/index.ts'
import type { AppServices } from '../platform/index.ts'
import { audit, HttpError, parseId, write } from '../platform/index.ts'
import { leadDeliveries, leadRouting, resendLead, routeAgain, submissionDeliveries } from '../sales/index.ts'
import { answerableVersions } from './answers.server.ts'
import { findLead } from './lead-detail.server.ts'
import { findQuestionnaireVersion, liveQuestionnaire } from './questionnaire/queries.server.ts'
import {
  allLeads,
  leadCounts,
  leadCsvAttributionColumns,
  leadCsvColumns,
  leadsPerDay,
} from './search.server.ts'

/** The questions whose answers the export adds: of the version asked for, or of the live one. */
async function questionsForExport(db: AppServices['db'], id: number | undefined) {
  const version = id === undefined ? await liveQuestionnaire(db) : await findQuestionnaireVersion(db, id)
  if (!version) {
    throw new HttpError(
      400,
      id === undefined
        ? 'answers: no questionnaire is live'
        : `questionnaireVersion: there is no version ${id}`,
    )
  }
  return version.definition
}

/** One cell per question: the label of the answer given, as that version words it. */
function answerCells(definition: QuestionnaireDefinition, answers: Answers | null): string[] {
  return definition.questions.map((question) => {
    const value = answers && Object.hasOwn(answers, question.id) ? answers[question.id] : undefined
    if (value === undefined) return ''
    return question.options.find((o) => o.value === value)?.label ?? value
  })
}

/** Under /api/admin/leads, behind the leads permission. */
export function leadsAdminRouter({ db, dialect, webhooks }: AppServices): Router {
  const router = Router()

  router.get('/stats', async (req, res) => {
    const parsed = leadStatsQuerySchema.safeParse(req.query)
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
    const period = revenuePeriod(parsed.data.from, parsed.data.to)
    const [counts, visitors] = await Promise.all([leadCounts(db, dialect, period), visitorTotals(db, period)])
    res.setHeader('Cache-Control', 'no-store')
    res.json(leadStats(counts.total, counts.thisMonth, { ...period, leads: counts.leads, ...visitors }))
  })

  router.get('/questionnaires', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await answerableVersions(db))
  })

  router.get('/daily', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await leadsPerDay(db, dialect))
  })

  /**
   * SPEC section 9's CSV, streamed from keyset batches so memory stays flat at any size: UTF-8
   * with a BOM (Excel), RFC 4180 quoting, formula cells neutralised, the current search honoured.
   */
  router.get('/export.csv', async (req, res) => {
    const parsed = leadExportQuerySchema.safeParse(req.query)
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
    const { q, source, campaign, attribution, questionnaireVersion, answer, answers, sale } = parsed.data
    const filter = { source, campaign, questionnaireVersion, answer, sale }
    const version = answers ? await questionsForExport(db, questionnaireVersion) : undefined
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="${leadCsvFilename(new Date())}"`)
    res.setHeader('Cache-Control', 'no-store')
    // A proxy in front (deploy/nginx.conf) passes a long export on as it is written.
    res.setHeader('X-Accel-Buffering', 'no')
    const header: string[] = [...LEAD_CSV_COLUMNS]
    if (attribution) header.push(...attributionKeys)
    if (version) header.push(...version.questions.map((question) => question.title))
    await write(res, CSV_BOM + csvRow(header))
    let rows = 0
    const columns = [
      ...leadCsvColumns,
      ...(attribution ? leadCsvAttributionColumns : []),
      ...(version ? (['answers'] as const) : []),
    ]
    for await (const batch of allLeads(db, dialect, q, columns, 1000, filter)) {
      const text = batch
        .map((lead) => {
          const row = lead as Record<string, unknown>
          const extra = attribution
            ? leadCsvAttributionColumns.map((c) => (row[c] as string | null) ?? '')
            : []
          if (version) extra.push(...answerCells(version, row.answers as Answers | null))
          return leadCsvRow(lead as never, extra)
        })
        .join('')
      await write(res, text)
      rows += batch.length
    }
    await audit(db, {
      actor: req.admin,
      action: 'lead.export',
      entity: 'lead',
      detail: {
        searched: Boolean(q),
        filtered: Boolean(source || campaign || questionnaireVersion || answer?.length || sale),
        attribution,
        answers,
        rows,
      },
    })
    res.end()
  })

  router.get('/:id', async (req, res) => {
    const lead = await findLead(db, parseId(req.params.id, 'Lead'))
    if (!lead) throw new HttpError(404, 'Lead not found')
    await audit(db, { actor: req.admin, action: 'lead.view', entity: 'lead', entityId: lead.id })
    res.setHeader('Cache-Control', 'no-store')
    const [deliveries, bySubmission, routing] = await Promise.all([
      leadDeliveries(db, lead.id),
      submissionDeliveries(db, lead.id),
      leadRouting(db, lead.id),
    ])
    res.json({
      ...lead,
      deliveries,
      routing,
      submissions: lead.submissions.map((s) => ({ ...s, deliveries: bySubmission.get(s.id) ?? [] })),
    })
  })

  router.post('/:id/resend', async (req, res) => {
    const id = parseId(req.params.id, 'Lead')
    const done = await resendLead(db, dialect, id)
    if (!done) throw new HttpError(404, 'Lead not found')
    webhooks.wake()
    await audit(db, { actor: req.admin, action: 'lead.resend', entity: 'lead', entityId: id, detail: done })
    res.json({ ...done, deliveries: await leadDeliveries(db, id) })
  })

  router.post('/:id/route', async (req, res) => {
    const id = parseId(req.params.id, 'Lead')
    const done = await routeAgain(db, id, new Date(), dialect)
    if (!done.ok) throw new HttpError(done.status, done.message)
    if (done.offers > 0) webhooks.wake()
    await audit(db, { actor: req.admin, action: 'lead.route', entity: 'lead', entityId: id, detail: done })
    res.json({ offers: done.offers, round: done.round, routing: await leadRouting(db, id) })
  })

  return router
}
