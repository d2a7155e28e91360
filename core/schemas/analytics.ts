import { z } from 'zod'
import type { Denominator } from '../figures.ts'
import { daysInRange, isCalendarDay, MAX_REVENUE_DAYS } from '../revenue.ts'

/** The analytics beacon (`POST /api/events`) and the reports' queries, shared by islands and handlers. */

export const EVENT_BODY_LIMIT = 2048

export const eventTypes = ['pageview', 'questionnaire_start', 'step', 'result', 'form_start', 'lead'] as const
export type EventType = (typeof eventTypes)[number]

const text = (max: number) => z.string().trim().max(max)

/** One event a public island sends with `navigator.sendBeacon`. */
export const eventSchema = z.object({
  type: z.enum(eventTypes, { error: `type must be one of ${eventTypes.join(', ')}` }),
  path: z
    .string({ error: 'path is required' })
    .max(300, 'path must be at most 300 characters')
    .regex(/^\/[^\s?#]*$/, 'path must be a path on this site'),
  step: text(100).optional(),
  result: z.enum(['eligible', 'not_eligible']).optional(),
  variant: text(100).optional(),
  attribution: z
    .object({
      utm_source: text(200).optional(),
      utm_campaign: text(200).optional(),
      utm_medium: text(200).optional(),
      referrer: text(500).optional(),
    })
    .optional(),
  /** Milliseconds since the page loaded (performance.now()). */
  elapsed: z
    .number()
    .finite()
    .min(0)
    .max(86_400_000 * 7)
    .optional(),
})
export type AnalyticsEvent = z.output<typeof eventSchema>

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)
const day = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .refine(isCalendarDay, `${name} must be a date (YYYY-MM-DD)`)
const filter = (name: string) =>
  z.preprocess(blankToUndefined, z.string().max(300, `${name} must be at most 300 characters`).optional())

export const breakdownDimensions = ['path', 'utm_campaign', 'utm_source', 'variant', 'device'] as const
export type BreakdownDimension = (typeof breakdownDimensions)[number]

/**
 * The reports' query: UK days `from`..`to` (both included, at most 366) and exact-match filters on
 * the visitor's landing page and first-touch attribution; `(none)` matches visitors without one.
 */
const queryFields = {
  from: day('from'),
  to: day('to'),
  path: filter('path'),
  utm_source: filter('utm_source'),
  utm_campaign: filter('utm_campaign'),
  variant: filter('variant'),
  format: z.preprocess(blankToUndefined, z.enum(['json', 'csv']).optional()),
}
const inOrder = (q: { from: string; to: string }) => q.from <= q.to
const notTooLong = (q: { from: string; to: string }) => daysInRange(q.from, q.to) <= MAX_REVENUE_DAYS
const tooLong = `The period may be at most ${MAX_REVENUE_DAYS} days`

export const analyticsQuerySchema = z
  .object(queryFields)
  .refine(inOrder, { error: 'from must not be after to' })
  .refine(notTooLong, { error: tooLong })
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>

/** `GET /api/admin/analytics/breakdown`: the same, by one dimension. */
export const breakdownQuerySchema = z
  .object({
    ...queryFields,
    by: z.enum(breakdownDimensions, { error: `by must be one of ${breakdownDimensions.join(', ')}` }),
  })
  .refine(inOrder, { error: 'from must not be after to' })
  .refine(notTooLong, { error: tooLong })
export type BreakdownQuery = z.output<typeof breakdownQuerySchema>

export type FunnelStep = {
  name: string
  /** How the step reads: a question step by its question's text. */
  label: string
  count: number
  /** What `share` divides `count` by: the period's visitors, or its leads. */
  of: Denominator
  /** count / (visitors or leads), 0..1; null when there are none. */
  share: number | null
}
export type Funnel = {
  from: string
  to: string
  steps: FunnelStep[]
  visitors: number
  pageviews: number
  /** Leads, sold leads and revenue, credited to each lead's own recorded attribution. */
  leads: number
  sold: number
  revenuePence: number
  /** Visitors who sent a lead / visitors, 0..1; null without visitors. */
  conversionRate: number | null
  /** sold / leads, 0..1; null without leads. */
  soldRate: number | null
}

export type BreakdownRow = {
  value: string
  visitors: number
  questionnaireStarts: number
  /** Visitors (counted under their first touch) who sent a lead: a subset of `visitors`. */
  leadVisitors: number
  /** Leads, sold leads and revenue, credited to each lead's own recorded attribution. */
  leads: number
  sold: number
  revenuePence: number
  /** leadVisitors / visitors, 0..1; null without visitors. */
  conversionRate: number | null
  /** sold / leads, 0..1; null without leads. */
  soldRate: number | null
  revenuePerVisitorPence: number
}
export type Breakdown = { from: string; to: string; by: BreakdownDimension; rows: BreakdownRow[] }

export type SeriesDay = {
  date: string
  visitors: number
  pageviews: number
  questionnaireStarts: number
  leads: number
}
export type Series = { from: string; to: string; days: SeriesDay[] }
