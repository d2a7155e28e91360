import { randomUUID } from 'node:crypto'

import { type Kysely, type Selectable, sql } from 'kysely'
import { type Attribution, type AttributionKey, attributionKeys } from '../../core/attribution.ts'
import { complianceVersion, readCompliance } from '../../core/compliance.ts'
import { assessEligibility, type EstimateConstants } from '../../core/eligibility.ts'
import { normaliseUkPhone } from '../../core/phone.ts'
import type { LeadData } from '../../core/schemas/leads.ts'
import { DEFAULT_DUPLICATE_WINDOW_DAYS, readLeadSettings } from '../../core/schemas/settings.ts'
import type { AppServices } from '../context.ts'
import type { Dialect } from '../db/database.ts'
import type { DB, LeadTable } from '../db/schema.ts'
import { clientKey, hitRateLimit, type RateDecision } from '../http/rate-limit.ts'
import { insertLeadBatch } from './batch-insert.server.ts'
import { eligibilityValues, leadValues } from './lead-rows.server.ts'

export type LeadContext = {
  /** The page the form was on (the Referer of the post), part of the consent evidence. */
  sourceUrl?: string | null
  userAgent?: string | null
  ipAddress?: string | null
  /** The `partner_name` setting when the lead was taken: part of the consent wording. */
  partnerName?: string | null
  /** The version of the questionnaire constants and statements the visitor was shown. */
  constantsVersion?: string | null
  /** The estimates in force (the settings); SPEC section 9's defaults when not given. */
  constants?: EstimateConstants
  /** A lead matching an earlier one's phone or email within this many days is a duplicate. */
  duplicateWindowDays?: number
}

export type StoredLead = {
  id: number
  createdAt: Date
  assessment: ReturnType<typeof assessEligibility> | undefined
  /** True when the lead matched an earlier one: nothing new was stored or delivered. */
  duplicate: boolean
  /** Outbox rows written with the lead (one per active webhook). */
  deliveries: number
}

/**
 * Writes a lead and, when the questionnaire was answered, its eligibility response, inside the
 * caller's transaction, with its consent evidence, normalised phone and attribution, and one
 * outbox row per active webhook. A lead whose phone or email matches one received within the
 * window only counts against that one. Eligibility is recomputed here: the browser is never trusted.
 */
