import { createHash, randomBytes } from 'node:crypto'
import type { Insertable } from 'kysely'
import { type Attribution, type AttributionKey, attributionKeys } from '../../core/attribution.ts'
import { consentVersionHash } from '../../core/consent-version.ts'
import { loanBandLowerBound } from '../../core/eligibility.ts'
import type { UkPhone } from '../../core/phone.ts'
import type { Assessment } from '../../core/questionnaire/definition.ts'
import type { LeadData } from '../../core/schemas/leads.ts'
import type { EligibilityResponseTable, LeadSubmissionTable, LeadTable } from '../platform/index.ts'
import { json } from '../platform/index.ts'
import { specAnswers } from './answers.server.ts'
import { consentContent } from './consent/versions.server.ts'
import type { LeadContext } from './queries.server.ts'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const cut = (value: string | null | undefined, max = 500) => value?.slice(0, max) ?? null

/** Where each attribution parameter of the visitor's URL is kept on a lead or a submission. */
export const attributionColumns = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
  gclid: 'gclid',
  gbraid: 'gbraid',
  wbraid: 'wbraid',
  fbclid: 'fbclid',
  msclkid: 'msclkid',
  ttclid: 'ttclid',
  referrer: 'referrer',
  landing_page: 'landingPage',
} as const satisfies Record<AttributionKey, keyof LeadTable & keyof LeadSubmissionTable>

type AttributionColumn = (typeof attributionColumns)[AttributionKey]

function attributionValues(attribution: Attribution): Record<AttributionColumn, string | null> {
  return Object.fromEntries(
    attributionKeys.map((key) => [attributionColumns[key], attribution[key] ?? null]),
  ) as Record<AttributionColumn, string | null>
}

/** 22 base64url characters from 128 random bits: tells nothing about the lead or its order. */
export const newReference = () => randomBytes(16).toString('base64url')

/** The person, the consent evidence, the normalised phone and the attribution of one post. */
function postedValues(data: LeadData, context: LeadContext, phone: UkPhone | null, email: string) {
  const consent = context.consent?.content ?? consentContent([], null).content
  const consentText = consent.wording
  const attribution: Attribution = data.attribution ?? {}
  const answered = context.questionnaire
  return {
    questionnaireVersionId: answered?.questionnaireVersionId ?? null,
    answers: answered ? json(answered.answers) : null,
    outcome: answered?.assessment.outcome ?? null,
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone,
    carDetails: data.carDetails ?? null,
    hasConsent: data.hasConsent,
    consentText,
    consentVersion: context.consent?.hash ?? consentVersionHash(consent),
    consentSha256: sha256(consentText),
    privacyVersion: consent.privacyVersion,
    partnerName: consent.partnerName,
    consentBuyers: consent.firms.length > 0 ? json(consent.firms) : null,
    pageRevision: context.pageRevision ?? null,
    sourceUrl: cut(context.sourceUrl),
    userAgent: cut(context.userAgent),
    ipAddress: cut(context.ipAddress, 64),
    variant: context.variant ?? null,
    idempotencyKey: data.idempotencyKey ?? null,
    constantsVersion: context.constantsVersion ?? null,
    phoneE164: phone?.e164 ?? null,
    phoneType: phone?.type ?? null,
    emailNormalized: email,
    marketingConsent: data.marketingConsent ?? false,
    ...attributionValues(attribution),
  }
}

/** The lead's row. */
export function leadValues(
  data: LeadData,
  context: LeadContext,
  phone: UkPhone | null,
  email: string,
  reference: string,
): Insertable<LeadTable> {
  return {
    ...postedValues(data, context, phone, email),
    reference,
    estimatedClaim: context.questionnaire?.assessment.estimate ?? null,
  }
}

/** A later post of the same person: its own row, as complete as a lead's, linked to the lead. */
export function submissionValues(
  leadId: number,
  data: LeadData,
  context: LeadContext,
  phone: UkPhone | null,
  email: string,
  reference: string,
): Insertable<LeadSubmissionTable> {
  const spec = eligibilityValues(leadId, context)
  return {
    ...postedValues(data, context, phone, email),
    reference,
    leadId,
    hadPcpFinance: spec?.hadPcpFinance ?? null,
    purchaseDateRange: spec?.purchaseDateRange ?? null,
    loanAmount: spec?.loanAmount ?? null,
    dealerDisclosedCommission: spec?.dealerDisclosedCommission ?? null,
    commissionDisclosure: spec?.commissionDisclosure ?? null,
    isEligible: spec?.isEligible ?? null,
    estimatedClaim: context.questionnaire?.assessment.estimate ?? null,
  }
}

/**
 * The SPEC-shaped row beside the lead (SPEC section 8's `eligibility_response`), written while the
 * answers have the SPEC's four questions so its columns, the CSV and older screens keep working.
 */
export function eligibilityValues(
  leadId: number,
  context: LeadContext,
): Insertable<EligibilityResponseTable> | undefined {
  const answered = context.questionnaire
  const answers = answered && specAnswers(answered.answers)
  if (!answered || !answers) return undefined
  const assessment: Assessment = answered.assessment
  return {
    leadId,
    hadPcpFinance: answers.hadPcpFinance === 'yes',
    purchaseDateRange: answers.purchaseDateRange,
    loanAmount: loanBandLowerBound(answers.loanAmount),
    dealerDisclosedCommission: answers.dealerDisclosedCommission === 'yes',
    commissionDisclosure: answers.dealerDisclosedCommission,
    isEligible: assessment.outcome === 'eligible',
    estimatedClaim: assessment.estimate,
  }
}
