import type { Kysely } from 'kysely'
import { complianceVersion, readCompliance } from '../../core/compliance.ts'
import { CONSENT_COOKIE, parseConsentCookie } from '../../core/consent.ts'
import type { Assessment } from '../../core/questionnaire/definition.ts'
import type { LeadData } from '../../core/schemas/leads.ts'
import { readLeadSettings } from '../../core/schemas/settings.ts'
import { leadVariant } from '../insight/index.ts'
import type { AppServices, DB, Dialect } from '../platform/index.ts'
import {
  clientKey,
  HttpError,
  hitRateLimit,
  isUniqueViolation,
  type RateDecision,
  readCookie,
} from '../platform/index.ts'
import { activeWebhookIds } from '../sales/index.ts'
import { type AnsweredQuestionnaire, answeredQuestionnaire } from './answers.server.ts'
import { answeredKeys, insertLeadBatch } from './batch-insert.server.ts'
import { consentSigner } from './consent/certificates.server.ts'
import { type SignerSettings, signerSettingsOf } from './consent/keys.server.ts'
import { type ConsentVersion, type CurrentConsent, postedConsent } from './consent/versions.server.ts'
import { newReference } from './lead-rows.server.ts'

export type LeadContext = {
  /** The page the form was on (the Referer of the post), part of the consent evidence. */
  sourceUrl?: string | null
  userAgent?: string | null
  ipAddress?: string | null
  /** The consent version the form showed: its wording and the firms it named, who alone may buy the lead. */
  consent?: ConsentVersion
  /** The hash of the page revision the form was on, as the form carried it. */
  pageRevision?: string | null
  /** The version of the questionnaire constants and statements the visitor was shown. */
  constantsVersion?: string | null
  /** The questionnaire answered, checked and assessed against its version (answers.server.ts). */
  questionnaire?: AnsweredQuestionnaire
  /** A lead matching an earlier one's phone or email within this many days is a duplicate. */
  duplicateWindowDays?: number
  /** The experiment variant the visitor was shown ("experimentId:variantName"). */
  variant?: string | null
}

export type StoredLead = {
  /**
   * The visitor's answer: the new lead's reference, the submission's, or a random one for a bot.
   * It says nothing about whether the person had written before.
   */
  reference: string
  /** The new lead, or the earlier one a submission is linked to; null for a bot. */
  leadId: number | null
  /** Set when the post was kept as a later submission of an earlier lead. */
  submissionId: number | null
  /** Computed from the questionnaire version; undefined when no answers were sent. */
  assessment: Assessment | undefined
  /** True when the post matched an earlier lead: kept as a submission, the lead left untouched. */
  duplicate: boolean
  /** Outbox rows written with it (one per active webhook, or none). */
  deliveries: number
  /** A repeat of a post with the same Idempotency-Key: answered as the first, nothing stored. */
  replayed?: boolean
}

