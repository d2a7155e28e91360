import { z } from 'zod'
import { flag, optionalText } from './fields.ts'
import { webhookFields } from './webhooks.ts'

/**
 * Buyers (the claims firms leads are sold to), their contracts and returns: the payloads of
 * `/api/admin/buyers`, `/api/admin/contracts` and `/api/buyer/*`, shared by the admin forms and
 * the handlers. The terms' types match core/routing/contract-terms.ts, which applies them.
 */

const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/
const shortList = (item: z.ZodType<string>, max = 50) => z.array(item).max(max, `At most ${max} entries`)
const word = z.string().trim().min(1, 'Entries may not be blank').max(200)

export const phoneTypes = ['mobile', 'landline', 'other'] as const

export const contractFiltersSchema = z
  .object({
    answers: z
      .record(
        z.string().min(1).max(64),
        shortList(z.string().min(1).max(200)).min(1, 'Choose at least one answer'),
      )
      .optional(),
    eligibleOnly: flag('eligibleOnly').optional(),
    phoneTypes: z
      .array(z.enum(phoneTypes, { error: 'Phone types are mobile, landline or other' }))
      .optional(),
    utmSources: shortList(word).optional(),
    utmCampaigns: shortList(word).optional(),
    landingPaths: shortList(
      word.refine((v) => v.startsWith('/'), 'Landing paths start with / (end with * for a prefix)'),
    ).optional(),
  })
  .strict()

export const contractScheduleSchema = z
  .object({
    days: z
      .array(
        z
          .number()
          .int()
          .min(1, 'Days are 1 (Monday) to 7 (Sunday)')
          .max(7, 'Days are 1 (Monday) to 7 (Sunday)'),
      )
      .min(1, 'Choose at least one day')
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    from: z.string().regex(HH_MM, 'From must be a time such as 09:00'),
    to: z.string().regex(HH_MM, 'To must be a time such as 17:30'),
    bankHolidays: flag('bankHolidays').optional(),
  })
  .strict()
  .refine((s) => s.from !== s.to, { message: 'From and to must differ', path: ['to'] })

const cap = z.number().int().min(0, 'Caps are 0 or more').max(10_000_000).nullable().optional()
const capSet = z.object({ hour: cap, day: cap, week: cap, month: cap }).strict()
export const contractCapsSchema = capSet.extend({ revenuePence: capSet.optional() }).strict()

const pence = z
  .number({ error: 'Price must be a number of pence' })
  .int('Price is in whole pence')
  .min(0)
  .max(100_000_00)

const contractFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  pricePence: pence,
  exclusive: flag('exclusive'),
  maxBuyers: z.number().int().min(1, 'A lead goes to at least 1 buyer').max(99),
  filters: contractFiltersSchema,
  schedule: contractScheduleSchema.nullable(),
  caps: contractCapsSchema,
  priority: z.number().int().min(0).max(1_000_000),
  weight: z.number().int().min(0).max(1000),
  webhookUrl: webhookFields.url,
  /**
   * Where the lead is pinged first, without personal data (docs/decisions/0050-ping-post.md);
   * blank or null: the lead is posted straight to the webhook URL.
   */
  pingUrl: z
    .union([webhookFields.url, z.literal('').transform(() => null), z.null()], {
      error: 'The ping URL must be a full https:// address',
    })
    .optional(),
  secret: webhookFields.secret,
  acceptPath: optionalText(200),
  acceptValues: z.array(word).max(20).nullable().optional(),
  reasonPath: optionalText(200),
  returnWindowDays: z.number().int().min(0).max(365),
  autoApproveReturns: flag('autoApproveReturns'),
  isActive: flag('isActive'),
}

export const contractCreateSchema = z.object({
  ...contractFields,
  exclusive: contractFields.exclusive.default(true),
  maxBuyers: contractFields.maxBuyers.default(1),
  filters: contractFields.filters.default({}),
  schedule: contractFields.schedule.default(null),
  caps: contractFields.caps.default({}),
  priority: contractFields.priority.default(100),
  weight: contractFields.weight.default(1),
  pingUrl: contractFields.pingUrl.default(null),
  returnWindowDays: contractFields.returnWindowDays.default(14),
  autoApproveReturns: contractFields.autoApproveReturns.default(false),
  isActive: contractFields.isActive.default(true),
})

/** A secret left out (or blank) keeps the one saved. */
export const contractUpdateSchema = z
  .object({
    ...contractFields,
    secret: z
      .union([
        contractFields.secret,
        z.literal('').transform(() => undefined),
        z.null().transform(() => undefined),
      ])
      .optional(),
  })
  .partial()

export type ContractInput = z.input<typeof contractCreateSchema>
export type ContractFilters = z.output<typeof contractFiltersSchema>
export type ContractSchedule = z.output<typeof contractScheduleSchema>
export type ContractCaps = z.output<typeof contractCapsSchema>

const buyerFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  tradingName: optionalText(200),
  fcaNumber: z
    .string({ error: 'FCA firm reference number is required' })
    .trim()
    .regex(/^\d{6,7}$/, 'The FCA firm reference number is 6 or 7 digits'),
  email: z
    .string({ error: 'Contact email is required' })
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid contact email address' })),
  namedInConsent: flag('namedInConsent'),
  consentOrder: z.number().int().min(0).max(10_000),
  isActive: flag('isActive'),
}

export const buyerCreateSchema = z.object({
  ...buyerFields,
  namedInConsent: buyerFields.namedInConsent.default(false),
  consentOrder: buyerFields.consentOrder.default(0),
  isActive: buyerFields.isActive.default(true),
})
export const buyerUpdateSchema = z.object(buyerFields).partial()
export type BuyerInput = z.input<typeof buyerCreateSchema>

/** Why a buyer hands a lead back; `other` needs a note. */
export const returnReasons = {
  wrong_number: 'Wrong number',
  already_represented: 'Already represented',
  no_consent: 'No consent',
  duplicate: 'Duplicate',
  other: 'Other',
} as const
export type ReturnReason = keyof typeof returnReasons

export const returnRequestSchema = z
  .object({
    reason: z.enum(Object.keys(returnReasons) as [ReturnReason, ...ReturnReason[]], {
      error: `reason must be one of ${Object.keys(returnReasons).join(', ')}`,
    }),
    note: optionalText(1000),
  })
  .refine((r) => r.reason !== 'other' || (r.note ?? '').trim() !== '', {
    message: 'Say why in note when the reason is other',
    path: ['note'],
  })

export const returnDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  note: optionalText(1000),
})

export const saleStatuses = ['routing', 'sold', 'unsold'] as const
export type SaleStatus = (typeof saleStatuses)[number]
export type ReturnStatus = 'pending' | 'approved' | 'rejected'

/**
 * One firm named in the consent wording a visitor saw, as the lead keeps it: `name` is how the
 * wording named it (trading name, else legal name); `legalName`, `tradingName` and `fcaNumber` are
 * its identity at that moment (absent on leads taken before consent versions).
 */
export type ConsentBuyer = {
  id: number
  name: string
  legalName?: string
  tradingName?: string | null
  fcaNumber?: string
}
