import { z } from 'zod'
import { type Attribution, type AttributionKey, attributionLimits } from '../attribution.ts'
import { CONSENT_HASH_PATTERN } from '../consent-version.ts'
import {
  ANSWER_LIMITS,
  CONSENT_TEXT,
  CONTROL_CHARACTERS,
  EMAIL_PATTERN,
  fieldMessage,
  NOT_IN_NAMES,
  type Recipients,
  recipientSentence,
} from '../lead-form-rules.ts'
import { isUkPhoneNumber } from '../phone.ts'
import type { ConsentBuyer, SaleStatus } from './buyers.ts'
import type { LeadRoutingView } from './routing.ts'
import type { LeadDeliveryView } from './webhooks.ts'

export { CONSENT_TEXT, recipientSentence }

/** The privacy policy in force ("Last updated" on /privacy-policy): stored with each lead. */
export const PRIVACY_POLICY_VERSION = '2025-01'

/** The exact wording a visitor agreed to, stored with the lead as proof of consent. */
export function consentWording(recipients: Recipients): string {
  return `${CONSENT_TEXT} ${recipientSentence(recipients)}`
}

/**
 * `answers` of `POST /api/leads`: values keyed by question id. Which ids and values are valid
 * depends on the questionnaire version the visitor was shown, so the server checks them against
 * it (checkAnswers in core/questionnaire/definition.ts); this only bounds the size.
 */
export const answersSchema = z
  .record(
    z.string().min(1).max(ANSWER_LIMITS.idLength),
    z
      .string({ error: 'must be text' })
      .max(ANSWER_LIMITS.valueLength, `must be at most ${ANSWER_LIMITS.valueLength} characters`),
    {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? `a question id must be 1 to ${ANSWER_LIMITS.idLength} characters`
          : 'must be an object keyed by question id',
    },
  )
  .refine((answers) => Object.keys(answers).length <= ANSWER_LIMITS.count, {
    error: `at most ${ANSWER_LIMITS.count} answers`,
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
  ttclid: field('ttclid'),
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

/**
 * A lead post's Idempotency-Key (the header, or the form's hidden `idempotencyKey`): made once per
 * form fill, so a post repeated (a retry, nginx trying the other instance) is answered as the first.
 */
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency-Key must be text' })
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits or - _ . :')

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
  /** The id of the questionnaire version the visitor was shown; absent means the live one. */
  questionnaireVersion: z
    .number({ error: 'must be the id of a questionnaire version' })
    .int('must be the id of a questionnaire version')
    .positive('must be the id of a questionnaire version')
    .optional(),
  attribution: attributionSchema.optional(),
  /**
   * The consent version the form showed (its content hash, from the page). Refused with 409 when the
   * server never showed it or replaced it too long ago; absent means the version pages show now.
   */
  consentVersion: z
    .string({ error: 'consentVersion must be text' })
    .trim()
    .max(200, 'consentVersion must be the consent version shown with the form')
    .optional()
    .transform((v) => v || undefined),
  /** The hash of the page revision the form was on, as the page carried it. */
  pageRevision: z
    .string({ error: 'pageRevision must be text' })
    .trim()
    .toLowerCase()
    .regex(CONSENT_HASH_PATTERN, 'pageRevision must be the page revision shown with the form')
    .optional()
    .catch(undefined),
  /**
   * The visitor's cookie consent to marketing as the page read it: only with it do server-side
   * conversions carry their hashed contact details (server/insight/conversions).
   */
  marketingConsent: z
    .boolean({ error: 'marketingConsent must be true or false' })
    .optional()
    .catch(undefined),
  /** The honeypot: hidden from people and assistive technology; only bots fill it. */
  website: z.string().max(500).optional(),
  /** When the form appeared (ms since epoch); posting sooner than people can is a bot's mark. */
  formStartedAt: z.coerce.number().int().nonnegative().optional().catch(undefined),
  /** The form fill's key, as the `Idempotency-Key` header carries it (the no-JavaScript form's hidden field). */
  idempotencyKey: idempotencyKeySchema.optional(),
})

