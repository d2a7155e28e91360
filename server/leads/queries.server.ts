import type { Kysely } from 'kysely'
import { assessEligibility, loanBandLowerBound } from '../../core/eligibility.ts'
import { CONSENT_TEXT, type LeadData } from '../../core/lead-schema.ts'
import type { DB } from '../db/schema.ts'

export type LeadContext = { sourceUrl?: string | null; userAgent?: string | null }

/**
 * Stores a lead and, when the questionnaire was answered, its eligibility response, in one
 * transaction. Eligibility is recomputed here: the browser's result is never trusted.
 */
export async function createLead(db: Kysely<DB>, data: LeadData, context: LeadContext = {}) {
  return db.transaction().execute(async (trx) => {
    const lead = await trx
      .insertInto('lead')
      .values({
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        phone: data.phone,
        carDetails: data.carDetails ?? null,
        hasConsent: data.hasConsent,
        consentText: CONSENT_TEXT,
        sourceUrl: context.sourceUrl?.slice(0, 500) ?? null,
        userAgent: context.userAgent?.slice(0, 500) ?? null,
      })
      .returning(['id', 'createdAt'])
      .executeTakeFirstOrThrow()

    let assessment: ReturnType<typeof assessEligibility> | undefined
    if (data.answers) {
      const answers = data.answers
      assessment = assessEligibility(answers)
      await trx
        .insertInto('eligibilityResponse')
        .values({
          leadId: lead.id,
          hadPcpFinance: answers.hadPcpFinance === 'yes',
          purchaseDateRange: answers.purchaseDateRange,
          loanAmount: loanBandLowerBound(answers.loanAmount),
          dealerDisclosedCommission: answers.dealerDisclosedCommission === 'yes',
          commissionDisclosure: answers.dealerDisclosedCommission,
          isEligible: assessment.isEligible,
          estimatedClaim: assessment.estimatedClaim,
        })
        .execute()
    }
    return { id: lead.id, createdAt: lead.createdAt, assessment }
  })
}
