import type { ColumnType, Generated } from 'kysely'
import type { ConversionEvent, ConversionPlatform, ConversionStatus } from '../../../core/conversions.ts'
import type { DestinationSettings } from '../../../core/schemas/conversions.ts'

type CreatedAt = ColumnType<Date, Date | undefined, never>
type Json<T> = ColumnType<T, string, string>

/** An ad platform told of conversions (insight's conversions, migration 0051). */
export interface ConversionDestinationTable {
  id: Generated<number>
  platform: ColumnType<ConversionPlatform, ConversionPlatform, never>
  name: string
  enabled: boolean
  testMode: boolean
  settings: Json<DestinationSettings>
  /** The credentials, AES-256-GCM under CONVERSIONS_KEY: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  secret: string | null
  createdAt: CreatedAt
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

/** One event of a lead for one destination: at most one row per (lead, destination, event). */
export interface ConversionEventTable {
  id: Generated<number>
  leadId: number
  destinationId: number
  event: ConversionEvent
  eventId: string
  status: ColumnType<ConversionStatus, ConversionStatus | undefined, ConversionStatus>
  reason: string | null
  answer: string | null
  httpStatus: number | null
  valuePence: number | null
  clickId: string | null
  consented: ColumnType<boolean, boolean | undefined, boolean>
  attempts: ColumnType<number, number | undefined, number>
  /** When the event happened (the lead's capture, the sale's acceptance, the return's approval). */
  eventTime: Date
  nextAttemptAt: Date
  /** Set while a sender holds the row; another may take it only once this has passed. */
  leaseUntil: Date | null
  claimToken: string | null
  sentAt: Date | null
  createdAt: CreatedAt
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

export type ConversionTables = {
  conversionDestination: ConversionDestinationTable
  conversionEvent: ConversionEventTable
}
