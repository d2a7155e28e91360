import type { ColumnType } from 'kysely'

export type ConfirmationState = 'pending' | 'sending' | 'sent' | 'failed'

/** The visitor's confirmation email of a new lead (migration 0037, server/leads/confirmations.server.ts). */
export interface LeadConfirmationTable {
  leadId: number
  /** 'sending' while claimed; a crash then leaves it so, never mailed twice. */
  state: ColumnType<ConfirmationState, ConfirmationState | undefined, ConfirmationState>
  attempts: ColumnType<number, number | undefined, number>
  createdAt: ColumnType<Date, Date | undefined, never>
  sentAt: Date | null
}

export interface LeadConfirmationTables {
  leadConfirmation: LeadConfirmationTable
}