async function insertLead(
  trx: Kysely<DB>,
  data: LeadData,
  context: LeadContext,
  webhookIds: number[],
  postgres: boolean,
): Promise<StoredLead> {
  const phone = normaliseUkPhone(data.phone)
  const email = data.email.trim().toLowerCase()
  const now = new Date()
  if (postgres) {
    for (const key of [phone?.e164 ?? data.phone, email].sort()) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`lead:${key}`}, 0))`.execute(trx)
    }
  }
  const windowDays = context.duplicateWindowDays ?? DEFAULT_DUPLICATE_WINDOW_DAYS
  const since = new Date(now.getTime() - windowDays * 86_400_000)
  const earlier = await trx
    .selectFrom('lead')
    .select(['id', 'createdAt'])
    .where('createdAt', '>=', since)
    .where((eb) =>
      phone
        ? eb.or([eb('phoneE164', '=', phone.e164), eb('emailNormalized', '=', email)])
        : eb('emailNormalized', '=', email),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (earlier) {
    await trx
      .updateTable('lead')
      .set((eb) => ({ duplicateCount: eb('duplicateCount', '+', 1), lastSeenAt: now }))
      .where('id', '=', earlier.id)
      .execute()
    return {
      id: earlier.id,
      createdAt: earlier.createdAt,
      assessment: data.answers ? assessEligibility(data.answers, context.constants) : undefined,
      duplicate: true,
      deliveries: 0,
    }
  }

  const lead = await trx
    .insertInto('lead')
    .values(leadValues(data, context, phone, email))
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow()

  let assessment: ReturnType<typeof assessEligibility> | undefined
  if (data.answers) {
    const answers = data.answers
    assessment = assessEligibility(answers, context.constants)
    await trx
      .insertInto('eligibilityResponse')
      .values(eligibilityValues(lead.id, answers, assessment))
      .execute()
  }
  if (webhookIds.length > 0) {
    await trx
      .insertInto('webhookDelivery')
      .values(webhookIds.map((webhookId) => ({ leadId: lead.id, webhookId, idempotencyKey: randomUUID() })))
      .execute()
  }
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    assessment,
    duplicate: false,
    deliveries: webhookIds.length,
  }
}

const activeWebhookIds = async (trx: Kysely<DB>) =>
  (await trx.selectFrom('webhook').select('id').where('isActive', '=', true).orderBy('id').execute()).map(
    (w) => w.id,
  )

type Job = {
  data: LeadData
  context: LeadContext
  resolve: (lead: StoredLead) => void
  reject: (error: unknown) => void
}
type Writer = { queue: Job[]; flushing: boolean; postgres: boolean }

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
        const webhooks = await activeWebhookIds(trx)
        if (writer.postgres) return insertLeadBatch(trx, batch, webhooks)
        const results: StoredLead[] = []
        for (const job of batch) results.push(await insertLead(trx, job.data, job.context, webhooks, false))
        return results
      })
      for (const [i, job] of batch.entries()) job.resolve(stored[i] as StoredLead)
    } catch {
      for (const job of batch) {
        try {
          job.resolve(
            await db
              .transaction()
              .execute(async (trx) =>
                insertLead(trx, job.data, job.context, await activeWebhookIds(trx), writer.postgres),
              ),
          )
        } catch (error) {
          job.reject(error)
        }
      }
    }
  }
  writer.flushing = false
}

/** Stores a lead with its eligibility response; resolves once both are committed. */
export function createLead(
  db: Kysely<DB>,
  data: LeadData,
  context: LeadContext = {},
  dialect: Dialect = 'sqlite',
): Promise<StoredLead> {
  let writer = writers.get(db)
  if (!writer) {
    writer = { queue: [], flushing: false, postgres: dialect === 'postgres' }
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
 * Posting sooner than this after the visitor started the questionnaire is what scripts do; people
 * need several seconds for four questions and a form. Kept low so fast but real journeys pass.
 */
export const MIN_FORM_MS = 800

/** The honeypot was filled, or the form was posted faster than a person could. */
export function looksLikeBot(data: Pick<LeadData, 'website' | 'formStartedAt'>, now = Date.now()): boolean {
  if (data.website?.trim()) return true
  return data.formStartedAt !== undefined && data.formStartedAt > 0 && now - data.formStartedAt < MIN_FORM_MS
}

/**
 * Every way a lead arrives (the JSON API, the no-JavaScript form) ends here: the recipient named
 * in the consent wording comes from the current settings, and only the lead id is logged. A bot
 * and a duplicate get the same answer as a new lead; only a new lead is stored and delivered.
 */
export async function captureLead(
  { db, dialect, logger, site, events }: AppServices,
  data: LeadData,
  request: { sourceUrl: string | null; userAgent: string | null; ip?: string | null; via: 'api' | 'form' },
): Promise<StoredLead> {
  if (looksLikeBot(data)) {
    logger.info({ via: request.via }, 'lead refused as a bot')
    return { id: 0, createdAt: new Date(), assessment: undefined, duplicate: false, deliveries: 0 }
  }
  const { settings } = await site.get()
  const compliance = readCompliance(settings)
  const lead = await createLead(
    db,
    data,
    {
      partnerName: settings.get('partner_name'),
      sourceUrl: request.sourceUrl,
      userAgent: request.userAgent,
      ipAddress: request.ip ?? null,
      constants: compliance,
      constantsVersion: complianceVersion(compliance),
      duplicateWindowDays: readLeadSettings(settings).duplicateWindowDays,
    },
    dialect,
  )
  logger.info(
    { leadId: lead.id, eligible: lead.assessment?.isEligible, duplicate: lead.duplicate, via: request.via },
    'lead captured',
  )
  if (!lead.duplicate) events.emit('lead.created', { id: lead.id, deliveries: lead.deliveries })
  return lead
}

/** The lead rate limit, per client IP, for every way a lead arrives. */
export async function checkLeadRateLimit({ db, config }: AppServices, ip: string): Promise<RateDecision> {
  if (!config.rateLimits.enabled) return { allowed: true, retryAfterSeconds: 0 }
  return hitRateLimit(db, `leads:${clientKey(ip)}`, config.rateLimits.leads)
}

/** A stored lead's attribution, under the names the visitor's URL used. */
export function attributionOf(lead: Selectable<LeadTable>): Attribution {
  const out: Attribution = {}
  const values: Record<AttributionKey, string | null> = {
    utm_source: lead.utmSource,
    utm_medium: lead.utmMedium,
    utm_campaign: lead.utmCampaign,
    utm_term: lead.utmTerm,
    utm_content: lead.utmContent,
    gclid: lead.gclid,
    gbraid: lead.gbraid,
    wbraid: lead.wbraid,
    fbclid: lead.fbclid,
    msclkid: lead.msclkid,
    referrer: lead.referrer,
    landing_page: lead.landingPage,
  }
  for (const key of attributionKeys) {
    const value = values[key]
    if (value) out[key] = value
  }
  return out
}

/** The consent evidence a buyer's compliance officer reads (CMCOB 2.2.2R, PECR 21A). */
export function consentOf(lead: Selectable<LeadTable>) {
  return {
    given: lead.hasConsent,
    text: lead.consentText,
    version: lead.consentVersion,
    sha256: lead.consentSha256,
    privacyVersion: lead.privacyVersion,
    partnerName: lead.partnerName,
    pageUrl: lead.sourceUrl,
    userAgent: lead.userAgent,
    ipAddress: lead.ipAddress,
    at: lead.createdAt,
  }
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
  return {
    id: lead.id,
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
    duplicateCount: lead.duplicateCount,
    lastSeenAt: lead.lastSeenAt,
    constantsVersion: lead.constantsVersion,
    eligibility: eligibility ?? null,
    consent: consentOf(lead),
    attribution: attributionOf(lead),
  }
}
