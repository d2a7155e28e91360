import type { ColumnType, Generated } from 'kysely'
import type { ConsentBuyer } from '../../../core/schemas/buyers.ts'

type Json<T> = ColumnType<T, string, never>

/** A consent as pages showed it, named by its content hash (migration 0026): never rewritten. */
export interface ConsentVersionTable {
  hash: ColumnType<string, string, never>
  wording: ColumnType<string, string, never>
  firms: Json<ConsentBuyer[]>
  partnerName: ColumnType<string | null, string | null, never>
  privacyVersion: ColumnType<string, string, never>
  createdAt: ColumnType<Date, Date | undefined, never>
  /** When another version became the one pages show; null while this one is. */
  supersededAt: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** Every identity a buyer has had; the current one has no `validTo`. */
export interface BuyerIdentityTable {
  id: Generated<number>
  buyerId: number
  name: string
  tradingName: string | null
  fcaNumber: string
  validFrom: ColumnType<Date, Date | undefined, never>
  validTo: Date | null
}

export type ConsentTables = {
  consentVersion: ConsentVersionTable
  buyerIdentity: BuyerIdentityTable
}
