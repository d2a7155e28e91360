import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { CertificateClaims } from '../../core/consent-certificate.ts'
import { normaliseUkPhone, type UkPhone } from '../../core/phone.ts'
import type { LeadData } from '../../core/schemas/leads.ts'
import { DEFAULT_DUPLICATE_WINDOW_DAYS } from '../../core/schemas/settings.ts'
import type { DB } from '../platform/index.ts'
import {
  type Enqueued,
  enqueue,
  leadsWithABuyer,
  type RoutableLead,
  routableFromAttribution,
  routeLeads,
} from '../sales/index.ts'
import { enqueueConfirmations } from './confirmations.server.ts'
import type { ConsentSigner } from './consent/certificates.server.ts'
import { eligibilityValues, leadValues, newReference, submissionValues } from './lead-rows.server.ts'
import type { LeadContext, StoredLead } from './queries.server.ts'

type Pending = { data: LeadData; context: LeadContext }

/** A new lead as routing judges it (no contact details: reasons are shown to the operator). */
function routable(id: number, { data, context }: Pending, phone: UkPhone | null): RoutableLead {
  return routableFromAttribution(
    id,
    context.questionnaire?.answers ?? null,
    context.questionnaire?.assessment.outcome ?? null,
    phone?.type ?? null,
    data.attribution ?? {},
    context.consent?.content.firms ?? [],
  )
}

/** What a post's consent certificate says: the consent shown, where, and to which answers; nobody's name. */
function certificateClaims(
  reference: string,
  { context }: Pending,
  issuedAt: Date,
  submissionOf: string | null = null,
): CertificateClaims {
  const consent = context.consent?.content
  const answers = context.questionnaire?.answers
  return {
    reference,
    issuedAt,
    consentVersion: context.consent?.hash ?? '',
    wording: consent?.wording ?? '',
    firms: (consent?.firms ?? []).map((f) => ({
      id: f.id,
      name: f.legalName ?? f.name,
      tradingName: f.tradingName ?? null,
      fcaNumber: f.fcaNumber ?? '',
    })),
    pageUrl: context.sourceUrl ?? null,
    pageRevision: context.pageRevision ?? null,
    questionnaireVersionId: context.questionnaire?.questionnaireVersionId ?? null,
    answersSha256: answers
      ? createHash('sha256').update(JSON.stringify(answers), 'utf8').digest('hex')
      : null,
    submissionOf,
  }
}

/**
 * A group commit's leads written with a handful of statements instead of several per lead (the
 * round trips were PostgreSQL's limit): every identity locked at once (sorted, so two instances
 * cannot deadlock), one query for earlier leads with any of the phones or emails, one insert each
 * for the new leads, their answers, the repeats (submissions) and the outbox rows. Same outcome as
 * `insertLead` one by one, in order: a person who appears twice in the batch is new once and a
 * submission of that lead after that.
 */
