import { z } from 'zod'
import { daysInRange, isLedgerDay, LEDGER_FIRST_DAY, LEDGER_LAST_DAY, MAX_REVENUE_DAYS } from '../revenue.ts'

// The leads list's, export's and statistics' query strings (`GET /api/leads`, `/api/admin/leads/…`).

/** `answer=<questionId>:<value>` of the leads list and export, once or repeated. */
const answerFilter = z
  .string()
  .max(300, 'answer must be at most 300 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}:./s, 'answer must be <questionId>:<value>')
  .transform((v) => {
    const colon = v.indexOf(':')
    return { question: v.slice(0, colon), value: v.slice(colon + 1) }
  })

/** The leads list's Sale filter values. */
export const saleFilters = ['sold', 'unsold', 'routing', 'not_offered', 'none'] as const
export type SaleFilter = (typeof saleFilters)[number]

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)
const statsDay = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .refine(
      isLedgerDay,
      `${name} must be a date (YYYY-MM-DD) between ${LEDGER_FIRST_DAY} and ${LEDGER_LAST_DAY}`,
    )
    .optional()

export const leadListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  questionnaireVersion: z.coerce
    .number({ error: 'questionnaireVersion must be a version id' })
    .int('questionnaireVersion must be a version id')
    .positive('questionnaireVersion must be a version id')
    .optional(),
  answer: z
    .union([answerFilter, z.array(answerFilter).max(20, 'at most 20 answer filters')])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  source: z
    .string()
    .trim()
    .max(200, 'source must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  campaign: z
    .string()
    .trim()
    .max(200, 'campaign must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  /**
   * Whether the lead sold: sold, unsold, routing (being offered), not_offered (never offered to a
   * buyer's contract: not routed, or no contract took it), or none (never routed).
   */
  sale: z.enum(saleFilters, { error: `sale must be one of ${saleFilters.join(', ')}` }).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be 1 or more').optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, 'pageSize must be between 1 and 200')
    .max(200, 'pageSize must be between 1 and 200')
    .optional(),
})
export type LeadListQuery = z.input<typeof leadListQuerySchema>

/** The CSV export: the list's search and filters, and `attribution=1` for the campaign columns. */
export const leadExportQuerySchema = leadListQuerySchema
  .pick({ q: true, source: true, campaign: true, questionnaireVersion: true, answer: true, sale: true })
  .extend({
    /** One column per question of `questionnaireVersion` (the live version when absent). */
    answers: z
      .enum(['0', '1', 'true', 'false'], { error: 'answers must be 1 or 0' })
      .optional()
      .transform((v) => v === '1' || v === 'true'),
    attribution: z
      .enum(['0', '1', 'true', 'false'], { error: 'attribution must be 1 or 0' })
      .optional()
      .transform((v) => v === '1' || v === 'true'),
  })

/** `GET /api/admin/leads/stats`: the period its rates are for, the last 30 UK days by default. */
export const leadStatsQuerySchema = z
  .object({
    from: z.preprocess(blankToUndefined, statsDay('from')),
    to: z.preprocess(blankToUndefined, statsDay('to')),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to' })
  .refine((q) => !q.from || !q.to || daysInRange(q.from, q.to) <= MAX_REVENUE_DAYS, {
    error: `The period may be at most ${MAX_REVENUE_DAYS} days`,
  })
