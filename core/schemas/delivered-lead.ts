import { z } from 'zod'
import { attributionKeys } from '../attribution.ts'
import { REJECTED_RETURN_INSTRUCTION, RETURNED_DATA_INSTRUCTION } from './buyer-access.ts'
import { type ReturnReason, returnReasons } from './buyers.ts'

/**
 * What the app posts to buyers (docs/decisions/0050-ping-post.md, 0052-return-notices.md,
 * 0070-answers-match-the-document.md): one zod schema per body. The outbox builds each body typed
 * from these, checks it against them outside production, and the OpenAPI document publishes them
 * as its `webhooks`, so what a receiver gets and what the document says cannot drift apart.
 */

const timestamp = z.iso.datetime()

export const questionnaireRefSchema = z
  .object({ id: z.number().int(), version: z.number().int(), name: z.string() })
  .describe('The questionnaire version the visitor answered')
export type QuestionnaireRef = z.infer<typeof questionnaireRefSchema>

export const answerViewSchema = z
  .object({ questionId: z.string(), question: z.string(), value: z.string(), label: z.string() })
  .describe('An answer with the question and option texts the visitor was shown')
export type AnswerView = z.infer<typeof answerViewSchema>

export const eligibilitySchema = z.object({
  hadPcpFinance: z.boolean(),
  purchaseDateRange: z.string(),
  loanAmount: z.number(),
  dealerDisclosedCommission: z.boolean(),
  commissionDisclosure: z.string(),
  isEligible: z.boolean(),
  estimatedClaim: z.number(),
})

const outcome = z.enum(['eligible', 'not_eligible', 'guidance']).nullable()

/** A firm the consent wording named, with its identity then (absent on older leads). */
export const consentFirmSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('As the wording named it (trading name, else legal name)'),
  legalName: z.string().optional(),
  tradingName: z.string().nullable().optional(),
  fcaNumber: z.string().optional(),
})

/**
 * The `lead` of a post: the lead, its answers, consent evidence and attribution. A later
 * submission of a lead no buyer took is sent in the same shape with its own details and evidence,
 * the lead's id, and `resubmissionOf` naming the lead's reference.
 */
export const deliveredLeadSchema = z
  .object({
    id: z.number().int(),
    reference: z.string().describe('This post’s own reference (the lead’s, or the submission’s)'),
    resubmissionOf: z
      .string()
      .nullable()
      .describe('For a later submission: the reference of the lead it repeats; otherwise null'),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    phoneE164: z.string().nullable(),
    phoneType: z.string().nullable(),
    carDetails: z.string().nullable(),
    hasConsent: z.boolean(),
    createdAt: timestamp,
    constantsVersion: z.string().nullable(),
    eligibility: eligibilitySchema.nullable(),
    questionnaire: questionnaireRefSchema.nullable(),
    answers: z.array(answerViewSchema).describe('In the version’s question order'),
    outcome,
    estimatedClaim: z.number().nullable(),
    consent: z
      .object({
        text: z.string().nullable().describe('The exact wording the visitor agreed to'),
        version: z
          .string()
          .nullable()
          .describe('The consent version: SHA-256 of the wording and the firms it named'),
        sha256: z.string().nullable(),
        privacyVersion: z.string().nullable(),
        partnerName: z.string().nullable(),
        buyers: z
          .array(consentFirmSchema)
          .describe('The firms the wording named, in its order: the only firms that may have the lead'),
        pageUrl: z.string().nullable(),
        pageRevision: z.string().nullable().describe('The hash of the page revision the form was on'),
        userAgent: z.string().nullable(),
        ipAddress: z.string().nullable(),
        at: timestamp,
      })
      .describe('The evidence a buyer must be able to check (CMCOB 2.2.2R, PECR regulation 21A)'),
    consentCertificate: z
      .string()
      .nullable()
      .describe(
        'The signed consent certificate: a compact JWS (EdDSA, Ed25519) over the reference, time, consent version, its wording and named firms (legal name, trading name, FCA number), the page address and revision, the questionnaire version and a hash of the answers; no name, e-mail or phone. Verify it against /.well-known/jwks.json with any JOSE library, or at POST /api/consent-certificates/verify (which also says whether it was revoked and whether your FCA number is named).',
      ),
    attribution: z.object(
      Object.fromEntries(attributionKeys.map((key) => [key, z.string().nullable()])) as Record<
        (typeof attributionKeys)[number],
        z.ZodNullable<z.ZodString>
      >,
    ),
    variant: z
      .string()
      .nullable()
      .describe('The experiment variant the visitor converted on ("experimentId:variantName"), if any'),
  })
  .describe('The lead, with its personal data and consent evidence')
