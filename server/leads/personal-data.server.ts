import { type Kysely, sql, type Transaction } from 'kysely'
import type { SubjectIdentity } from '../../core/schemas/data-requests.ts'
import type { DB, Dialect } from '../platform/index.ts'
import { scrubDeletedRows } from '../platform/index.ts'

/**
 * Leads as personal data: purged after the retention period, found, exported and erased per person.
 * A lead's eligibility response, later submissions, deliveries and their attempts go with it
 * (foreign keys cascade). A submission is the person who sent it: found and erased by its own
 * email or phone, whoever's lead it is linked to.
 */

type Db = Kysely<DB>

export const PURGE_BATCH = 500

/**
 * Every table that holds a lead's personal data: the lead and what cascades from it (`lead_search`
 * is PostgreSQL's search copy; SQLite's FTS index is scrubbed by its own triggers). An erasure
 * rewrites these on PostgreSQL so no dead row keeps the person: a new table tied to a lead joins
 * this list.
 */
export const PERSONAL_DATA_TABLES = [
  'lead',
  'lead_submission',
  'lead_search',
  'eligibility_response',
  'webhook_delivery',
  'webhook_attempt',
] as const

/** The identities of the erased leads, for the erasure ledger. */
export type ErasedLeads = { ids: number[]; submissions: number; emails: string[]; phones: string[] }

/**
 * Deletes leads created before `cutoff`, `batchSize` at a time, each batch its own statement, so a
 * purge of millions never holds the write lock for long. Returns how many were deleted.
 */
export async function purgeLeadsBefore(db: Db, cutoff: Date, batchSize = PURGE_BATCH): Promise<number> {
  let total = 0
  for (;;) {
    const result = await db
      .deleteFrom('lead')
      .where('id', 'in', (eb) =>
        eb.selectFrom('lead').select('id').where('createdAt', '<', cutoff).orderBy('id').limit(batchSize),
      )
      .executeTakeFirst()
    const deleted = Number(result.numDeletedRows)
    total += deleted
    if (deleted < batchSize) return total
  }
}

/** Deletes later submissions created before `cutoff` (their leads stay), in batches like leads. */
export async function purgeSubmissionsBefore(db: Db, cutoff: Date, batchSize = PURGE_BATCH): Promise<number> {
  let total = 0
  for (;;) {
    const result = await db
      .deleteFrom('leadSubmission')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('leadSubmission')
          .select('id')
          .where('createdAt', '<', cutoff)
          .orderBy('id')
          .limit(batchSize),
      )
      .executeTakeFirst()
    const deleted = Number(result.numDeletedRows)
    total += deleted
    if (deleted < batchSize) return total
  }
}

function whereSubject(identity: SubjectIdentity) {
  return identity.by === 'email'
    ? ({ column: 'emailNormalized', value: identity.email } as const)
    : ({ column: 'phoneE164', value: identity.phone } as const)
}

/**
 * Every column of the person's leads, oldest first, with their eligibility responses, deliveries
 * and attempts; and every column of the person's later submissions (also those linked to someone
 * else's lead, which is named by reference only), with theirs.
 */
