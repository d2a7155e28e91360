import type { Kysely } from 'kysely'
import { type Attribution, attributionKeys } from '../../core/attribution.ts'
import type { DeliveredLead, PingedLead } from '../../core/schemas/delivered-lead.ts'
import type { DB } from '../platform/index.ts'
import { questionnaireOf, versionsById } from './answers.server.ts'
import { consentOf, submissionEligibility } from './lead-detail.server.ts'
import { attributionColumns } from './lead-rows.server.ts'

// The bodies' schemas are in core/schemas/delivered-lead.ts, published in the document's `webhooks`.
export type { DeliveredLead, PingedLead }

/** The consent evidence as a buyer receives it: every delivered post consented, so no `given`. */
function buyerConsent(row: Parameters<typeof consentOf>[0]): DeliveredLead['consent'] {
  const { given: _given, certificate: _certificate, at, ...evidence } = consentOf(row)
  return { ...evidence, at: new Date(at).toISOString() }
}

function buyerAttribution(row: Record<(typeof attributionColumns)[keyof Attribution], string | null>) {
  return Object.fromEntries(
    attributionKeys.map((key) => [key, row[attributionColumns[key]] ?? null]),
  ) as DeliveredLead['attribution']
}

/** The webhook `lead` of each of these leads that still exists, by id. */
export async function deliveredLeads(db: Kysely<DB>, ids: number[]): Promise<Map<number, DeliveredLead>> {
  const out = new Map<number, DeliveredLead>()
  if (ids.length === 0) return out
  const unique = [...new Set(ids)]
  const [leads, answers] = await Promise.all([
    db.selectFrom('lead').selectAll().where('id', 'in', unique).execute(),
    db
      .selectFrom('eligibilityResponse')
      .select([
        'leadId',
        'hadPcpFinance',
        'purchaseDateRange',
        'loanAmount',
        'dealerDisclosedCommission',
        'commissionDisclosure',
        'isEligible',
        'estimatedClaim',
      ])
      .where('leadId', 'in', unique)
      .execute(),
  ])
  const answersByLead = new Map(answers.map(({ leadId, ...rest }) => [leadId, rest]))
  const versions = await versionsById(
    db,
    leads.map((l) => l.questionnaireVersionId),
  )
  for (const lead of leads) {
    const createdAt = new Date(lead.createdAt).toISOString()
    out.set(lead.id, {
      id: lead.id,
      reference: lead.reference,
      resubmissionOf: null,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      phoneE164: lead.phoneE164,
      phoneType: lead.phoneType,
      carDetails: lead.carDetails,
      hasConsent: lead.hasConsent,
      createdAt,
      constantsVersion: lead.constantsVersion,
      eligibility: answersByLead.get(lead.id) ?? null,
      ...questionnaireOf(versions, lead),
      outcome: lead.outcome,
      estimatedClaim: lead.estimatedClaim,
      consent: buyerConsent(lead),
      consentCertificate: lead.consentCertificate,
      attribution: buyerAttribution(lead),
      variant: lead.variant,
    })
  }
  return out
}

/** The webhook `lead` of each of these submissions that still exists, by submission id. */
export async function deliveredSubmissions(
  db: Kysely<DB>,
  ids: number[],
): Promise<Map<number, DeliveredLead>> {
  const out = new Map<number, DeliveredLead>()
  if (ids.length === 0) return out
  const rows = await db
    .selectFrom('leadSubmission as s')
    .innerJoin('lead as l', 'l.id', 's.leadId')
    .selectAll('s')
    .select('l.reference as leadReference')
    .where('s.id', 'in', [...new Set(ids)])
    .execute()
  const versions = await versionsById(
    db,
    rows.map((s) => s.questionnaireVersionId),
  )
  for (const s of rows) {
    const createdAt = new Date(s.createdAt).toISOString()
    out.set(s.id, {
      id: s.leadId,
      reference: s.reference,
      resubmissionOf: s.leadReference,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      phone: s.phone,
      phoneE164: s.phoneE164,
      phoneType: s.phoneType,
      carDetails: s.carDetails,
      hasConsent: s.hasConsent,
      createdAt,
      constantsVersion: s.constantsVersion,
      eligibility: submissionEligibility(s),
      ...questionnaireOf(versions, s),
      outcome: s.outcome,
      estimatedClaim: s.estimatedClaim,
      consent: buyerConsent(s),
      consentCertificate: s.consentCertificate,
      attribution: buyerAttribution(s),
      variant: s.variant,
    })
  }
  return out
}

/** The ping `lead` of each of these leads that still exists, by id. */
export async function pingedLeads(db: Kysely<DB>, ids: number[]): Promise<Map<number, PingedLead>> {
  const out = new Map<number, PingedLead>()
  if (ids.length === 0) return out
  const unique = [...new Set(ids)]
  const [leads, answers] = await Promise.all([
    db
      .selectFrom('lead')
      .select([
        'id',
        'reference',
        'createdAt',
        'questionnaireVersionId',
        'answers',
        'outcome',
        'phoneType',
        'utmSource',
        'utmCampaign',
        'consentVersion',
      ])
      .where('id', 'in', unique)
      .execute(),
    db
      .selectFrom('eligibilityResponse')
      .select([
        'leadId',
        'hadPcpFinance',
        'purchaseDateRange',
        'loanAmount',
        'dealerDisclosedCommission',
        'commissionDisclosure',
        'isEligible',
        'estimatedClaim',
      ])
      .where('leadId', 'in', unique)
      .execute(),
  ])
  const answersByLead = new Map(answers.map(({ leadId, ...rest }) => [leadId, rest]))
  const versions = await versionsById(
    db,
    leads.map((l) => l.questionnaireVersionId),
  )
  for (const lead of leads) {
    out.set(lead.id, {
      reference: lead.reference,
      createdAt: new Date(lead.createdAt).toISOString(),
      ...questionnaireOf(versions, lead),
      eligibility: answersByLead.get(lead.id) ?? null,
      outcome: lead.outcome,
      // Stored as text; capture writes only these (core/phone.ts).
      phoneType: lead.phoneType as PingedLead['phoneType'],
      campaign: { utmSource: lead.utmSource, utmCampaign: lead.utmCampaign },
      consentVersion: lead.consentVersion,
    })
  }
  return out
}
