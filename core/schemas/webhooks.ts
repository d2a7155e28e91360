import { z } from 'zod'
import { flag } from './fields.ts'

const parse = (value: string) => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}
const isWebAddress = (value: string) => {
  const url = parse(value)
  return (url?.protocol === 'http:' || url?.protocol === 'https:') && url.hostname !== ''
}

export const webhookFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .max(2000, 'The URL must be at most 2000 characters')
    .refine(isWebAddress, 'The URL must be a full https:// address')
    .refine(
      (v) => !parse(v)?.username && !parse(v)?.password,
      'The URL may not contain a user name or password',
    ),
  // Kept as typed: the buyer checks signatures with exactly these characters.
  secret: z
    .string({ error: 'Secret is required' })
    .min(1, 'Secret is required')
    .max(500, 'The secret must be at most 500 characters')
    .refine((v) => v.trim() !== '', 'Secret is required'),
  isActive: flag('isActive'),
}

export const webhookCreateSchema = z.object({
  ...webhookFields,
  isActive: webhookFields.isActive.default(true),
})
/** A secret left out (or blank) keeps the one saved. */
export const webhookUpdateSchema = z
  .object({
    ...webhookFields,
    secret: z
      .union([
        webhookFields.secret,
        z.literal('').transform(() => undefined),
        z.null().transform(() => undefined),
      ])
      .optional(),
  })
  .partial()

export type WebhookInput = z.input<typeof webhookCreateSchema>

export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

/** A webhook as the admin API sends it: the secret only as its last characters. */
export type WebhookView = {
  id: number
  name: string
  url: string
  isActive: boolean
  /** "…abcd": enough to tell two secrets apart, never the secret. */
  secretHint: string
  createdAt: string
  updatedAt: string
  /** Deliveries still to go and those that gave up. */
  pending: number
  failed: number
}

export type DeliveryAttemptView = {
  attemptedAt: string
  statusCode: number | null
  error: string | null
  durationMs: number
  responseExcerpt: string | null
}

/** One lead's delivery to one webhook, with every attempt (`deliveries` of the lead detail). */
export type LeadDeliveryView = {
  id: number
  webhookId: number
  webhookName: string
  idempotencyKey: string
  status: DeliveryStatus
  attempts: number
  lastStatus: number | null
  lastError: string | null
  deliveredAt: string | null
  nextAttemptAt: string | null
  createdAt: string
  /** An offer to a contract: what the buyer answered, or why it was not posted. */
  outcome?: 'accepted' | 'rejected' | 'duplicate' | 'failed' | 'capped' | 'withdrawn' | null
  outcomeReason?: string | null
  attemptsLog: DeliveryAttemptView[]
}

/** `POST /api/admin/leads/{id}/resend`: what was done, and the lead's deliveries after it. */
export type ResendResult = {
  /** Failed or waiting deliveries put back to be tried now, with their key. */
  retried: number
  /** New deliveries (a webhook that had none, or everything already delivered: sent again). */
  created: number
  deliveries: LeadDeliveryView[]
}

export type FailingDelivery = {
  id: number
  leadId: number
  /** Set when it is a later submission of the lead that is being delivered. */
  submissionId: number | null
  webhookId: number
  webhookName: string
  status: DeliveryStatus
  attempts: number
  lastStatus: number | null
  lastError: string | null
  nextAttemptAt: string | null
  updatedAt: string
}

/** `GET /api/admin/webhooks/health`: deliveries that need an admin's eye, for the Overview. */
export type WebhookHealth = {
  activeWebhooks: number
  /** Gave up after the last retry. */
  failed: number
  /** Still to be retried after at least one failed attempt. */
  retrying: number
  /** The most recent of both, newest first. */
  recent: FailingDelivery[]
}