export async function subjectLeads(db: Db, identity: SubjectIdentity) {
  const { column, value } = whereSubject(identity)
  const [leads, submissions] = await Promise.all([
    db.selectFrom('lead').selectAll().where(column, '=', value).orderBy('createdAt').orderBy('id').execute(),
    db
      .selectFrom('leadSubmission as s')
      .innerJoin('lead as l', 'l.id', 's.leadId')
      .selectAll('s')
      .select('l.reference as leadReference')
      .where(`s.${column}`, '=', value)
      .orderBy('s.createdAt')
      .orderBy('s.id')
      .execute(),
  ])
  if (leads.length === 0 && submissions.length === 0) return { leads: [], submissions: [] }
  const ids = leads.map((l) => l.id)
  const submissionIds = submissions.map((s) => s.id)
  const [eligibility, deliveries] = await Promise.all([
    ids.length === 0
      ? []
      : db.selectFrom('eligibilityResponse').selectAll().where('leadId', 'in', ids).execute(),
    db
      .selectFrom('webhookDelivery')
      .leftJoin('webhook', 'webhook.id', 'webhookDelivery.webhookId')
      .selectAll('webhookDelivery')
      .select('webhook.name as webhookName')
      .where((eb) =>
        eb.or([
          ...(ids.length
            ? [
                eb.and([
                  eb('webhookDelivery.leadId', 'in', ids),
                  eb('webhookDelivery.submissionId', 'is', null),
                ]),
              ]
            : []),
          ...(submissionIds.length ? [eb('webhookDelivery.submissionId', 'in', submissionIds)] : []),
        ]),
      )
      .orderBy('webhookDelivery.id')
      .execute(),
  ])
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('webhookAttempt')
          .selectAll()
          .where(
            'deliveryId',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('id')
          .execute()
  const withAttempts = (d: (typeof deliveries)[number]) => ({
    ...d,
    attemptLog: attempts.filter((a) => a.deliveryId === d.id),
  })
  return {
    leads: leads.map((lead) => ({
      ...lead,
      eligibility: eligibility.find((e) => e.leadId === lead.id) ?? null,
      deliveries: deliveries.filter((d) => d.leadId === lead.id && d.submissionId === null).map(withAttempts),
    })),
    submissions: submissions.map((s) => ({
      ...s,
      deliveries: deliveries.filter((d) => d.submissionId === s.id).map(withAttempts),
    })),
  }
}

/**
 * Deletes every lead and every later submission of the person (and, through the cascades, all
 * tied to them) in one transaction, in which `record` is given every email and phone erased. On
 * PostgreSQL it takes the lead capture's lock for this identity first, so a post from the same
 * person committing at the same moment is either erased too or arrives after. Call
 * `scrubErasedLeads` afterwards.
 */
export async function eraseSubjectLeads(
  db: Db,
  dialect: Dialect,
  identity: SubjectIdentity,
  record: (trx: Transaction<DB>, erased: ErasedLeads) => Promise<void> = async () => {},
): Promise<ErasedLeads> {
  const { column, value } = whereSubject(identity)
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`lead:${value}`}, 0))`.execute(trx)
    }
    const submissions = await trx
      .deleteFrom('leadSubmission')
      .where(column, '=', value)
      .returning(['email', 'emailNormalized', 'phone', 'phoneE164'])
      .execute()
    const rows = await trx
      .deleteFrom('lead')
      .where(column, '=', value)
      .returning(['id', 'email', 'emailNormalized', 'phone', 'phoneE164'])
      .execute()
    // The identity asked for counts even when nothing matched now: an older backup may hold it.
    const emails = new Set([...rows, ...submissions].map((r) => r.emailNormalized ?? r.email))
    const phones = new Set([...rows, ...submissions].map((r) => r.phoneE164 ?? r.phone))
    ;(identity.by === 'email' ? emails : phones).add(value)
    const erased = {
      ids: rows.map((r) => r.id),
      submissions: submissions.length,
      emails: [...emails],
      phones: [...phones],
    }
    await record(trx, erased)
    return erased
  })
}

/** Removes the bytes of erased leads from the database's files (server/platform/db/scrub.ts). */
export function scrubErasedLeads(db: Db, dialect: Dialect, options: { compact?: boolean } = {}) {
  return scrubDeletedRows(db, dialect, PERSONAL_DATA_TABLES, options)
}

export type LeadIdentityRow = {
  id: number
  email: string
  emailNormalized: string | null
  phone: string
  phoneE164: string | null
  createdAt: Date
}

/** A table whose rows each hold one person's contact details: leads and later submissions. */
type PersonTable = 'lead' | 'leadSubmission'

/** Ids of the rows of `table` that `pick` chooses, read a page at a time in id order (a restore's full pass). */
export async function findLeads(
  db: Db,
  pick: (lead: LeadIdentityRow) => boolean,
  table: PersonTable = 'lead',
): Promise<number[]> {
  const found: number[] = []
  for (let after = 0; ; ) {
    const page = await db
      .selectFrom(table)
      .select(['id', 'email', 'emailNormalized', 'phone', 'phoneE164', 'createdAt'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000)
      .execute()
    for (const lead of page) if (pick(lead)) found.push(lead.id)
    const last = page.at(-1)
    if (!last) return found
    after = last.id
  }
}

/** Deletes these rows of `table` (and all tied to them), a batch at a time; returns how many went. */
export async function deleteLeads(db: Db, ids: number[], table: PersonTable = 'lead'): Promise<number> {
  let total = 0
  for (let i = 0; i < ids.length; i += PURGE_BATCH) {
    const result = await db
      .deleteFrom(table)
      .where('id', 'in', ids.slice(i, i + PURGE_BATCH))
      .executeTakeFirst()
    total += Number(result.numDeletedRows)
  }
  return total
}
