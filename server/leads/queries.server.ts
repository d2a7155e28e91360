import type { Kysely } from 'kysely'
import { assessEligibility, loanBandLowerBound } from '../../core/eligibility.ts'
import { consentWording, type LeadData } from '../../core/schemas/leads.ts'
import type { AppServices } from '../context.ts'
import type { DB } from '../db/schema.ts'
import { clientKey, hitRateLimit, type RateDecision } from '../http/rate-limit.ts'

export type LeadContext = {
  sourceUrl?: string | null
  userAgent?: string | null
  /** The `partner_name` setting when the lead was taken: part of the consent wording. */
  partnerName?: string | null
}

export type StoredLead = Awaited<ReturnType<typeof insertLead>>

/**
 * Writes a lead and, when the questionnaire was answered, its eligibility response, inside the
 * caller's transaction. Eligibility is recomputed here: the browser's result is never trusted.
 */
async function insertLead(trx: Kysely<DB>, data: LeadData, context: LeadContext) {
  {
    const lead = await trx
      .insertInto('lead')
      .values({
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        phone: data.phone,
        carDetails: data.carDetails ?? null,
        hasConsent: data.hasConsent,
        consentText: consentWording(context.partnerName),
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
  }
}

type Job = {
  data: LeadData
  context: LeadContext
  resolve: (lead: StoredLead) => void
  reject: (error: unknown) => void
}
type Writer = { queue: Job[]; flushing: boolean }

const writers = new WeakMap<Kysely<DB>, Writer>()
const MAX_BATCH = 200

/**
 * Group commit: leads that arrive while a commit is under way are written together in the next
 * transaction, so one fsync covers many leads. Each caller still hears back only once its lead is
 * durably committed; a batch that fails is retried lead by lead so one bad lead cannot sink others.
 */
async function flush(db: Kysely<DB>, writer: Writer) {
  while (writer.queue.length > 0) {
    const batch = writer.queue.splice(0, MAX_BATCH)
    try {
      const stored = await db.transaction().execute(async (trx) => {
        const results: StoredLead[] = []
        for (const job of batch) results.push(await insertLead(trx, job.data, job.context))
        return results
      })
      for (const [i, job] of batch.entries()) job.resolve(stored[i] as StoredLead)
    } catch {
      for (const job of batch) {
        try {
          job.resolve(await db.transaction().execute((trx) => insertLead(trx, job.data, job.context)))
        } catch (error) {
          job.reject(error)
        }
      }
    }
  }
  writer.flushing = false
}

/** Stores a lead with its eligibility response; resolves once both are committed. */
export function createLead(db: Kysely<DB>, data: LeadData, context: LeadContext = {}): Promise<StoredLead> {
  let writer = writers.get(db)
  if (!writer) {
    writer = { queue: [], flushing: false }
    writers.set(db, writer)
  }
  const w = writer
  return new Promise((resolve, reject) => {
    w.queue.push({ data, context, resolve, reject })
    if (!w.flushing) {
      w.flushing = true
      setImmediate(() => void flush(db, w))
    }
  })
}

/**
 * Every way a lead arrives (the JSON API, the no-JavaScript form) ends here: the recipient named
 * in the consent wording comes from the current settings, and only the lead id is logged.
 */
export async function captureLead(
  { db, logger, site }: AppServices,
  data: LeadData,
  request: { sourceUrl: string | null; userAgent: string | null; via: 'api' | 'form' },
): Promise<StoredLead> {
  const { settings } = await site.get()
  const lead = await createLead(db, data, {
    partnerName: settings.get('partner_name'),
    sourceUrl: request.sourceUrl,
    userAgent: request.userAgent,
  })
  logger.info({ leadId: lead.id, eligible: lead.assessment?.isEligible, via: request.via }, 'lead captured')
  return lead
}

/** The lead rate limit, per client IP, for every way a lead arrives. */
export async function checkLeadRateLimit({ db, config }: AppServices, ip: string): Promise<RateDecision> {
  if (!config.rateLimits.enabled) return { allowed: true, retryAfterSeconds: 0 }
  return hitRateLimit(db, `leads:${clientKey(ip)}`, config.rateLimits.leads)
}

/** One lead with everything stored about it, for the admin's lead detail. */
export async function findLead(db: Kysely<DB>, id: number) {
  const lead = await db.selectFrom('lead').selectAll().where('id', '=', id).executeTakeFirst()
  if (!lead) return undefined
  const eligibility = await db
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
    .executeTakeFirst()
  return { ...lead, eligibility: eligibility ?? null }
}