export type LeadInput = z.input<typeof leadSchema>
export type LeadData = z.output<typeof leadSchema>

const namedFields = new Set<PropertyKey>(['answers', 'questionnaireVersion'])

/** An issue's message; for the questionnaire's fields, prefixed with the field: `answers.x: …`. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  return namedFields.has(issue.path[0] ?? '') ? fieldMessage(issue.path, issue.message) : issue.message
}

/** Field name → first error message, for showing next to each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const named = namedFields.has(issue.path[0] ?? '')
    const key = named ? issue.path.map(String).join('.') : String(issue.path[0] ?? 'form')
    out[key] ??= issueMessage(issue)
  }
  return out
}

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
  /** Null when the lead was never offered to a buyer's contract. */
  saleStatus: SaleStatus | null
  /** The source and campaign recorded on the lead, the ones its sales are credited to. */
  utmSource: string | null
  utmCampaign: string | null
  /** The buyers it was sold to, in the order they bought. */
  buyers: string[]
  /** What they paid, and that less approved returns; null when never sold. */
  pricePence: number | null
  netPence: number | null
}
export type LeadPage = { items: LeadListItem[]; total: number; page: number; pageSize: number }

/** `POST /api/leads` (201), alike for a new lead, a repeat and a refused bot. */
export type LeadReceipt = { reference: string }

/** `POST /api/leads` (409): the consent version sent is not accepted; this is the one to show. */
export type ConsentVersionRefusal = {
  message: string
  consent: { version: string; text: string; recipients: string[] }
}

/** The consent evidence kept with a lead or a later submission. */
export type ConsentEvidence = {
  given: boolean
  text: string | null
  version: string | null
  sha256: string | null
  privacyVersion: string | null
  partnerName: string | null
  /** The buyers the wording named, in its order. */
  buyers: ConsentBuyer[]
  pageUrl: string | null
  /** The hash of the page revision the form was on, as the form carried it. */
  pageRevision: string | null
  userAgent: string | null
  ipAddress: string | null
  at: string
  /** The signed consent certificate: a compact JWS, verifiable against `/.well-known/jwks.json`. */
  certificate: string | null
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

/** The questionnaire version a lead answered (`questionnaire` of the lead detail and the webhook). */
export type LeadQuestionnaireRef = { id: number; version: number; name: string }
/** One answer with the question and option texts of the version, as the visitor saw them. */
export type LeadAnswerView = { questionId: string; question: string; value: string; label: string }

/** What a lead or submission keeps of its questionnaire: version, answers, outcome, estimate. */
export type LeadAnswersView = {
  questionnaire: LeadQuestionnaireRef | null
  answers: LeadAnswerView[]
  outcome: 'eligible' | 'not_eligible' | 'guidance' | null
  estimatedClaim: number | null
}

/** A later post by the same person, kept with its own details, and where it was delivered. */
export type LeadSubmissionView = LeadAnswersView & {
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
export type LeadDetail = LeadListItem &
  LeadAnswersView & {
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
    /** The experiment variant the lead converted on ("experimentId:variantName"), if any. */
    variant: string | null
    eligibility: (EligibilityView & { createdAt: string }) | null
    deliveries: LeadDeliveryView[]
    submissions: LeadSubmissionView[]
    /** How the lead was offered to buyers' contracts. */
    routing: LeadRoutingView
  }

/** A published version as the leads panel's filters offer it (`GET /api/admin/leads/questionnaires`). */
export type LeadQuestionnaireOption = LeadQuestionnaireRef & {
  status: 'live' | 'retired'
  questions: { id: string; title: string; options: { value: string; label: string }[] }[]
}

/** One UK day of the leads chart (`GET /api/admin/leads/daily`). */
export type LeadsPerDay = { date: string; count: number }[]
