import { randomInt } from 'node:crypto'
import type { Selectable } from 'kysely'
import { readCompliance } from '../../../core/compliance.ts'
import { normaliseUkPhone } from '../../../core/phone.ts'
import {
  acknowledgeBy,
  acknowledgementOverdue,
  type ComplaintData,
  type ComplaintRow,
  type ComplaintUpdate,
  complaintAcknowledgement,
  complaintReference,
} from '../../../core/schemas/complaints.ts'
import type { SubjectIdentity } from '../../../core/schemas/data-requests.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { site as siteFacts } from '../../../core/site.ts'
import type { AppServices, DB } from '../../platform/index.ts'
import {
  audit,
  changedFields,
  clientKey,
  HttpError,
  hitRateLimit,
  requireChanges,
} from '../../platform/index.ts'

type Db = AppServices['db']
type Actor = Pick<CurrentAdmin, 'id' | 'email'> | undefined

/** Counts a complaint post against the client's address: true while it is within the limit. */
export async function checkComplaintRateLimit(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  ip: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  if (!config.rateLimits.enabled) return { allowed: true, retryAfterSeconds: 0 }
  return hitRateLimit(db, `complaints:${clientKey(ip)}`, config.rateLimits.complaints)
}

/**
 * Stores a complaint and mails its acknowledgement at once. A failed mail leaves the complaint
 * stored, marked as not acknowledged by mail, for the admin to see. A bot (the honeypot filled) is
 * answered alike with a reference of the same form, and nothing is stored or sent. Only ids are logged.
 */
export async function submitComplaint(
  { db, mailer, logger, site }: Pick<AppServices, 'db' | 'mailer' | 'logger' | 'site'>,
  data: ComplaintData,
): Promise<{ reference: string }> {
  const now = new Date()
  if (data.website?.trim()) {
    logger.info('complaint refused as a bot')
    return { reference: complaintReference(randomInt(100_000, 999_999), now) }
  }
  const phone = data.phone ? (normaliseUkPhone(data.phone)?.e164 ?? data.phone) : null
  // The reference is made from the id: both in one transaction, so no row is left without it.
  const { id, reference } = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('complaint')
      .values({
        name: data.name,
        email: data.email,
        phone,
        leadReference: data.leadReference ?? null,
        details: data.details,
        contactBy: data.contactBy,
        receivedAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const reference = complaintReference(id, now)
    await trx.updateTable('complaint').set({ reference }).where('id', '=', id).execute()
    return { id, reference }
  })
  const { settings } = await site.get()
  const operator = readCompliance(settings).firmName.trim() || siteFacts.companyName
  try {
    await mailer.send({ to: data.email, ...complaintAcknowledgement(reference, operator) })
    await db.updateTable('complaint').set({ acknowledgementSent: true }).where('id', '=', id).execute()
  } catch (err) {
    // The error may quote the address: its name and code only.
    const { name, code } = err as { name?: string; code?: string }
    logger.error({ complaintId: id, error: name, code }, 'complaint acknowledgement not sent')
  }
  return { reference }
}

type ComplaintRecord = Selectable<DB['complaint']>

function complaintRows(db: Db) {
  return db.selectFrom('complaint').selectAll()
}

function toRow(c: ComplaintRecord, now: Date): ComplaintRow {
  const receivedAt = new Date(c.receivedAt)
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)
  return {
    id: c.id,
    reference: c.reference ?? complaintReference(c.id, receivedAt),
    receivedAt: receivedAt.toISOString(),
    acknowledgeBy: acknowledgeBy(receivedAt).toISOString(),
    overdue: acknowledgementOverdue({ status: c.status, receivedAt }, now),
    name: c.name,
    email: c.email,
    phone: c.phone,
    leadReference: c.leadReference,
    details: c.details,
    contactBy: c.contactBy,
    status: c.status,
    acknowledgementSent: Boolean(c.acknowledgementSent),
    acknowledgedAt: iso(c.acknowledgedAt),
    resolvedAt: iso(c.resolvedAt),
    outcome: c.outcome,
    reply: c.reply,
  }
}

/** Every complaint, newest first. Viewing them is audited with a count only. */
export async function listComplaints(db: Db, actor: Actor): Promise<ComplaintRow[]> {
  const rows = await complaintRows(db).orderBy('receivedAt', 'desc').orderBy('id', 'desc').execute()
  await audit(db, { actor, action: 'complaint.list', entity: 'complaint', detail: { returned: rows.length } })
  const now = new Date()
  return rows.map((row) => toRow(row, now))
}

/**
 * Records the acknowledgement, the outcome and the reply. Acknowledging or resolving stamps the
 * time once; resolving acknowledges too. Audited with the fields changed, never their text.
 */
export async function updateComplaint(
  db: Db,
  id: number,
  update: ComplaintUpdate,
  actor: Actor,
): Promise<ComplaintRow> {
  requireChanges(update)
  const current = await complaintRows(db).where('id', '=', id).executeTakeFirst()
  if (!current) throw new HttpError(404, 'Complaint not found')
  const now = new Date()
  const status = update.status ?? current.status
  const acknowledgedAt = status === 'new' ? null : (current.acknowledgedAt ?? now)
  const resolvedAt = status === 'resolved' ? (current.resolvedAt ?? now) : null
  await db
    .updateTable('complaint')
    .set({
      status,
      acknowledgedAt,
      resolvedAt,
      ...(update.outcome !== undefined ? { outcome: update.outcome || null } : {}),
      ...(update.reply !== undefined ? { reply: update.reply || null } : {}),
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute()
  await audit(db, {
    actor,
    action: 'complaint.update',
    entity: 'complaint',
    entityId: id,
    detail: { fields: changedFields(update), status },
  })
  const row = await complaintRows(db).where('id', '=', id).executeTakeFirstOrThrow()
  return toRow(row, now)
}

function whereSubject(db: Db, identity: SubjectIdentity) {
  return identity.by === 'email'
    ? db.selectFrom('complaint').where('email', '=', identity.email)
    : db.selectFrom('complaint').where('phone', '=', identity.phone)
}

/** A person's complaints, for their subject-access export. */
export async function subjectComplaints(db: Db, identity: SubjectIdentity): Promise<ComplaintRow[]> {
  const rows = await whereSubject(db, identity).selectAll().orderBy('id').execute()
  const now = new Date()
  return rows.map((row) => toRow(row, now))
}

/** Erases a person's complaints with their other data; returns how many went. */
export async function eraseSubjectComplaints(db: Db, identity: SubjectIdentity): Promise<number> {
  const ids = (await whereSubject(db, identity).select('id').execute()).map((r) => r.id)
  if (ids.length === 0) return 0
  await db.deleteFrom('complaint').where('id', 'in', ids).execute()
  return ids.length
}

/** Complaints received before the retention cutoff, deleted. */
export async function purgeComplaintsBefore(db: Db, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('complaint').where('receivedAt', '<', cutoff).executeTakeFirst()
  return Number(result.numDeletedRows)
}
