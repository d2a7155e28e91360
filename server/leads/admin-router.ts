import { Router } from 'express'
import { z } from 'zod'
import { attributionKeys } from '../../core/attribution.ts'
import { CSV_BOM, csvRow, LEAD_CSV_COLUMNS, leadCsvFilename, leadCsvRow } from '../../core/csv.ts'
import { leadStats } from '../../core/figures.ts'
import type { Answers, QuestionnaireDefinition } from '../../core/questionnaire/definition.ts'
import { revenuePeriod } from '../../core/revenue.ts'
import { saleStatuses } from '../../core/schemas/buyers.ts'
import {
  answerViewSchema,
  eligibilitySchema,
  questionnaireRefSchema,
} from '../../core/schemas/delivered-lead.ts'
import { leadExportQuerySchema, leadStatsQuerySchema } from '../../core/schemas/lead-queries.ts'
import { listEvents, visitorTotals } from '../insight/index.ts'
import type { AppServices } from '../platform/index.ts'
import {
  apiModule,
  arrayOf,
  audit,
  HttpError,
  type JsonSchema,
  mountRoutes,
  ref,
  route,
  shape,
  toJsonSchema,
  write,
} from '../platform/index.ts'
import { leadDeliveries, leadRouting, resendLead, routeAgain, submissionDeliveries } from '../sales/index.ts'
import { answerableVersions } from './answers.server.ts'
import { findLead } from './lead-detail.server.ts'
import { findQuestionnaireVersion, liveQuestionnaire } from './questionnaire/queries.server.ts'
import { leadCaptureRoute, leadListRoute } from './router.ts'
import {
  allLeads,
  leadCounts,
  leadCsvAttributionColumns,
  leadCsvColumns,
  leadsPerDay,
} from './search.server.ts'

const ADMIN = '/api/admin/leads'
const deliveries = arrayOf(ref('LeadDelivery'))
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] })
const deliveryOutcome: JsonSchema = {
  type: 'string',
  enum: ['accepted', 'rejected', 'duplicate', 'failed', 'capped', 'withdrawn'],
  description: 'An offer to a contract: what the buyer answered, or why it was not posted',
}

