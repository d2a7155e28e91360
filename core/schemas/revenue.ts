import { z } from 'zod'
import {
  daysInRange,
  isCalendarDay,
  isCalendarMonth,
  isLedgerDay,
  isLedgerMonth,
  LEDGER_FIRST_DAY,
  LEDGER_LAST_DAY,
  MAX_REVENUE_DAYS,
} from '../revenue.ts'

/** The revenue reports' queries (`/api/admin/revenue`), shared by the admin UI and the handlers. */

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .refine(isCalendarDay, `${name} must be a date (YYYY-MM-DD)`)
    .refine(isLedgerDay, `${name} must be between ${LEDGER_FIRST_DAY} and ${LEDGER_LAST_DAY}`)
    .optional()

const buyerId = z
  .string()
  .regex(/^\d{1,9}$/, 'buyerId must be a buyer id')
  .transform(Number)
  .refine((n) => n > 0, 'buyerId must be a buyer id')

/** Blank means no filter: forms send empty fields. */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)
const utm = (name: string) =>
  z.preprocess(blankToUndefined, z.string().max(200, `${name} must be at most 200 characters`).optional())

/**
 * `GET /api/admin/revenue`: London calendar days `from`..`to` (both included; the last 30 days by
 * default, at most 366). `utmSource`/`utmCampaign` match exactly; `(none)` matches entries without one.
 */
export const revenueQuerySchema = z
  .object({
    from: z.preprocess(blankToUndefined, day('from')),
    to: z.preprocess(blankToUndefined, day('to')),
    buyerId: z.preprocess(blankToUndefined, buyerId.optional()),
    utmSource: utm('utmSource'),
    utmCampaign: utm('utmCampaign'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to' })
  .refine((q) => !q.from || !q.to || daysInRange(q.from, q.to) <= MAX_REVENUE_DAYS, {
    error: `The period may be at most ${MAX_REVENUE_DAYS} days`,
  })
export type RevenueQuery = z.output<typeof revenueQuerySchema>

/** `GET /api/admin/revenue/statement(.csv)`: one buyer's London calendar month. */
export const statementQuerySchema = z.object({
  buyerId: z.string({ error: 'buyerId is required' }).pipe(buyerId),
  month: z
    .string({ error: 'month must be a month (YYYY-MM)' })
    .refine(isCalendarMonth, 'month must be a month (YYYY-MM)')
    .refine(
      isLedgerMonth,
      `month must be between ${LEDGER_FIRST_DAY.slice(0, 7)} and ${LEDGER_LAST_DAY.slice(0, 7)}`,
    ),
})
export type StatementQuery = z.output<typeof statementQuerySchema>

/** Sales and approved returns of a group; `returnsPence` is the amount given back (positive). */
export type RevenueFigures = {
  salesCount: number
  salesPence: number
  returnsCount: number
  returnsPence: number
  netPence: number
}
export type RevenueDay = RevenueFigures & { date: string }
export type RevenueBuyer = RevenueFigures & { buyerId: number; buyerName: string }
export type RevenueCampaign = RevenueFigures & { utmSource: string; utmCampaign: string }

export type RevenueReport = {
  from: string
  to: string
  totals: RevenueFigures
  byDay: RevenueDay[]
  byBuyer: RevenueBuyer[]
  byCampaign: RevenueCampaign[]
}

export type StatementEntry = {
  id: number
  createdAt: string
  kind: 'sale' | 'return'
  contractName: string
  /** Blank once the lead is erased: the money stays, the person goes. */
  leadReference: string | null
  utmSource: string | null
  utmCampaign: string | null
  amountPence: number
}

export type Statement = {
  buyer: { id: number; name: string }
  month: string
  entries: StatementEntry[]
  totals: RevenueFigures
}

export type RevenueBuyerOption = { id: number; name: string }
