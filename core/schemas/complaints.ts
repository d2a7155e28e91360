import { z } from 'zod'
import { isUkPhoneNumber } from '../phone.ts'
import { email } from './fields.ts'

/**
 * Data-protection complaints (Data (Use and Access) Act 2025, from 19 June 2026): a person may
 * complain to the operator, who acknowledges within 30 days and answers without undue delay.
 * One schema for the public form and its handlers (docs/decisions/0074-complaints.md).
 */

export const COMPLAINTS_PATH = '/complaints'
export const COMPLAINT_DETAILS_MAX = 5000
/** The law's acknowledgement deadline: received + 30 days. */
export const ACKNOWLEDGE_WITHIN_DAYS = 30
const DAY_MS = 86_400_000

export const contactPreferences = ['email', 'phone'] as const
export type ContactPreference = (typeof contactPreferences)[number]

export const complaintStatuses = ['new', 'acknowledged', 'resolved'] as const
export type ComplaintStatus = (typeof complaintStatuses)[number]

/** A blank optional field is absent; a form posts every field, empty or not. */
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

export const complaintSchema = z
  .object({
    name: z
      .string({ error: 'Your name is required' })
      .trim()
      .min(1, 'Your name is required')
      .max(200, 'Your name must be at most 200 characters'),
    email,
    phone: z.preprocess(
      blankIsAbsent,
      z
        .string({ error: 'Please enter a valid UK phone number' })
        .trim()
        .max(25, 'Please enter a valid UK phone number')
        .refine(isUkPhoneNumber, 'Please enter a valid UK phone number')
        .optional(),
    ),
    leadReference: z.preprocess(
      blankIsAbsent,
      z
        .string({ error: 'The enquiry reference must be text' })
        .trim()
        .max(64, 'The enquiry reference must be at most 64 characters')
        .regex(/^[A-Za-z0-9-]+$/, 'The enquiry reference has only letters, digits and dashes')
        .optional(),
    ),
    details: z
      .string({ error: 'Tell us what your complaint is about' })
      .trim()
      .min(1, 'Tell us what your complaint is about')
      .max(COMPLAINT_DETAILS_MAX, `Your complaint must be at most ${COMPLAINT_DETAILS_MAX} characters`),
    contactBy: z.enum(contactPreferences, { error: 'Choose how we should contact you' }).default('email'),
    /** The honeypot: hidden from people and assistive technology; only bots fill it. */
    website: z.string().max(500).optional(),
  })
  .refine((c) => c.contactBy !== 'phone' || c.phone !== undefined, {
    path: ['phone'],
    message: 'Give a phone number if you want us to call you',
  })

export type ComplaintInput = z.input<typeof complaintSchema>
export type ComplaintData = z.output<typeof complaintSchema>

/** Field name → its first message, shown next to the field. */
export function complaintFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message
  return out
}

/** `DPC-2026-000123`: the year received and the row's number, six digits or more. */
export function complaintReference(id: number, receivedAt: Date): string {
  return `DPC-${receivedAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`
}

export const COMPLAINT_REFERENCE_PATTERN = /^DPC-\d{4}-\d{6,}$/

export function acknowledgeBy(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + ACKNOWLEDGE_WITHIN_DAYS * DAY_MS)
}

/** Not yet acknowledged and past the deadline. */
export function acknowledgementOverdue(
  complaint: { status: ComplaintStatus; receivedAt: Date | string },
  now = new Date(),
): boolean {
  return complaint.status === 'new' && acknowledgeBy(new Date(complaint.receivedAt)) < now
}

/** What the admin records: any of the three, each optional. */
export const complaintUpdateSchema = z.object({
  status: z.enum(complaintStatuses, { error: 'Status must be new, acknowledged or resolved' }).optional(),
  outcome: z
    .string({ error: 'Outcome must be text' })
    .trim()
    .max(2000, 'Outcome must be at most 2000 characters')
    .nullable()
    .optional(),
  reply: z
    .string({ error: 'Reply must be text' })
    .trim()
    .max(COMPLAINT_DETAILS_MAX, `Reply must be at most ${COMPLAINT_DETAILS_MAX} characters`)
    .nullable()
    .optional(),
})
export type ComplaintUpdate = z.output<typeof complaintUpdateSchema>

/** A complaint as the admin API answers it. */
export type ComplaintRow = {
  id: number
  reference: string
  receivedAt: string
  acknowledgeBy: string
  overdue: boolean
  name: string
  email: string
  phone: string | null
  leadReference: string | null
  details: string
  contactBy: ContactPreference
  status: ComplaintStatus
  acknowledgementSent: boolean
  acknowledgedAt: string | null
  resolvedAt: string | null
  outcome: string | null
  reply: string | null
}

export const ICO_COMPLAINT_URL = 'https://ico.org.uk/make-a-complaint'
export const ICO_PHONE = '0303 123 1113'

/** The acknowledgement email's words. */
export function complaintAcknowledgement(reference: string, operator: string) {
  return {
    subject: `Your data-protection complaint ${reference}`,
    text: [
      `Thank you for your complaint. Your reference is ${reference}.`,
      '',
      `${operator} will acknowledge your complaint within ${ACKNOWLEDGE_WITHIN_DAYS} days of receiving it and answer it without undue delay. Please quote your reference if you write to us about it.`,
      '',
      `If you are unhappy with our answer, you can complain to the Information Commissioner's Office (ICO): ${ICO_COMPLAINT_URL} or ${ICO_PHONE}.`,
    ].join('\n'),
  }
}
