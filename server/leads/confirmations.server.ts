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
export async function sendLeadConfirmations(
  services: Services,
  /** The leads just taken here: claimed by key, not by a scan of everything pending. */
  leadIds?: readonly number[],
): Promise<number> {
  const { db, dialect, mailer, logger } = services
  if (leadIds?.length === 0) return 0
  // Claimed in one statement (no transaction around an empty look). After a burst of leads the
  // claim names them: a scan of the pending index walked every mail sent since the last vacuum,
  // and was a fifth of PostgreSQL's time at a few hundred leads a second.
  let due = db
    .selectFrom('leadConfirmation')
    .select('leadId')
    .where('state', '=', 'pending')
    .orderBy('leadId')
  due = leadIds ? due.where('leadId', 'in', leadIds) : due.limit(BATCH)
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

const SCAN_EVERY_MS = 30_000
/** At most this many just-taken leads are claimed by key in one statement. */
const BY_KEY = 500

/** The leads taken by this process since the job last ran, per database. */
const justTaken = new WeakMap<Kysely<DB>, Set<number>>()

/**
 * Mails the leads just taken here by key; every SCAN_EVERY_MS (its timer) it also scans for any
 * pending mail: another instance's that stopped, a mail to try again, a lead taken elsewhere.
 */
export function leadConfirmationsJob(services: Services): Job {
  let scanned = 0
  const run = async () => {
    const taken = justTaken.get(services.db)
    let sent = 0
    while (taken && taken.size > 0) {
      const ids = [...taken].slice(0, BY_KEY)
      for (const id of ids) taken.delete(id)
      sent += await sendLeadConfirmations(services, ids)
    }
    if (Date.now() - scanned >= SCAN_EVERY_MS) {
      scanned = Date.now()
      sent += await sendLeadConfirmations(services)
    }
    return sent
  }
  return { name: LEAD_CONFIRMATIONS_JOB, everyMs: SCAN_EVERY_MS, run }
}

/** Mails each new lead's confirmation soon after the visitor has had their answer; the job guarantees it. */
export function confirmNewLeads(services: Pick<AppServices, 'db' | 'events' | 'background' | 'jobs'>) {
  const taken = justTaken.get(services.db) ?? new Set<number>()
  justTaken.set(services.db, taken)
  services.events.on('lead.created', ({ id }) => {
    taken.add(id)
    services.background.run('lead confirmations', () => services.jobs.run(LEAD_CONFIRMATIONS_JOB))
  })
}