export async function insertLeadBatch(
  trx: Kysely<DB>,
  batch: Pending[],
  webhookIds: number[],
  postgres: boolean,
  sign: ConsentSigner,
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
      assessment: context.questionnaire?.assessment,
    }
  })
  const idempotencyKeys = [...new Set(batch.flatMap(({ data }) => data.idempotencyKey ?? []))]
  const keys = [
    ...new Set([
      ...people.flatMap((p, i) => [p.phone?.e164 ?? batch[i]?.data.phone ?? '', p.email]),
      // A post's key too: two posts with one key wait for each other even with other details.
      ...idempotencyKeys.map((key) => `key:${key}`),
    ]),
  ].sort()
  // SQLite has one writer at a time; PostgreSQL instances serialise on each identity.
  if (postgres) {
    await sql`select pg_advisory_xact_lock(hashtextextended('lead:' || k, 0)) from (select unnest(${keys}::text[]) as k order by 1) as ordered`.execute(
      trx,
    )
  }

  const answered = await answeredKeys(trx, idempotencyKeys)

  const phones = people.flatMap((p) => (p.phone ? [p.phone.e164] : []))
  const emails = people.map((p) => p.email)
  const oldest = new Date(Math.min(...people.map((p) => p.since.getTime())))
  const earlier = await trx
    .selectFrom('lead')
    .select(['id', 'reference', 'createdAt', 'phoneE164', 'emailNormalized'])
    .where('createdAt', '>=', oldest)
    .where((eb) =>
      eb.or([...(phones.length ? [eb('phoneE164', 'in', phones)] : []), eb('emailNormalized', 'in', emails)]),
    )
    .orderBy('id')
    .execute()

  // Decided in order: a lead repeats the first earlier lead, or the first new lead of this batch,
  // with its phone or email (within its own window).
  // A post whose key was answered before (or earlier in this batch) is answered the same: a replay.
  type Decision =
    | { kind: 'new' }
    | { kind: 'earlier'; id: number }
    | { kind: 'batch'; index: number }
    | { kind: 'replay'; answer: Replayed }
    | { kind: 'replay-batch'; index: number }
  const decisions: Decision[] = []
  const sameAs = (p: (typeof people)[number], phoneE164: string | null | undefined, email: string | null) =>
    (p.phone !== null && phoneE164 === p.phone.e164) || email === p.email
  for (const [i, p] of people.entries()) {
    let decision: Decision = { kind: 'new' }
    const key = batch[i]?.data.idempotencyKey
    const before = key === undefined ? undefined : answered.get(key)
    const first = key === undefined ? -1 : batch.findIndex((job) => job.data.idempotencyKey === key)
    if (before) decision = { kind: 'replay', answer: before }
    else if (first >= 0 && first < i) decision = { kind: 'replay-batch', index: first }
    else if (p.windowDays > 0) {
      const match = earlier.find((e) => e.createdAt >= p.since && sameAs(p, e.phoneE164, e.emailNormalized))
      if (match) decision = { kind: 'earlier', id: match.id }
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
  let offers = new Map<number, number>()
  const inserted = new Map<number, { id: number; reference: string }>()
  if (fresh.length > 0) {
    const references = new Map(fresh.map((i) => [newReference(), i]))
    const certificates = sign(
      [...references].map(([reference, i]) => certificateClaims(reference, batch[i] as Pending, now)),
    )
    const rows = await trx
      .insertInto('lead')
      .values(
        [...references].map(([reference, i], k) => {
          const job = batch[i] as Pending
          const p = people[i] as (typeof people)[number]
          return {
            ...leadValues(job.data, job.context, p.phone, p.email, reference),
            consentCertificate: certificates[k] ?? null,
          }
        }),
      )
      .returning(['id', 'reference'])
      .execute()
    for (const row of rows) inserted.set(references.get(row.reference) as number, row)
    if (inserted.size !== fresh.length) throw new Error('an inserted lead is missing from RETURNING')
    const responses = fresh.flatMap((i) => {
      const row = eligibilityValues(inserted.get(i)?.id as number, (batch[i] as Pending).context)
      return row ? [row] : []
    })
    if (responses.length > 0) await trx.insertInto('eligibilityResponse').values(responses).execute()
    await enqueueConfirmations(
      trx,
      fresh.map((i) => inserted.get(i)?.id as number),
    )
    await enqueue(
      trx,
      fresh.flatMap((i) =>
        webhookIds.map((webhookId) => ({ leadId: inserted.get(i)?.id as number, webhookId })),
      ),
    )
    offers = await routeLeads(
      trx,
      fresh.map((i) =>
        routable(inserted.get(i)?.id as number, batch[i] as Pending, people[i]?.phone ?? null),
      ),
      postgres ? 'postgres' : 'sqlite',
    )
  }

  // Repeats are kept as submissions of the lead they match; the lead row is never touched.
  const leadOf = (decision: Decision) =>
    decision.kind === 'earlier'
      ? decision.id
      : (inserted.get(decision.kind === 'batch' ? decision.index : -1)?.id as number)
  const repeats = batch.flatMap((_job, i) =>
    decisions[i]?.kind === 'earlier' || decisions[i]?.kind === 'batch' ? [i] : [],
  )
  const submitted = new Map<number, { id: number; reference: string; leadId: number }>()
  const delivered = new Set<number>()
  if (repeats.length > 0) {
    const references = new Map(repeats.map((i) => [newReference(), i]))
    const leadReference = (decision: Decision) =>
      decision.kind === 'earlier'
        ? (earlier.find((e) => e.id === decision.id)?.reference ?? null)
        : (inserted.get(decision.kind === 'batch' ? decision.index : -1)?.reference ?? null)
    const certificates = sign(
      [...references].map(([reference, i]) =>
        certificateClaims(reference, batch[i] as Pending, now, leadReference(decisions[i] as Decision)),
      ),
    )
    const rows = await trx
      .insertInto('leadSubmission')
      .values(
        [...references].map(([reference, i], k) => {
          const job = batch[i] as Pending
          const p = people[i] as (typeof people)[number]
          const leadId = leadOf(decisions[i] as Decision)
          return {
            ...submissionValues(leadId, job.data, job.context, p.phone, p.email, reference),
            consentCertificate: certificates[k] ?? null,
          }
        }),
      )
      .returning(['id', 'reference', 'leadId'])
      .execute()
    for (const row of rows) submitted.set(references.get(row.reference) as number, row)
    if (submitted.size !== repeats.length) throw new Error('an inserted submission is missing from RETURNING')
    if (webhookIds.length > 0) {
      // A lead of this batch already has its outbox rows; an earlier one may never have reached a
      // buyer, and then its first repeat here is delivered instead.
      const held = await leadsWithABuyer(
        trx,
        repeats.flatMap((i) =>
          decisions[i]?.kind === 'earlier' ? [submitted.get(i)?.leadId as number] : [],
        ),
      )
      for (const row of inserted.values()) held.add(row.id)
      const rows: Enqueued[] = []
      for (const i of repeats) {
        const submission = submitted.get(i) as { id: number; leadId: number }
        if (held.has(submission.leadId)) continue
        held.add(submission.leadId)
        delivered.add(i)
        for (const webhookId of webhookIds)
          rows.push({ leadId: submission.leadId, submissionId: submission.id, webhookId })
      }
      await enqueue(trx, rows)
    }
  }

  const stored = decisions.map((decision, i): StoredLead | undefined => {
    const assessment = people[i]?.assessment
    if (decision.kind === 'replay')
      return { ...decision.answer, assessment, duplicate: true, deliveries: 0, replayed: true }
    if (decision.kind === 'replay-batch') return undefined
    if (decision.kind === 'new') {
      const row = inserted.get(i) as { id: number; reference: string }
      return {
        reference: row.reference,
        leadId: row.id,
        submissionId: null,
        assessment,
        duplicate: false,
        deliveries: webhookIds.length + (offers.get(row.id) ?? 0),
      }
    }
    const submission = submitted.get(i) as { id: number; reference: string; leadId: number }
    return {
      reference: submission.reference,
      leadId: submission.leadId,
      submissionId: submission.id,
      assessment,
      duplicate: true,
      deliveries: delivered.has(i) ? webhookIds.length : 0,
    }
  })
  return decisions.map((decision, i): StoredLead => {
    if (decision.kind !== 'replay-batch') return stored[i] as StoredLead
    const { reference, leadId, submissionId } = stored[decision.index] as StoredLead
    return {
      reference,
      leadId,
      submissionId,
      assessment: people[i]?.assessment,
      duplicate: true,
      deliveries: 0,
      replayed: true,
    }
  })
}

/** What a post with an Idempotency-Key was answered: its lead's or its submission's reference. */
export type Replayed = { reference: string; leadId: number; submissionId: number | null }

/** The posts these keys were first answered with, by key. */
export async function answeredKeys(db: Kysely<DB>, keys: readonly string[]): Promise<Map<string, Replayed>> {
  const found = new Map<string, Replayed>()
  if (keys.length === 0) return found
  const [leads, submissions] = await Promise.all([
    db
      .selectFrom('lead')
      .select(['id', 'reference', 'idempotencyKey'])
      .where('idempotencyKey', 'in', [...keys])
      .execute(),
    db
      .selectFrom('leadSubmission')
      .select(['id', 'reference', 'leadId', 'idempotencyKey'])
      .where('idempotencyKey', 'in', [...keys])
      .execute(),
  ])
  for (const l of leads)
    if (l.idempotencyKey)
      found.set(l.idempotencyKey, { reference: l.reference, leadId: l.id, submissionId: null })
  for (const s of submissions)
    if (s.idempotencyKey)
      found.set(s.idempotencyKey, { reference: s.reference, leadId: s.leadId, submissionId: s.id })
  return found
}
