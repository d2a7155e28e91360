import { z } from 'zod'
import type { ReturnReason, ReturnStatus } from './buyers.ts'
import type { AnswerView, QuestionnaireRef } from './delivered-lead.ts'
import { email, optionalText, password } from './fields.ts'

/**
 * Buyers' own access (docs/decisions/0034-buyer-access-and-returns.md): API keys and sign-in
 * accounts made in the admin, the buyer API's queries and answers, and the operator's returns list.
 */

export const apiKeyCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
})

export const buyerAccountCreateSchema = z.object({
  email,
  /** Omitted, as the admin's form does: the account is invited by email to choose its own. */
  password: password.optional(),
  firstName: optionalText(100),
  lastName: optionalText(100),
})
export type BuyerAccountInput = z.input<typeof buyerAccountCreateSchema>

/** An API key as the admin lists it: never the key, only its first characters. */
export type BuyerApiKeyView = {
  id: number
  name: string
  prefix: string
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}
/** The answer to creating a key: the only time the whole key is ever shown. */
export type CreatedBuyerApiKey = BuyerApiKeyView & { key: string }

export type BuyerAccountView = {
  id: number
  email: string
  firstName: string | null
  lastName: string | null
  isActive: boolean
  /** Invited by email and no password chosen yet. */
  invited: boolean
  lastLogin: string | null
  createdAt: string
}

const isoDate = z
  .string()
  .trim()
  .max(40)
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: 'since must be an ISO date such as 2026-11-01 or 2026-11-01T09:00:00Z',
  })
  .transform((v) => new Date(v))

export const buyerLeadsQuerySchema = z.object({
  since: isoDate.optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be 1 or more').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, 'pageSize must be between 1 and 200')
    .max(200, 'pageSize must be between 1 and 200')
    .default(50),
})
export const buyerCsvQuerySchema = buyerLeadsQuerySchema.pick({ since: true })

export const returnStatuses = ['pending', 'approved', 'rejected'] as const satisfies readonly ReturnStatus[]

export const returnListQuerySchema = z.object({
  status: z.enum(returnStatuses, { error: 'status must be pending, approved or rejected' }).optional(),
  buyerId: z.coerce.number({ error: 'buyerId must be a number' }).int().min(1).optional(),
})

/** What an approved return tells its buyer (docs/decisions/0049-sale-terms-fixed-at-sale.md). */
export const RETURNED_DATA_INSTRUCTION =
  'Return approved: delete this person’s personal data (name, contact details, answers, consent evidence) you received with this lead from your systems now, and do not contact them. It is no longer shown to you.'

/** What a rejected return tells its buyer (docs/decisions/0052-return-notices.md). */
export const REJECTED_RETURN_INSTRUCTION =
  'Return rejected: the lead remains yours under the terms of its sale; its price stands.'

/** What the buyer must do once a return is decided: the `instruction` of the return's webhook notice. */
export function returnInstruction(status: 'approved' | 'rejected'): string {
  return status === 'approved' ? RETURNED_DATA_INSTRUCTION : REJECTED_RETURN_INSTRUCTION
}

/** A return as its buyer sees it; `instruction` says what the buyer must now do, once approved. */
export type BuyerReturnView = {
  id: number
  status: ReturnStatus
  reason: ReturnReason
  note: string | null
  createdAt: string
  decidedAt: string | null
  decisionNote: string | null
  instruction: string | null
}

/**
 * One accepted lead in `GET /api/buyer/leads`: null personal data, answers, outcome, attribution
 * and consent once the person was erased or the buyer's return of it was approved (`returned`).
 */
export type BuyerLeadView = {
  saleId: number
  reference: string | null
  erased: boolean
  returned: boolean
  acceptedAt: string
  contractName: string
  pricePence: number
  person: {
    firstName: string
    lastName: string
    email: string
    phone: string
    phoneType: string | null
  } | null
  answers: Record<string, string> | null
  outcome: string | null
  utmSource: string | null
  utmCampaign: string | null
  consent: { text: string | null; consentedAt: string } | null
  return: BuyerReturnView | null
  returnableUntil: string
}
/**
 * One accepted lead in `GET /api/buyer/leads/{reference}`: the list's view, plus the answers with
 * the questions shown, the estimate and the consent evidence (its version, the firms it named, the
 * signed certificate); all null, like the person, once erased or returned.
 */
export type BuyerLeadDetail = Omit<BuyerLeadView, 'consent'> & {
  /** The same questionnaire and answers as the webhook's lead. */
  questionnaire: QuestionnaireRef | null
  answerList: AnswerView[] | null
  estimatedClaim: number | null
  consent:
    | (NonNullable<BuyerLeadView['consent']> & {
        version: string | null
        /** As the wording named them (`name`), with the legal name and FCA number of that moment. */
        firms: { name: string; legalName: string | null; fcaNumber: string | null }[]
        certificate: string | null
      })
    | null
}

export type BuyerLeadPage = { items: BuyerLeadView[]; page: number; pageSize: number; total: number }

/** The buyer's returns (`GET /api/buyer/returns`), each with the lead it hands back. */
export type BuyerReturnListItem = BuyerReturnView & {
  reference: string | null
  contractName: string
  pricePence: number
}

/** A return in the operator's list (`GET /api/admin/returns`). */
export type AdminReturnView = BuyerReturnView & {
  buyerId: number
  buyerName: string
  contractName: string
  leadId: number | null
  reference: string | null
  pricePence: number
  decidedByEmail: string | null
}
