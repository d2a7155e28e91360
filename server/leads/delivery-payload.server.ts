import type { Kysely } from 'kysely'
import { type Attribution, attributionKeys } from '../../core/attribution.ts'
import type { DB, Lead } from '../db/schema.ts'

/** What a buyer's webhook receives as `lead`: the lead, its answers, consent evidence and attribution. */
export type DeliveredLead = {
  id: number
  firstName: string
  lastName: string
  email: string
  phone: string
  phoneE164: string | null
  phoneType: string | null
  carDetails: string | null
  hasConsent: boolean
  createdAt: string
  constantsVersion: string | null
  eligibility: {
    hadPcpFinance: boolean
    purchaseDateRange: string
    loanAmount: number
    dealerDisclosedCommission: boolean
    commissionDisclosure: string
    isEligible: boolean
    estimatedClaim: number
  } | null
  /** The evidence a buyer must be able to check (CMCOB 2.2.2R, PECR regulation 21A). */
  consent: {
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
  attribution: Record<keyof Attribution, string | null>
}

const attributionColumns = {
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
  referrer: 'referrer',
  landing_page: 'landingPage',
} as const satisfies Record<keyof Attribution, keyof Lead>

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
  for (const lead of leads) {
    const createdAt = new Date(lead.createdAt).toISOString()
    out.set(lead.id, {
      id: lead.id,
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
      consent: {
        text: lead.consentText,
        version: lead.consentVersion,
        sha256: lead.consentSha256,
        privacyVersion: lead.privacyVersion,
        partnerName: lead.partnerName,
        pageUrl: lead.sourceUrl,
        userAgent: lead.userAgent,
        ipAddress: lead.ipAddress,
        at: createdAt,
      },
      attribution: Object.fromEntries(
        attributionKeys.map((key) => [key, lead[attributionColumns[key]] ?? null]),
      ) as DeliveredLead['attribution'],
    })
  }
  return out
}
