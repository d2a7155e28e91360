import type { Kysely } from 'kysely'
import { type Attribution, attributionKeys } from '../../core/attribution.ts'
import type { DB, Lead, LeadSubmission } from '../platform/index.ts'
import { leadSales, noSales } from '../sales/index.ts'
import { questionnaireOf, versionsById } from './answers.server.ts'
import { attributionColumns } from './lead-rows.server.ts'

/**
 * The read side of a lead: everything stored about it and its later submissions, for the admin's
 * lead detail and the buyer's payload.
 */

/** The columns a lead and a submission both keep about one post. */
type PostedRow = Pick<
  Lead,
  | 'hasConsent'
  | 'consentText'
  | 'consentVersion'
  | 'consentSha256'
  | 'privacyVersion'
  | 'partnerName'
  | 'consentBuyers'
  | 'sourceUrl'
  | 'userAgent'
  | 'ipAddress'
  | 'createdAt'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'utmTerm'
  | 'utmContent'
  | 'gclid'
  | 'gbraid'
  | 'wbraid'
  | 'fbclid'
  | 'msclkid'
  | 'ttclid'
  | 'referrer'
  | 'landingPage'
  | 'variant'
  | 'pageRevision'
  | 'consentCertificate'
>

/** A stored lead's (or submission's) attribution, under the names the visitor's URL used. */
export function attributionOf(lead: PostedRow): Attribution {
  const out: Attribution = {}
  for (const key of attributionKeys) {
    const value = lead[attributionColumns[key]]
    if (value) out[key] = value
  }
  return out
}

/** The consent evidence a buyer's compliance officer reads (CMCOB 2.2.2R, PECR 21A). */
export function consentOf(lead: PostedRow) {
  return {
    given: lead.hasConsent,
    text: lead.consentText,
    version: lead.consentVersion,
    sha256: lead.consentSha256,
    privacyVersion: lead.privacyVersion,
    partnerName: lead.partnerName,
    /** The buyers the wording named, in its order: the only firms that may have the lead. */
    buyers: lead.consentBuyers ?? [],
    pageUrl: lead.sourceUrl,
    /** The hash of the page revision the form was on. */
    pageRevision: lead.pageRevision,
    userAgent: lead.userAgent,
    ipAddress: lead.ipAddress,
    at: lead.createdAt,
    /** The signed consent certificate (a compact JWS, verifiable against /.well-known/jwks.json). */
    certificate: lead.consentCertificate,
  }
}

/** A submission's questionnaire answers in the shape of a lead's eligibility response. */
export function submissionEligibility(s: LeadSubmission) {
  if (
    s.hadPcpFinance === null ||
    s.purchaseDateRange === null ||
    s.loanAmount === null ||
    s.dealerDisclosedCommission === null ||
    s.commissionDisclosure === null ||
    s.isEligible === null ||
    s.estimatedClaim === null
  )
    return null
  return {
    hadPcpFinance: s.hadPcpFinance,
    purchaseDateRange: s.purchaseDateRange,
    loanAmount: s.loanAmount,
    dealerDisclosedCommission: s.dealerDisclosedCommission,
    commissionDisclosure: s.commissionDisclosure,
    isEligible: s.isEligible,
    estimatedClaim: s.estimatedClaim,
  }
}

/** The later submissions of a lead, oldest first, each as complete as a lead. */
export async function leadSubmissions(db: Kysely<DB>, leadId: number) {
  const rows = await db
    .selectFrom('leadSubmission')
    .selectAll()
    .where('leadId', '=', leadId)
    .orderBy('id')
    .execute()
  const versions = await versionsById(
    db,
    rows.map((s) => s.questionnaireVersionId),
  )
  return rows.map((s) => ({
    id: s.id,
    reference: s.reference,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone,
    phoneE164: s.phoneE164,
    phoneType: s.phoneType,
    carDetails: s.carDetails,
    hasConsent: s.hasConsent,
    createdAt: s.createdAt,
    constantsVersion: s.constantsVersion,
    eligibility: submissionEligibility(s),
    ...questionnaireOf(versions, s),
    outcome: s.outcome,
    estimatedClaim: s.estimatedClaim,
    consent: consentOf(s),
    attribution: attributionOf(s),
    variant: s.variant,
  }))
}

/** One lead with everything stored about it, its later submissions included, for the admin's lead detail. */
export async function findLead(db: Kysely<DB>, id: number) {
  const lead = await db.selectFrom('lead').selectAll().where('id', '=', id).executeTakeFirst()
  if (!lead) return undefined
  const [eligibility, submissions, versions, sales] = await Promise.all([
    db
      .selectFrom('eligibilityResponse')
      .select([
        'hadPcpFinance',
        'purchaseDateRange',
        'loanAmount',
        'dealerDisclosedCommission',
        'commissionDisclosure',
        'isEligible',
        'estimatedClaim',
        'createdAt',
      ])
      .where('leadId', '=', id)
      .executeTakeFirst(),
    leadSubmissions(db, id),
    versionsById(db, [lead.questionnaireVersionId]),
    leadSales(db, [id]),
  ])
  return {
    id: lead.id,
    reference: lead.reference,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    phoneE164: lead.phoneE164,
    phoneType: lead.phoneType,
    carDetails: lead.carDetails,
    hasConsent: lead.hasConsent,
    consentText: lead.consentText,
    sourceUrl: lead.sourceUrl,
    userAgent: lead.userAgent,
    createdAt: lead.createdAt,
    duplicateCount: submissions.length,
    // What the list shows of the lead, so the detail is a list item and more.
    saleStatus: lead.saleStatus,
    utmSource: lead.utmSource,
    utmCampaign: lead.utmCampaign,
    ...(sales.get(id) ?? noSales),
    lastSeenAt: submissions.at(-1)?.createdAt ?? null,
    constantsVersion: lead.constantsVersion,
    eligibility: eligibility ?? null,
    ...questionnaireOf(versions, lead),
    outcome: lead.outcome,
    estimatedClaim: lead.estimatedClaim,
    consent: consentOf(lead),
    attribution: attributionOf(lead),
    variant: lead.variant,
    submissions,
  }
}
