import type { ColumnType, Generated } from 'kysely'
import type { ComplaintStatus, ContactPreference } from '../../../core/schemas/complaints.ts'

/** A data-protection complaint (migration 0043), written by server/leads/data-requests/ only. */
export interface ComplaintTable {
  id: Generated<number>
  reference: string | null
  name: string
  email: string
  phone: string | null
  leadReference: string | null
  details: string
  contactBy: ColumnType<ContactPreference, ContactPreference | undefined, ContactPreference>
  status: ColumnType<ComplaintStatus, ComplaintStatus | undefined, ComplaintStatus>
  acknowledgementSent: ColumnType<boolean, boolean | undefined, boolean>
  acknowledgedAt: Date | null
  resolvedAt: Date | null
  outcome: string | null
  reply: string | null
  receivedAt: ColumnType<Date, Date | undefined, never>
  updatedAt: ColumnType<Date, Date | undefined, Date>
}

export interface ComplaintTables {
  complaint: ComplaintTable
}