type Job = {
  data: LeadData
  context: LeadContext
  resolve: (lead: StoredLead) => void
  reject: (error: unknown) => void
}
type Writer = { queue: Job[]; flushing: boolean; postgres: boolean; signer: SignerSettings }

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
      // The signing key is read before the transaction (usually from memory): no query inside it.
      const sign = await consentSigner(db, writer.signer)
      const stored = await db.transaction().execute(async (trx) => {
        return insertLeadBatch(trx, batch, await activeWebhookIds(trx), writer.postgres, sign)
      })
      for (const [i, job] of batch.entries()) job.resolve(stored[i] as StoredLead)
    } catch {
      for (const job of batch) {
        try {
          const sign = await consentSigner(db, writer.signer)
          job.resolve(
            await db
              .transaction()
              .execute(
                async (trx) =>
                  (
                    await insertLeadBatch(trx, [job], await activeWebhookIds(trx), writer.postgres, sign)
                  )[0] as StoredLead,
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
  context: LeadContext,
  dialect: Dialect,
  /** Signs each lead's consent certificate (from SESSION_SECRET and PUBLIC_URL). */
  signer: SignerSettings,
): Promise<StoredLead> {
  let writer = writers.get(db)
  if (!writer) {
    writer = { queue: [], flushing: false, postgres: dialect === 'postgres', signer }
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
 * Every way a lead arrives (the JSON API, the no-JavaScript form) ends here: the answers are
 * checked and assessed against their questionnaire version (a LeadAnswersError, 400, otherwise),
 * the consent is the version the form showed (a ConsentVersionError, 409, when the server never
 * showed it or replaced it too long ago), and only ids are logged. A bot, a
 * duplicate and a new lead get answers alike (a reference of the same form); a bot's is random and
 * nothing of it is stored.
 */
export async function captureLead(
  { db, dialect, logger, site, events, analytics, config }: AppServices,
  data: LeadData,
  request: {
    sourceUrl: string | null
    userAgent: string | null
    ip?: string | null
    via: 'api' | 'form'
    /** The visitor's experiment bucket today (server/insight/experiments/assignment.server.ts). */
    bucket?: number
    /** False when the visitor objects to counting (ADR 0077): the lead is kept, no figure counts it. */
    counted?: boolean
    /**
     * The request's Cookie header: the cookie banner's choice in it (`cookie_consent_v1`) is the
     * marketing consent the ad platforms' user data needs (ADR 0082); without it, the form's field.
     */
    cookie?: string | null
  },
): Promise<StoredLead> {
  const banner = parseConsentCookie(readCookie(request.cookie ?? undefined, CONSENT_COOKIE))
  if (banner) data = { ...data, marketingConsent: banner.marketing }
  // Refused answers are a 400 (LeadAnswersError) for a bot as for anyone: nothing is stored.
  const questionnaire = await answeredQuestionnaire({ db, site }, data)
  if (looksLikeBot(data)) {
    logger.info({ via: request.via }, 'lead refused as a bot')
    return {
      reference: newReference(),
      leadId: null,
      submissionId: null,
      assessment: undefined,
      duplicate: false,
      deliveries: 0,
    }
  }
  const { settings, consent: current, experiments } = await site.get()
  const leadSettings = readLeadSettings(settings)
  const consent = data.consentVersion
    ? await postedConsent(db, current, data.consentVersion, leadSettings.consentVersionMaxAgeHours)
    : ({ ok: true, version: current } as const)
  if (!consent.ok) {
    logger.info({ via: request.via, reason: consent.reason }, 'lead refused: consent version not accepted')
    throw new ConsentVersionError(consent.reason, current)
  }
  const compliance = readCompliance(settings)
  const variant =
    request.bucket === undefined
      ? null
      : leadVariant(experiments, request.bucket, [request.sourceUrl, data.attribution?.landing_page])
  const lead = await createLead(
    db,
    data,
    {
      consent: consent.version,
      pageRevision: data.pageRevision ?? null,
      sourceUrl: request.sourceUrl,
      userAgent: request.userAgent,
      ipAddress: request.ip ?? null,
      questionnaire,
      constantsVersion: complianceVersion(compliance),
      duplicateWindowDays: leadSettings.duplicateWindowDays,
      variant,
    },
    dialect,
    signerSettingsOf(config),
  ).catch(async (error: unknown) => {
    // Another instance stored a post with this key between our look and our insert: its answer.
    const key = data.idempotencyKey
    const winner = key && isUniqueViolation(error) ? (await answeredKeys(db, [key])).get(key) : undefined
    if (!winner) throw error
    return { ...winner, assessment: undefined, duplicate: true, deliveries: 0, replayed: true }
  })
  if (lead.replayed) {
    logger.info({ leadId: lead.leadId, via: request.via }, 'lead post repeated: answered as before')
    return lead
  }
  logger.info(
    {
      leadId: lead.leadId,
      submissionId: lead.submissionId ?? undefined,
      outcome: lead.assessment?.outcome,
      questionnaireVersionId: questionnaire?.questionnaireVersionId,
      duplicate: lead.duplicate,
      deliveries: lead.deliveries,
      via: request.via,
    },
    lead.duplicate ? 'lead submitted again' : 'lead captured',
  )
  const leadId = lead.leadId as number
  // The lead figure analytics counts is this one, not the page's beacon (docs/decisions/0037-analytics.md).
  if (request.counted !== false)
    analytics.lead(
      request.ip ?? 'unknown',
      request.userAgent ?? undefined,
      leadId,
      data.attribution,
      request.sourceUrl,
      variant,
    )
  if (!lead.duplicate) events.emit('lead.created', { id: leadId, deliveries: lead.deliveries })
  else if (lead.deliveries > 0) {
    events.emit('lead.submitted', {
      leadId,
      submissionId: lead.submissionId as number,
      deliveries: lead.deliveries,
    })
  }
  return lead
}

/**
 * A post naming a consent version the server never showed, or one replaced longer ago than the
 * `consent_version_max_age_hours` setting: nothing is stored, and the visitor is shown `current`.
 */
export class ConsentVersionError extends HttpError {
  readonly current: CurrentConsent
  constructor(reason: 'unknown' | 'expired', current: CurrentConsent) {
    super(
      409,
      reason === 'unknown'
        ? 'The consent wording sent with this form is not one this site shows. Please read the current wording below and send your details again.'
        : 'The consent wording has changed since this page was loaded. Please read the current wording below and send your details again.',
    )
    this.current = current
  }
}

/** The lead rate limit, per client IP, for every way a lead arrives. */
export async function checkLeadRateLimit({ db, config }: AppServices, ip: string): Promise<RateDecision> {
  if (!config.rateLimits.enabled) return { allowed: true, retryAfterSeconds: 0 }
  return hitRateLimit(db, `leads:${clientKey(ip)}`, config.rateLimits.leads)
}
