import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { assessEligibility } from '../../core/eligibility.ts'
import { normaliseUkPhone } from '../../core/phone.ts'
import type { LeadData } from '../../core/schemas/leads.ts'
import { DEFAULT_DUPLICATE_WINDOW_DAYS } from '../../core/schemas/settings.ts'
import type { DB } from '../db/schema.ts'
import { eligibilityValues, leadValues } from './lead-rows.server.ts'
import type { LeadContext, StoredLead } from './queries.server.ts'

type Pending = { data: LeadData; context: LeadContext }

/**
 * A group commit's leads written with a handful of statements instead of several per lead (the
 * round trips were PostgreSQL's limit): every identity locked at once (sorted, so two instances
 * cannot deadlock), one query for earlier leads with any of the phones or emails, one insert each
 * for the new leads, their answers and their outbox rows. Same outcome as `insertLead` one by one,
 * in order: a person who appears twice in the batch is new once and a duplicate after that.
 */
export async function insertLeadBatch(
  trx: Kysely<DB>,
  batch: Pending[],
  webhookIds: number[],
): Promise<StoredLead[]> {
  const now = new Date()
  const people = batch.map(({ data, context }) => {
    const phone = normaliseUkPhone(data.phone)
    const windowDays = context.duplicateWindowDays ?? DEFAULT_DUPLICATE_WINDOW_DAYS
    return {
      phone,
      email: data.email.trim().toLowerCase(),
      since: new Date(now.getTime() - windowDays * 86_400_000),
      windowDays,
      assessment: data.answers ? assessEligibility(data.answers, context.constants) : undefined,
    }
  })
  const keys = [
    ...new Set(people.flatMap((p, i) => [p.phone?.e164 ?? batch[i]?.data.phone ?? '', p.email])),
  ].sort()
  await sql`select pg_advisory_xact_lock(hashtextextended('lead:' || k, 0)) from (select unnest(${keys}::text[]) as k order by 1) as ordered`.execute(
    trx,
  )

  const phones = people.flatMap((p) => (p.phone ? [p.phone.e164] : []))
  const emails = people.map((p) => p.email)
  const oldest = new Date(Math.min(...people.map((p) => p.since.getTime())))
  const earlier = await trx
    .selectFrom('lead')
    .select(['id', 'createdAt', 'phoneE164', 'emailNormalized'])
    .where('createdAt', '>=', oldest)
    .where((eb) =>
      eb.or([...(phones.length ? [eb('phoneE164', 'in', phones)] : []), eb('emailNormalized', 'in', emails)]),
    )
    .orderBy('id')
    .execute()

  // Decided in order: a lead repeats the first earlier lead, or the first new lead of this batch,
  // with its phone or email (within its own window).
  type Decision =
    | { kind: 'new' }
    | { kind: 'earlier'; id: number; createdAt: Date }
    | { kind: 'batch'; index: number }
  const decisions: Decision[] = []
  const sameAs = (p: (typeof people)[number], phoneE164: string | null | undefined, email: string | null) =>
    (p.phone !== null && phoneE164 === p.phone.e164) || email === p.email
  for (const [i, p] of people.entries()) {
    let decision: Decision = { kind: 'new' }
    if (p.windowDays > 0) {
      const match = earlier.find((e) => e.createdAt >= p.since && sameAs(p, e.phoneE164, e.emailNormalized))
      if (match) decision = { kind: 'earlier', id: match.id, createdAt: match.createdAt }
      else {
        const j = people.findIndex(
          (q, k) => k < i && decisions[k]?.kind === 'new' && sameAs(p, q.phone?.e164, q.email),
        )
        if (j >= 0) decision = { kind: 'batch', index: j }
      }
    }
    decisions.push(decision)
  }

  const fresh = batch.flatMap((_job, i) => (decisions[i]?.kind === 'new' ? [i] : []))
  const inserted = new Map<number, { id: number; createdAt: Date }>()
  if (fresh.length > 0) {
    const rows = await trx
      .insertInto('lead')
      .values(
        fresh.map((i) => {
          const job = batch[i] as Pending
          const p = people[i] as (typeof people)[number]
          return leadValues(job.data, job.context, p.phone, p.email)
        }),
      )
      .returning(['id', 'createdAt', 'emailNormalized'])
      .execute()
    // New leads of one batch never share an e-mail (the second would be a duplicate): match by it.
    for (const i of fresh) {
      const row = rows.find((r) => r.emailNormalized === people[i]?.email)
      if (!row) throw new Error('an inserted lead is missing from RETURNING')
      inserted.set(i, { id: row.id, createdAt: row.createdAt })
    }
    const answered = fresh.filter((i) => batch[i]?.data.answers)
    if (answered.length > 0) {
      await trx
        .insertInto('eligibilityResponse')
        .values(
          answered.map((i) => {
            const answers = batch[i]?.data.answers as NonNullable<LeadData['answers']>
            const assessment = people[i]?.assessment as NonNullable<(typeof people)[number]['assessment']>
            return eligibilityValues(inserted.get(i)?.id as number, answers, assessment)
          }),
        )
        .execute()
    }
    if (webhookIds.length > 0) {
      await trx
        .insertInto('webhookDelivery')
        .values(
          fresh.flatMap((i) =>
            webhookIds.map((webhookId) => ({
              leadId: inserted.get(i)?.id as number,
              webhookId,
              idempotencyKey: randomUUID(),
            })),
          ),
        )
        .execute()
    }
  }

  const results: StoredLead[] = decisions.map((decision, i) => {
    const assessment = people[i]?.assessment
    if (decision.kind === 'new') {
      const row = inserted.get(i) as { id: number; createdAt: Date }
      return {
        id: row.id,
        createdAt: row.createdAt,
        assessment,
        duplicate: false,
        deliveries: webhookIds.length,
      }
    }
    const first =
      decision.kind === 'earlier'
        ? decision
        : (inserted.get(decision.index) as { id: number; createdAt: Date })
    return { id: first.id, createdAt: first.createdAt, assessment, duplicate: true, deliveries: 0 }
  })

  const repeats = new Map<number, number>()
  for (const r of results) if (r.duplicate) repeats.set(r.id, (repeats.get(r.id) ?? 0) + 1)
  for (const [id, count] of repeats) {
    await trx
      .updateTable('lead')
      .set((eb) => ({ duplicateCount: eb('duplicateCount', '+', count), lastSeenAt: now }))
      .where('id', '=', id)
      .execute()
  }
  return results
}