/** `schema` with further properties that may be absent. */
function withOptional(schema: JsonSchema, fields: Record<string, JsonSchema>): JsonSchema {
  return { ...schema, properties: { ...(schema.properties as object), ...fields } }
}

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
export const leadsAdminRoutes = [
  route({
    method: 'get',
    path: `${ADMIN}/stats`,
    summary: 'The leads panel’s figures',
    description:
      '`total` and `thisMonth` (since the first instant of last month, UK time) count every lead. The rest are for UK days `from`..`to` (both included; the last 30 days by default, at most 366): `leads` captured in them; `conversionRate` = `leadVisitors` (visitors who sent a lead) / `visitors`, a whole percentage never above 100; `averagePerDay` = `leads` / `days`, to one decimal.',
    auth: 'permission:leads',
    query: leadStatsQuerySchema,
    response: shape({
      total: 'integer',
      thisMonth: 'integer',
      from: { type: 'string', format: 'date' },
      to: { type: 'string', format: 'date' },
      days: 'integer',
      leads: 'integer',
      visitors: 'integer',
      leadVisitors: 'integer',
      conversionRate: 'integer',
      averagePerDay: 'number',
    }),
    handle: async ({ services: { db, dialect }, query, res }) => {
      const period = revenuePeriod(query.from, query.to)
      const [counts, visitors] = await Promise.all([
        leadCounts(db, dialect, period),
        visitorTotals(db, period),
      ])
      res.setHeader('Cache-Control', 'no-store')
      return leadStats(counts.total, counts.thisMonth, { ...period, leads: counts.leads, ...visitors })
    },
  }),
  route({
    method: 'get',
    path: `${ADMIN}/daily`,
    summary: 'Leads per UK day',
    auth: 'permission:leads',
    response: arrayOf(shape({ date: { type: 'string', format: 'date' }, count: 'integer' })),
    handle: async ({ services: { db, dialect }, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return leadsPerDay(db, dialect)
    },
  }),
  route({
    method: 'get',
    path: `${ADMIN}/questionnaires`,
    summary: 'Questionnaire versions to filter leads by',
    auth: 'permission:leads',
    response: arrayOf(
      shape({
        id: 'integer',
        version: 'integer',
        name: 'string',
        status: { type: 'string', enum: ['live', 'retired'] },
        questions: { type: 'array', items: { type: 'object' } },
      }),
    ),
    handle: async ({ services, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      return answerableVersions(services.db)
    },
  }),
  /**
   * SPEC section 9's CSV, streamed from keyset batches so memory stays flat at any size: UTF-8
   * with a BOM (Excel), RFC 4180 quoting, formula cells neutralised, the current search honoured.
   */
  route({
    method: 'get',
    path: `${ADMIN}/export.csv`,
    summary: 'Export leads as CSV',
    description: 'UTF-8 with a BOM, RFC 4180 quoting, formula cells neutralised; streamed.',
    auth: 'permission:leads',
    query: leadExportQuerySchema,
    response: { type: 'string' },
    responseType: 'text/csv',
    handle: async ({ services: { db, dialect }, query, actor, res }) => {
      const { q, source, campaign, attribution, questionnaireVersion, answer, answers, sale } = query
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
        actor,
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
    },
  }),
  route({
    method: 'get',
    path: `${ADMIN}/{id}`,
    summary: 'A lead with everything stored about it',
    description:
      'Consent evidence (with the buyers its wording named), attribution, answers, eligibility, deliveries, later submissions and the routing decision.',
    auth: 'permission:leads',
    label: 'Lead',
    response: {
      allOf: [ref('LeadListItem')],
      properties: {
        reference: { type: 'string' },
        consentText: nullable({ type: 'string' }),
        sourceUrl: nullable({ type: 'string', description: 'The page the form was on' }),
        userAgent: nullable({ type: 'string' }),
        phoneE164: nullable({ type: 'string' }),
        phoneType: nullable({ type: 'string', enum: ['mobile', 'landline', 'other'] }),
        lastSeenAt: nullable({
          type: 'string',
          format: 'date-time',
          description: 'When the latest later submission arrived',
        }),
        constantsVersion: nullable({ type: 'string' }),
        eligibility: nullable(
          withOptional(toJsonSchema(eligibilitySchema, 'output'), {
            createdAt: { type: 'string', format: 'date-time' },
          }),
        ),
        questionnaire: toJsonSchema(questionnaireRefSchema.nullable(), 'output'),
        answers: toJsonSchema(z.array(answerViewSchema), 'output'),
        outcome: { type: ['string', 'null'], enum: ['eligible', 'not_eligible', 'guidance', null] },
        estimatedClaim: nullable({ type: 'number' }),
        variant: nullable({
          type: 'string',
          description: 'The experiment variant the lead converted on ("experimentId:variantName")',
        }),
        consent: ref('ConsentEvidence'),
        attribution: { type: 'object' },
        deliveries,
        submissions: { type: 'array', items: { type: 'object' } },
        routing: ref('LeadRouting'),
        conversions: {
          type: 'array',
          items: ref('ConversionEvent'),
          description: 'What each ad platform was told of the lead, or why not (server-side conversions)',
        },
      },
      required: ['reference', 'consent', 'deliveries', 'submissions', 'routing'],
    },
    handle: async ({ services: { db }, params, actor, res }) => {
      const lead = await findLead(db, params.id)
      if (!lead) throw new HttpError(404, 'Lead not found')
      await audit(db, { actor, action: 'lead.view', entity: 'lead', entityId: lead.id })
      res.setHeader('Cache-Control', 'no-store')
      const [leadDeliveriesOf, bySubmission, routing, conversions] = await Promise.all([
        leadDeliveries(db, lead.id),
        submissionDeliveries(db, lead.id),
        leadRouting(db, lead.id),
        listEvents(db, { leadId: lead.id }),
      ])
      return {
        ...lead,
        deliveries: leadDeliveriesOf,
        routing,
        conversions,
        submissions: lead.submissions.map((s) => ({ ...s, deliveries: bySubmission.get(s.id) ?? [] })),
      }
    },
  }),
  route({
    method: 'post',
    path: `${ADMIN}/{id}/resend`,
    summary: 'Send a lead to the webhooks again',
    auth: 'permission:leads',
    label: 'Lead',
    response: shape({ retried: 'integer', created: 'integer', deliveries }),
    handle: async ({ services: { db, dialect, webhooks }, params: { id }, actor }) => {
      const done = await resendLead(db, dialect, id)
      if (!done) throw new HttpError(404, 'Lead not found')
      webhooks.wake()
      await audit(db, { actor, action: 'lead.resend', entity: 'lead', entityId: id, detail: done })
      return { ...done, deliveries: await leadDeliveries(db, id) }
    },
  }),
  route({
    method: 'post',
    path: `${ADMIN}/{id}/route`,
    summary: 'Route a lead again',
    description:
      'Offers the lead to the contracts that match now (an unsold lead once a window opens, or a shared one with room left), leaving out those already offered it; a new round of `routing`.',
    auth: 'permission:leads',
    label: 'Lead',
    response: shape({
      offers: { type: 'integer', description: 'Contracts queued in this round (0 when none matched)' },
      round: 'integer',
      routing: ref('LeadRouting'),
    }),
    responses: { 409: 'An offer is still out (wait for the answer), or the lead is sold exclusively' },
    handle: async ({ services: { db, dialect, webhooks }, params: { id }, actor }) => {
      const done = await routeAgain(db, id, new Date(), dialect)
      if (!done.ok) throw new HttpError(done.status, done.message)
      if (done.offers > 0) webhooks.wake()
      await audit(db, { actor, action: 'lead.route', entity: 'lead', entityId: id, detail: done })
      return { offers: done.offers, round: done.round, routing: await leadRouting(db, id) }
    },
  }),
]

/** Every leads route, in the document's order: the capture, the list, then the admin's. */
export const leadsRoutes = [leadCaptureRoute, leadListRoute, ...leadsAdminRoutes]

export const leadsApi = apiModule(
  {
    tag: { name: 'Leads', description: 'Lead capture (public) and the leads admins read and export.' },
    schemas: {
      LeadListItem: shape({
        id: 'integer',
        firstName: 'string',
        lastName: 'string',
        email: 'string',
        phone: 'string',
        'carDetails?': 'string',
        hasConsent: 'boolean',
        createdAt: 'date-time',
        duplicateCount: 'integer',
        'saleStatus?': { type: 'string', enum: [...saleStatuses] },
        'utmSource?': {
          type: 'string',
          description: 'The source recorded on the lead: its sales are credited to it',
        },
        'utmCampaign?': { type: 'string', description: 'The campaign recorded on the lead' },
        buyers: { type: 'array', items: { type: 'string' }, description: 'The buyers it was sold to' },
        'pricePence?': { type: 'integer', description: 'What they paid (null when never sold)' },
        'netPence?': { type: 'integer', description: 'What they paid less approved returns' },
      }),
      LeadDelivery: withOptional(
        shape({
          id: 'integer',
          webhookId: 'integer',
          webhookName: 'string',
          idempotencyKey: 'string',
          status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
          attempts: 'integer',
          'lastStatus?': 'integer',
          'lastError?': 'string',
          'deliveredAt?': 'date-time',
          'nextAttemptAt?': 'date-time',
          createdAt: 'date-time',
          attemptsLog: { type: 'array', items: { type: 'object' } },
        }),
        // Only a delivery that offers the lead to a contract has these (not a plain webhook's).
        { outcome: nullable(deliveryOutcome), outcomeReason: nullable({ type: 'string' }) },
      ),
      ConsentEvidence: shape(
        {
          given: 'boolean',
          'text?': { type: 'string', description: 'The exact wording shown' },
          'version?': {
            type: 'string',
            description:
              'The consent version shown: the SHA-256 of its wording and named firms (an earlier label on older leads)',
          },
          'sha256?': 'string',
          'privacyVersion?': 'string',
          'partnerName?': 'string',
          buyers: {
            ...arrayOf(
              shape({
                id: 'integer',
                name: {
                  type: 'string',
                  description: 'As the wording named it (trading name, else legal name)',
                },
                'legalName?': 'string',
                'tradingName?': 'string',
                'fcaNumber?': 'string',
              }),
            ),
            description:
              'The firms the wording named, in its order, with their identity then: the only firms that may have the lead',
          },
          'pageUrl?': 'string',
          'pageRevision?': { type: 'string', description: 'The hash of the page revision the form was on' },
          'userAgent?': 'string',
          'ipAddress?': 'string',
          at: 'date-time',
          'certificate?': {
            type: 'string',
            description:
              'The signed consent certificate: a compact JWS (EdDSA), verifiable against /.well-known/jwks.json or at POST /api/consent-certificates/verify',
          },
        },
        'What the visitor agreed to, kept as proof of consent',
      ),
      LeadRouting: shape(
        {
          'saleStatus?': { type: 'string', enum: [...saleStatuses] },
          rounds: arrayOf(
            shape({
              round: 'integer',
              at: 'date-time',
              considered: { type: 'integer', description: 'How many contracts were judged' },
              skipped: arrayOf(
                shape({
                  contractId: 'integer',
                  contractName: 'string',
                  buyerName: 'string',
                  reason: 'string',
                }),
              ),
              offers: arrayOf(
                shape({
                  position: { type: 'integer', description: 'The order the contracts are offered the lead' },
                  'contractId?': 'integer',
                  contractName: 'string',
                  buyerName: 'string',
                  decision: {
                    type: 'string',
                    enum: [
                      'queued',
                      'pinging',
                      'bid',
                      'sending',
                      'accepted',
                      'rejected',
                      'duplicate',
                      'failed',
                      'capped',
                      'passed',
                    ],
                  },
                  'reason?': 'string',
                  'bidPence?': {
                    type: 'integer',
                    description: 'The bid of a pinged contract (an unpinged one in its group: its price)',
                  },
                  'delivery?': ref('LeadDelivery'),
                }),
              ),
            }),
          ),
          sales: arrayOf(
            shape({
              id: 'integer',
              buyerName: 'string',
              contractName: 'string',
              pricePence: 'integer',
              status: { type: 'string', enum: ['reserved', 'accepted'] },
              'acceptedAt?': 'date-time',
            }),
          ),
        },
        'How the lead was offered to buyers’ contracts, round by round: each contract skipped (and why) or offered, and what came of it',
      ),
    },
  },
  leadsRoutes,
)

export function leadsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, ADMIN, leadsAdminRoutes)
}
