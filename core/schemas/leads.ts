import { z } from 'zod'
import { type Attribution, type AttributionKey, attributionLimits } from '../attribution.ts'
import { questions } from '../eligibility.ts'
import {
  CONSENT_TEXT,
  CONTROL_CHARACTERS,
  EMAIL_PATTERN,
  NOT_IN_NAMES,
  recipientSentence,
} from '../lead-form-rules.ts'
import { isUkPhoneNumber } from '../phone.ts'
import type { LeadDeliveryView } from './webhooks.ts'

export { CONSENT_TEXT, recipientSentence }

/** Bumped whenever CONSENT_TEXT or the recipient sentence changes: stored with each lead. */
export const CONSENT_VERSION = '2026-11-23'
/** The privacy policy in force ("Last updated" on /privacy-policy): stored with each lead. */
export const PRIVACY_POLICY_VERSION = '2025-01'

/** The exact wording a visitor agreed to, stored with the lead as proof of consent. */
export function consentWording(partnerName: string | null | undefined): string {
  return `${CONSENT_TEXT} ${recipientSentence(partnerName)}`
}

const optionValues = <const T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]]

const [q1, q2, q3, q4] = questions

export const answersSchema = z.object({
  hadPcpFinance: z.enum(optionValues(q1.options), { error: 'Please answer whether you had PCP finance' }),
  purchaseDateRange: z.enum(optionValues(q2.options), {
    error: 'Please choose when you took out the finance',
  }),
  loanAmount: z.enum(optionValues(q3.options), { error: 'Please choose how much you borrowed' }),
  dealerDisclosedCommission: z.enum(optionValues(q4.options), {
    error: 'Please say whether the dealer explained the commission',
  }),
})

const noControls = (v: string) => !/\p{Cc}|\p{Cf}/u.test(v)
const field = (key: AttributionKey) =>
  z
    .string({ error: `${key} must be text` })
    .trim()
    .max(attributionLimits[key], `${key} must be at most ${attributionLimits[key]} characters`)
    .refine(noControls, `${key} contains characters that are not allowed`)
    .nullish()
    .transform((v) => v || undefined)

/** `attribution` of `POST /api/leads` (and the no-JavaScript form's hidden fields). */
export const attributionSchema = z.object({
  utm_source: field('utm_source'),
  utm_medium: field('utm_medium'),
  utm_campaign: field('utm_campaign'),
  utm_term: field('utm_term'),
  utm_content: field('utm_content'),
  gclid: field('gclid'),
  gbraid: field('gbraid'),
  wbraid: field('wbraid'),
  fbclid: field('fbclid'),
  msclkid: field('msclkid'),
  referrer: field('referrer'),
  landing_page: field('landing_page'),
})

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .refine((v) => !NOT_IN_NAMES.test(v), `${label} contains characters that are not allowed`)

export { isUkPhoneNumber } from '../phone.ts'

export const leadSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Please enter a valid email address' })),
  phone: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(25, 'Please enter a valid UK phone number')
    .refine(isUkPhoneNumber, 'Please enter a valid UK phone number'),
  carDetails: z
    .string()
    .trim()
    .max(200, 'Car details must be at most 200 characters')
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'Car details contain characters that are not allowed')
    .optional()
    .nullable()
    .transform((v) => v || undefined),
  hasConsent: z.literal(true, { error: 'You must agree to be contacted to continue' }),
  answers: answersSchema.optional(),
  attribution: attributionSchema.optional(),
  /** The honeypot: hidden from people and assistive technology; only bots fill it. */
  website: z.string().max(500).optional(),
  /** When the form appeared (ms since epoch); posting sooner than people can is a bot's mark. */
  formStartedAt: z.coerce.number().int().nonnegative().optional().catch(undefined),
})

export type LeadInput = z.input<typeof leadSchema>
export type LeadData = z.output<typeof leadSchema>

/** Field name → first error message, for showing next to each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form')
    out[key] ??= issue.message
  }
  return out
}

export const leadListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
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
  .pick({ q: true, source: true, campaign: true })
  .extend({
    attribution: z
      .enum(['0', '1', 'true', 'false'], { error: 'attribution must be 1 or 0' })
      .optional()
      .transform((v) => v === '1' || v === 'true'),
  })

/** A lead as the leads list (`GET /api/leads`) answers it. */
export type LeadListItem = {
  id: number
  firstName: string
  lastName: string
  email: string
  phone: string
  carDetails: string | null
  hasConsent: boolean
  createdAt: string
  /** How many later submissions the same person sent within the duplicate window. */
  duplicateCount: number
}
export type LeadPage = { items: LeadListItem[]; total: number; page: number; pageSize: number }

/** `POST /api/leads` (201), alike for a new lead, a repeat and a refused bot. */
export type LeadReceipt = { reference: string }

/** The consent evidence kept with a lead or a later submission. */
export type ConsentEvidence = {
  given: boolean
  text: string | null
  version: string | null
  sha256: string | null
  privacyVersion: string | null
  partnerName: string | null
  pageUrl: string | null
  userAgent: string | null
  ipAddress: string | null
  at: string
}

export type EligibilityView = {
  hadPcpFinance: boolean
  purchaseDateRange: string
  loanAmount: number
  dealerDisclosedCommission: boolean
  commissionDisclosure: string
  isEligible: boolean
  estimatedClaim: number
}

/** A later post by the same person, kept with its own details, and where it was delivered. */
export type LeadSubmissionView = {
  id: number
  reference: string
  firstName: string
  lastName: string
  email: string
  phone: string
  phoneE164: string | null
  phoneType: 'mobile' | 'landline' | 'other' | null
  carDetails: string | null
  hasConsent: boolean
  createdAt: string
  constantsVersion: string | null
  eligibility: EligibilityView | null
  consent: ConsentEvidence
  attribution: Attribution
  /** Empty when it was only kept (a buyer already had, or was about to have, the lead). */
  deliveries: LeadDeliveryView[]
}

/** A lead with everything stored about it (`GET /api/admin/leads/{id}`). */
export type LeadDetail = LeadListItem & {
  reference: string
  consentText: string | null
  sourceUrl: string | null
  userAgent: string | null
  phoneE164: string | null
  phoneType: 'mobile' | 'landline' | 'other' | null
  /** The number of later submissions. */
  duplicateCount: number
  /** When the latest of them arrived. */
  lastSeenAt: string | null
  constantsVersion: string | null
  consent: ConsentEvidence
  attribution: Attribution
  eligibility: (EligibilityView & { createdAt: string }) | null
  deliveries: LeadDeliveryView[]
  submissions: LeadSubmissionView[]
}

/** One UK day of the leads chart (`GET /api/admin/leads/daily`). */
export type LeadsPerDay = { date: string; count: number }[]
