import { daysInRange } from './revenue.ts'

/**
 * How the admin's figures are defined (docs/decisions/0066-figures-that-add-up.md). A rate is a
 * count over a stated denominator, and the count is a subset of what it divides: visitors who did
 * something among the visitors, sold leads among the leads. So a share is never above 1; `share`
 * still caps it, so a figure that broke the rule could never be shown as more than 100%.
 */

/** What a rate divides: each names the people or leads it counts among. */
export type Denominator = 'visitors' | 'leads'

export const denominatorText: Record<Denominator, string> = {
  visitors: 'of visitors',
  leads: 'of leads',
}

/** `part / whole` as a share from 0 to 1; null when there is nothing to divide. */
export function share(part: number, whole: number): number | null {
  if (!(whole > 0) || !Number.isFinite(part)) return null
  return Math.min(1, Math.max(0, part / whole))
}

/** A share as a whole-number percentage (0..100), 0 when there is nothing to divide. */
export function percentOf(part: number, whole: number): number {
  return Math.round((share(part, whole) ?? 0) * 100)
}

/** Leads per day over UK days `from`..`to`, both included, to one decimal place. */
export function averagePerDay(count: number, from: string, to: string): number {
  const days = daysInRange(from, to)
  return days > 0 ? Math.round((count / days) * 10) / 10 : 0
}

/**
 * The leads panel's figures. `total` and `thisMonth` as SPEC section 9 has them; the two rates are
 * for the period shown, UK days `from`..`to` (docs/decisions/0066-figures-that-add-up.md), replacing
 * the spec's "leads with consent" (every accepted lead has consent) and "total / 30":
 * `conversionRate` = visitors who sent a lead / visitors, as a whole percentage (never above 100);
 * `averagePerDay` = leads captured in the period / its days, first and last included.
 */
export type LeadStats = {
  total: number
  thisMonth: number
  from: string
  to: string
  days: number
  /** Leads captured in the period. */
  leads: number
  visitors: number
  /** Visitors in the period who sent a lead: a subset of `visitors`. */
  leadVisitors: number
  conversionRate: number
  averagePerDay: number
}

export type PeriodCounts = { from: string; to: string; leads: number; visitors: number; leadVisitors: number }

export function leadStats(total: number, thisMonth: number, period: PeriodCounts): LeadStats {
  return {
    total,
    thisMonth,
    ...period,
    days: daysInRange(period.from, period.to),
    conversionRate: percentOf(period.leadVisitors, period.visitors),
    averagePerDay: averagePerDay(period.leads, period.from, period.to),
  }
}

/** The definitions shown beside the figures, in words a marketer can check against their own tools. */
export const definitions = {
  conversionRate:
    'Visitors who sent a lead, divided by all visitors, in the same period. A visitor is one person on one UK day; a visitor who sends two leads counts once.',
  averagePerDay:
    'Leads received in the period, divided by the number of UK days in it (first and last day included).',
  leadAttribution:
    'Leads, sales and revenue are credited to the source and campaign recorded on the lead when it was sent, as in the Overview’s revenue by campaign.',
  visitorAttribution:
    'Visitors and their steps are counted under the source and campaign of their first visit that day.',
  soldRate: 'Leads sold, divided by the leads in the same row.',
  funnelShare:
    'Each step’s share says what it divides: visitor steps of the visitors, the sold step of the leads.',
} as const
