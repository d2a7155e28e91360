import { z } from 'zod'
import {
  type ConversionEvent,
  type ConversionPlatform,
  type ConversionStatus,
  conversionEvents,
  conversionPlatforms,
  conversionStatuses,
} from '../conversions.ts'
import { flag } from './fields.ts'

const text = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
const optionalText = (label: string, max = 200) =>
  text(label, max)
    .nullish()
    .transform((v) => v || null)
/** A write-only credential: left out or blank keeps the one saved. */
const secret = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
const digits = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .transform((v) => v.replace(/-/g, ''))
    .pipe(z.string().regex(/^\d{1,20}$/, `${label} must be digits (dashes allowed)`))

/** Everything a destination may carry; which fields a platform needs is checked by `destinationProblem`. */
const destinationFields = {
  name: text('Name').min(1, 'Name is required'),
  enabled: flag('enabled'),
  testMode: flag('testMode'),
  /** Google: the Google Ads customer the conversions belong to (the operating account). */
  accountId: digits('Account id').nullish(),
  /** Google: the manager account signed in through, when it is not the operating account. */
  loginAccountId: z
    .union([digits('Login account id'), z.literal('')])
    .nullish()
    .transform((v) => v || null),
  /** Google: the conversion action (Data Manager's `productDestinationId`). */
  conversionActionId: digits('Conversion action id').nullish(),
  /** Google: the conversion action's name, for the offline-import CSV. */
  conversionName: optionalText('Conversion name'),
  /** Google: which of our events this conversion action counts. */
  event: z.enum(['lead', 'qualified', 'sale'], { error: 'event must be lead, qualified or sale' }).nullish(),
  /** Google: the service account's e-mail. */
  clientEmail: optionalText('Client email', 320),
  /** Meta: the pixel (dataset) id. */
  pixelId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'Pixel id must be digits')
    .nullish(),
  /** TikTok: the pixel code. */
  pixelCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'Pixel code must be letters and digits')
    .nullish(),
  /** Meta and TikTok: the code that routes events to the Test Events tool in test mode. */
  testEventCode: optionalText('Test event code', 100),
  /** Google: the service account's private key (PEM); stored encrypted, never shown again. */
  privateKey: secret('Private key', 10_000),
  /** Meta and TikTok: the access token; stored encrypted, never shown again. */
  accessToken: secret('Access token', 2_000),
}

export const destinationCreateSchema = z.object({
  platform: z.enum(conversionPlatforms, {
    error: `platform must be one of ${conversionPlatforms.join(', ')}`,
  }),
  ...destinationFields,
  enabled: destinationFields.enabled.default(true),
  testMode: destinationFields.testMode.default(false),
})
export const destinationUpdateSchema = z.object(destinationFields).partial()
export type DestinationCreate = z.output<typeof destinationCreateSchema>
export type DestinationUpdate = z.output<typeof destinationUpdateSchema>

/** The settings a destination keeps in the clear, per platform. */
export type DestinationSettings = {
  accountId?: string | null
  loginAccountId?: string | null
  conversionActionId?: string | null
  conversionName?: string | null
  event?: 'lead' | 'qualified' | 'sale' | null
  clientEmail?: string | null
  pixelId?: string | null
  pixelCode?: string | null
  testEventCode?: string | null
}

/** What a saved destination lacks to send, or null. */
export function destinationProblem(
  platform: ConversionPlatform,
  settings: DestinationSettings,
  secrets: { privateKey?: string; accessToken?: string },
): string | null {
  if (platform === 'google') {
    if (!settings.accountId) return 'A Google destination needs the account id'
    if (!settings.conversionActionId) return 'A Google destination needs the conversion action id'
    if (!settings.event) return 'A Google destination needs the event it counts (lead, qualified or sale)'
    if (!settings.clientEmail) return 'A Google destination needs the service account’s client email'
    if (!secrets.privateKey) return 'A Google destination needs the service account’s private key'
    return null
  }
  if (platform === 'meta' && !settings.pixelId) return 'A Meta destination needs the pixel id'
  if (platform === 'tiktok' && !settings.pixelCode) return 'A TikTok destination needs the pixel code'
  if (!secrets.accessToken) return 'The destination needs its access token'
  return null
}

/** A destination as the admin API answers it: credentials only as whether they are set. */
export type DestinationView = DestinationSettings & {
  id: number
  platform: ConversionPlatform
  name: string
  enabled: boolean
  testMode: boolean
  hasCredentials: boolean
  createdAt: string
  updatedAt: string
}

export const conversionListQuerySchema = z.object({
  status: z
    .enum(conversionStatuses, { error: `status must be one of ${conversionStatuses.join(', ')}` })
    .optional(),
  event: z
    .enum(conversionEvents, { error: `event must be one of ${conversionEvents.join(', ')}` })
    .optional(),
  platform: z
    .enum(conversionPlatforms, { error: `platform must be one of ${conversionPlatforms.join(', ')}` })
    .optional(),
  destinationId: z.coerce.number().int().positive().optional(),
  leadId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
})
export type ConversionListQuery = z.input<typeof conversionListQuerySchema>

/** One event to one destination, as the admin API answers it. */
export type ConversionEventView = {
  id: number
  leadId: number
  leadReference: string | null
  destinationId: number
  destinationName: string
  platform: ConversionPlatform
  event: ConversionEvent
  eventId: string
  status: ConversionStatus
  /** Why it was skipped, or the platform's message. */
  reason: string | null
  /** The platform's answer (HTTP status and body, cut short). */
  answer: string | null
  httpStatus: number | null
  valuePence: number | null
  attempts: number
  clickId: string | null
  consented: boolean
  eventTime: string
  sentAt: string | null
  createdAt: string
}
