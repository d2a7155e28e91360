import type { ColumnType, Generated } from 'kysely'

/** A compliance review flag accepted with a note (migration 0047), written by server/site/pages/ only. */
export interface ReviewAcceptanceTable {
  id: Generated<number>
  /** `page:{id}` or `questionnaire`. */
  scope: string
  flagId: string
  code: string
  note: string
  acceptedByEmail: string | null
  acceptedAt: ColumnType<Date, Date | undefined, never>
}

export interface ReviewTables {
  reviewAcceptance: ReviewAcceptanceTable
}
