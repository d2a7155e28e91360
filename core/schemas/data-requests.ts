import { z } from 'zod'
import { normaliseUkPhone } from '../phone.ts'
import type { ComplaintRow } from './complaints.ts'

/**
 * A data subject (a person whose leads we hold) is found by email or by phone, read the way the
 * lead capture stores them: the email trimmed and lower-cased, the phone as E.164.
 */
export type SubjectIdentity = { by: 'email'; email: string } | { by: 'phone'; phone: string }

export const SUBJECT_QUERY_MISSING = 'Give an email address or a phone number to look up'
export const SUBJECT_QUERY_BOTH = 'Give either an email address or a phone number, not both'
export const SUBJECT_EMAIL_INVALID = 'Please enter a valid email address'
export const SUBJECT_PHONE_INVALID = 'Please enter a valid UK phone number'

const one = z
  .string({ error: 'Give one email address or one phone number' })
  .max(254, 'The search is too long')
  .optional()
/** `?email=…` or `?phone=…` of the data-requests API, and `download=1` for a file. */
export const subjectQuerySchema = z.object({
  email: one,
  phone: one,
  download: z.unknown().optional().describe('1 or true: answer the export as a file'),
})

export type SubjectQueryResult =
  | { ok: true; identity: SubjectIdentity; download: boolean }
  | { ok: false; message: string }

/** Reads `?email=…` or `?phone=…` (and `download=1`) into an identity, or says what is wrong. */
export function parseSubjectQuery(query: unknown): SubjectQueryResult {
  const parsed = subjectQuerySchema.safeParse(query ?? {})
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid query' }
  const email = parsed.data.email?.trim() ?? ''
  const phone = parsed.data.phone?.trim() ?? ''
  const download = parsed.data.download === '1' || parsed.data.download === 'true'
  if (email && phone) return { ok: false, message: SUBJECT_QUERY_BOTH }
  if (email) {
    const lower = email.toLowerCase()
    if (!z.email().safeParse(lower).success) return { ok: false, message: SUBJECT_EMAIL_INVALID }
    return { ok: true, identity: { by: 'email', email: lower }, download }
  }
  if (phone) {
    const normalised = normaliseUkPhone(phone)
    if (!normalised) return { ok: false, message: SUBJECT_PHONE_INVALID }
    return { ok: true, identity: { by: 'phone', phone: normalised.e164 }, download }
  }
  return { ok: false, message: SUBJECT_QUERY_MISSING }
}

/** The query string that names `identity` (what the admin typed is fine too: the server normalises). */
export function subjectQueryString(by: 'email' | 'phone', value: string, download = false): string {
  const params = new URLSearchParams({ [by]: value.trim() })
  if (download) params.set('download', '1')
  return params.toString()
}

export type SubjectAttempt = {
  id: number
  deliveryId: number
  attemptedAt: string
  statusCode: number | null
  error: string | null
  durationMs: number
  responseExcerpt: string | null
}

export type SubjectDelivery = {
  id: number
  leadId: number
  submissionId: number | null
  webhookId: number
  /** Who the lead was sent to: the buyer's webhook, by name. */
  webhookName: string | null
  idempotencyKey: string
  status: string
  attempts: number
  nextAttemptAt: string
  lockedUntil: string | null
  lastStatus: number | null
  lastError: string | null
  deliveredAt: string | null
  createdAt: string
  updatedAt: string
  attemptLog: SubjectAttempt[]
}

export type SubjectActivity = {
  id: number
  createdAt: string
  actorEmail: string | null
  action: string
  detail: Record<string, unknown> | null
}

/** One lead with every column stored, its questionnaire answers, deliveries and audit entries. */
export type SubjectLead = {
  id: number
  createdAt: string
  firstName: string
  lastName: string
  email: string
  phone: string
  phoneE164: string | null
  reference: string
  eligibility: { isEligible: boolean; estimatedClaim: number; [column: string]: unknown } | null
  deliveries: SubjectDelivery[]
  activity: SubjectActivity[]
  [column: string]: unknown
}

/**
 * A later post by the person, with every column stored and its deliveries. `leadReference` names
 * the lead it was linked to, which may be someone else's (sharing a phone or an email).
 */
export type SubjectSubmission = {
  id: number
  reference: string
  leadId: number
  leadReference: string
  createdAt: string
  firstName: string
  lastName: string
  email: string
  phone: string
  phoneE164: string | null
  isEligible: boolean | null
  deliveries: SubjectDelivery[]
  [column: string]: unknown
}

/** `GET /api/admin/subjects`: everything held about one person. */
export type SubjectExport = {
  subject: { email: string } | { phone: string }
  exportedAt: string
  /** How many leads were found. */
  found: number
  leads: SubjectLead[]
  submissions: SubjectSubmission[]
  /** Their data-protection complaints (core/schemas/complaints.ts). */
  complaints: ComplaintRow[]
}

/** `DELETE /api/admin/subjects`: how many leads and later submissions were erased. */
export type SubjectErasure = {
  subject: { email: string } | { phone: string }
  erased: number
  submissions: number
  /** Data-protection complaints erased. */
  complaints: number
}

export function subjectOf(identity: SubjectIdentity): SubjectExport['subject'] {
  return identity.by === 'email' ? { email: identity.email } : { phone: identity.phone }
}
