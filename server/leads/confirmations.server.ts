import { type Kysely, sql } from 'kysely'
import { readCompliance } from '../../core/compliance.ts'
import {
  CONFIRMATION_SUBJECT,
  confirmationMailText,
  type EnquiryReceipt,
  REFERENCE_PATTERN,
  THANK_YOU_COOKIE,
  THANK_YOU_COOKIE_MAX_AGE_MS,
  THANK_YOU_PATH,
} from '../../core/lead-confirmation.ts'
import { recipientNames } from '../../core/lead-form-rules.ts'
import type { ConsentBuyer } from '../../core/schemas/buyers.ts'
import type { AppServices, DB, Job } from '../platform/index.ts'
import { readCookie, serializeCookie } from '../platform/index.ts'

export const LEAD_CONFIRMATIONS_JOB = 'lead-confirmations'
const BATCH = 50
/** A mail the mailer refused is tried again on later runs, this many times in all. */
export const MAX_CONFIRMATION_ATTEMPTS = 3
/** The thank-you page names the firms of a post this recent; older references get the generic page. */
export const RECEIPT_MAX_AGE_MS = 24 * 60 * 60 * 1000

type Services = Pick<AppServices, 'db' | 'dialect' | 'mailer' | 'logger' | 'site'>

/** One confirmation per new lead, written in the lead's transaction (the outbox of this mail). */
export async function enqueueConfirmations(trx: Kysely<DB>, leadIds: number[]): Promise<void> {
  if (leadIds.length === 0) return
  await trx
    .insertInto('leadConfirmation')
    .values(leadIds.map((leadId) => ({ leadId })))
    .execute()
}

/**
 * The cookie that takes a post's reference to the thank-you page, set alike for a new lead, a repeat
 * and a bot (whose random reference the page does not know).
 */
export function thankYouCookie(reference: string, secure: boolean): string {
  return serializeCookie(THANK_YOU_COOKIE, reference, {
    secure,
    path: THANK_YOU_PATH,
    maxAgeMs: THANK_YOU_COOKIE_MAX_AGE_MS,
  })
}

/** The reference a thank-you request carries, if any. */
export function thankYouReference(cookieHeader: string | null | undefined): string | undefined {
  return readCookie(cookieHeader ?? undefined, THANK_YOU_COOKIE)
}

/** The names the consent showed: its firms, or the partner it named instead. */
function consentedNames(firms: readonly ConsentBuyer[] | null, partnerName: string | null): string[] {
  const names = recipientNames((firms ?? []).map((f) => f.name))
  return names.length > 0 ? names : recipientNames(partnerName)
}

/**
 * What the thank-you page may say about a reference: the consented firm names of the lead or later
 * submission it names, if that post is recent; undefined for anything else (a bot's random
 * reference, a guess, an erased or old lead). Reads nothing personal.
 */
export async function enquiryReceipt(
  db: Kysely<DB>,
  reference: string | undefined,
  now = new Date(),
): Promise<EnquiryReceipt | undefined> {
  if (!reference || !REFERENCE_PATTERN.test(reference)) return undefined
  const since = new Date(now.getTime() - RECEIPT_MAX_AGE_MS)
  const row =
    (await db
      .selectFrom('lead')
      .select(['consentBuyers', 'partnerName'])
      .where('reference', '=', reference)
      .where('createdAt', '>=', since)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('leadSubmission')
      .select(['consentBuyers', 'partnerName'])
      .where('reference', '=', reference)
      .where('createdAt', '>=', since)
      .executeTakeFirst())
  if (!row) return undefined
  return { reference, firms: consentedNames(row.consentBuyers, row.partnerName) }
}

/**
 * Mails each new lead its confirmation (docs/decisions/0059-thank-you-reference.md). A batch is
 * claimed in a transaction (rows locked and skipped by other instances on PostgreSQL) and mailed
 * after the commit; a refused mail goes back to pending until its attempts run out. Logs carry the
 * lead id, never the address.
 */
export async function sendLeadConfirmations(services: Services): Promise<number> {
  const { db, dialect, mailer, logger } = services
  // Claimed in one statement (no transaction around an empty look): the job runs after every
  // burst of leads on every instance, and most runs find nothing left to send.
  let due = db
    .selectFrom('leadConfirmation')
    .select('leadId')
    .where('state', '=', 'pending')
    .orderBy('leadId')
    .limit(BATCH)
  if (dialect === 'postgres') due = due.forUpdate().skipLocked()
  const claimed = await db
    .updateTable('leadConfirmation')
    .set({ state: 'sending', attempts: sql<number>`attempts + 1` })
    .where('leadId', 'in', due)
    .returning(['leadId', 'attempts'])
    .execute()
  if (claimed.length === 0) return 0
  const leads = await db
    .selectFrom('lead')
    .select(['id', 'reference', 'email', 'consentBuyers', 'partnerName'])
    .where(
      'id',
      'in',
      claimed.map((c) => c.leadId),
    )
    .execute()
  const byId = new Map(leads.map((l) => [l.id, l]))
  const { settings } = await services.site.get()
  const operator = readCompliance(settings)
  // Marked in three statements, not one per mail: a commit each would compete with the leads for
  // SQLite's one writer at thousands of leads a second.
  const sent: number[] = []
  const retry: number[] = []
  const failed: number[] = []
  for (const { leadId, attempts } of claimed) {
    const lead = byId.get(leadId)
    if (!lead) continue
    const receipt = { reference: lead.reference, firms: consentedNames(lead.consentBuyers, lead.partnerName) }
    try {
      await mailer.send({
        to: lead.email,
        subject: CONFIRMATION_SUBJECT,
        text: confirmationMailText(receipt, operator),
      })
      sent.push(leadId)
    } catch (err) {
      // `attempts` counts this one.
      const last = attempts >= MAX_CONFIRMATION_ATTEMPTS
      logger.error({ err, leadId, attempt: attempts }, 'lead confirmation not sent')
      ;(last ? failed : retry).push(leadId)
    }
  }
  const mark = async (ids: number[], set: { state: 'sent' | 'pending' | 'failed'; sentAt?: Date }) => {
    if (ids.length > 0) await db.updateTable('leadConfirmation').set(set).where('leadId', 'in', ids).execute()
  }
  await mark(sent, { state: 'sent', sentAt: new Date() })
  await mark(retry, { state: 'pending' })
  await mark(failed, { state: 'failed' })
  return sent.length
}

export function leadConfirmationsJob(services: Services): Job {
  return { name: LEAD_CONFIRMATIONS_JOB, everyMs: 30_000, run: () => sendLeadConfirmations(services) }
}

/** Mails each new lead's confirmation soon after the visitor has had their answer; the job guarantees it. */
export function confirmNewLeads(services: Pick<AppServices, 'events' | 'background' | 'jobs'>) {
  services.events.on('lead.created', () => {
    services.background.run('lead confirmations', () => services.jobs.run(LEAD_CONFIRMATIONS_JOB))
  })
}