export type DeliveredLead = z.infer<typeof deliveredLeadSchema>

/** The `lead` of a ping: enough to decide and bid, and nothing that identifies the person. */
export const pingedLeadSchema = z
  .object({
    reference: z.string(),
    createdAt: timestamp,
    questionnaire: questionnaireRefSchema.nullable(),
    answers: z.array(answerViewSchema),
    eligibility: eligibilitySchema.nullable(),
    outcome,
    phoneType: z.enum(['mobile', 'landline', 'other']).nullable(),
    campaign: z.object({ utmSource: z.string().nullable(), utmCampaign: z.string().nullable() }),
    consentVersion: z
      .string()
      .nullable()
      .describe('The version of the consent wording the visitor agreed to'),
  })
  .describe(
    'No name, email, phone, car, IP address or user agent: those come only in the post, after an acceptance',
  )
export type PingedLead = z.infer<typeof pingedLeadSchema>

export const leadPingSchema = z
  .object({
    event: z.literal('lead.ping'),
    pingId: z.string().describe('Unique per lead and contract; sent again on a retry'),
    contractId: z.number().int(),
    pricePence: z.number().int().describe('The contract’s price: the lowest bid accepted'),
    lead: pingedLeadSchema,
  })
  .describe('Asks whether the buyer takes a lead, and at what bid, before any personal data is sent')
export type LeadPing = z.infer<typeof leadPingSchema>

export const leadPingAnswerSchema = z
  .object({ accepted: z.boolean(), pricePence: z.number().int().min(0).optional() })
  .describe(
    'A 2xx JSON answer. `accepted: true` takes the lead at `pricePence` (whole pence, at least the contract’s price; left out: the price). Anything else, a bid below the price, or a 4xx refuses it; no answer, 408, 429 and 5xx are tried again, then the contract is passed over.',
  )

export const leadPostSchema = z
  .object({
    event: z.literal('lead.created'),
    deliveryId: z.number().int(),
    pingId: z
      .string()
      .nullable()
      .optional()
      .describe(
        'To a buyer’s contract: the ping it accepted (null when the contract is not pinged). Absent in a post to the operator’s own webhooks',
      ),
    lead: deliveredLeadSchema,
  })
  .describe('The lead itself, to a contract that accepted its ping or is not pinged')
export type LeadPost = z.infer<typeof leadPostSchema>

const reasons = Object.keys(returnReasons) as [ReturnReason, ...ReturnReason[]]

export const returnNoticeSchema = z
  .object({
    id: z.number().int().describe('The return’s id, as in GET /api/buyer/returns'),
    reference: z.string().describe('The lead’s reference'),
    saleId: z.number().int(),
    status: z.enum(['approved', 'rejected']),
    reason: z.enum(reasons).describe('The reason the buyer gave for the return'),
    decidedAt: timestamp,
    creditPence: z
      .number()
      .int()
      .describe('Approved: the sale’s price, credited on the buyer’s statement; rejected: 0'),
    instruction: z
      .string()
      .describe(
        `What the buyer must now do. Approved: “${RETURNED_DATA_INSTRUCTION}” Rejected: “${REJECTED_RETURN_INSTRUCTION}”`,
      ),
  })
  .describe('The decision on the buyer’s return of a lead: its reference, never the person')
export type ReturnNotice = z.infer<typeof returnNoticeSchema>

export const leadReturnDecidedSchema = z
  .object({
    event: z.literal('lead.return_decided'),
    deliveryId: z.number().int(),
    return: returnNoticeSchema,
  })
  .describe('A return of a lead to this contract was approved or rejected')
export type LeadReturnDecided = z.infer<typeof leadReturnDecidedSchema>
