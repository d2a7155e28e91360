import type { ColumnType, Generated, Selectable } from 'kysely'
import type {
  ConsentBuyer,
  ContractCaps,
  ContractFilters,
  ContractSchedule,
  ReturnReason,
  ReturnStatus,
} from '../../../core/schemas/buyers.ts'

type CreatedAt = ColumnType<Date, Date | undefined, never>
type UpdatedAt = ColumnType<Date, Date | undefined, Date>
type Json<T> = ColumnType<T, string, string>
type Flag = ColumnType<boolean, boolean | undefined, boolean>

/** The tables of buyers, contracts, routing, sales, returns and the ledger (migration 0017). */

export interface BuyerTable {
  id: Generated<number>
  name: string
  tradingName: string | null
  fcaNumber: ColumnType<string, string | undefined, string>
  email: ColumnType<string, string | undefined, string>
  namedInConsent: Flag
  consentOrder: ColumnType<number, number | undefined, number>
  isActive: Flag
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

export interface ContractTable {
  id: Generated<number>
  buyerId: number
  /** Its endpoint: a `webhook` row of kind 'contract' holding the URL and secret. */
  webhookId: number
  name: string
  pricePence: number
  exclusive: Flag
  maxBuyers: ColumnType<number, number | undefined, number>
  filters: Json<ContractFilters>
  schedule: Json<ContractSchedule | null> | null
  caps: Json<ContractCaps>
  priority: ColumnType<number, number | undefined, number>
  weight: ColumnType<number, number | undefined, number>
  acceptPath: string | null
  acceptValues: Json<string[] | null> | null
  reasonPath: string | null
  /** Set: the lead is first pinged there without personal data, and posted only if the buyer accepts. */
  pingUrl: ColumnType<string | null, string | null | undefined, string | null>
  returnWindowDays: ColumnType<number, number | undefined, number>
  autoApproveReturns: Flag
  isActive: Flag
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

/**
 * One line of a lead's routing decision: a contract queued in a position, then what came of
 * offering it (or why it was passed over). `round` counts the times the lead was routed (capture is 1).
 */
export type RouteDecision =
  | 'queued'
  /** Pinged (no personal data): waiting for the buyer's answer. */
  | 'pinging'
  /** The ping was accepted (or the contract takes leads unpinged): waiting for its turn by bid. */
  | 'bid'
  | 'sending'
  | 'accepted'
  | 'rejected'
  | 'duplicate'
  | 'failed'
  | 'capped'
  | 'passed'

export interface LeadRouteTable {
  id: Generated<number>
  leadId: number
  round: number
  position: number | null
  contractId: number | null
  contractName: string
  buyerName: string
  decision: RouteDecision
  reason: string | null
  /** The buyer's bid for the lead in a pinged group (the contract's price when it is not pinged). */
  bidPence: ColumnType<number | null, number | null | undefined, number | null>
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

/** A contract left out of a routing round, and why. */
export type SkippedContract = { contractId: number; contractName: string; buyerName: string; reason: string }

/** A contract queued for a lead and not offered it yet. */
export type QueuedContract = { contractId: number; contractName: string; buyerName: string; position: number }

/**
 * One time a lead was routed: how many contracts were judged, those left out and why, and those
 * still queued in order (one row, not one per contract: a lead may be judged by 50). A queued
 * contract gets its `lead_route` row when it is offered the lead or passed over.
 */
export interface LeadRoutingTable {
  id: Generated<number>
  leadId: number
  round: number
  considered: number
  skipped: Json<SkippedContract[]>
  queue: Json<QueuedContract[]>
  createdAt: CreatedAt
}

/**
 * A lead offered to a contract: 'reserved' while it is being posted (it counts towards the caps
 * from then), 'accepted' once the buyer took it. A refused offer's row is deleted. At most one
 * row per (lead, contract), `exclusiveLeadId` (the lead, for an exclusive contract) is unique, and
 * an exclusive sale is its lead's only sale (a trigger, migration 0027).
 */
export type SaleStatusValue = 'reserved' | 'accepted'

export interface SaleTable {
  id: Generated<number>
  leadId: number | null
  contractId: number
  buyerId: number
  deliveryId: number | null
  status: SaleStatusValue
  exclusiveLeadId: number | null
  pricePence: number
  /** The terms the buyer bought on, fixed when the sale was reserved (migration 0027). */
  exclusive: Flag
  maxBuyers: ColumnType<number, number | undefined, number>
  returnWindowDays: ColumnType<number, number | undefined, number>
  autoApproveReturns: Flag
  utmSource: string | null
  utmCampaign: string | null
  createdAt: CreatedAt
  acceptedAt: Date | null
}

export interface LeadReturnTable {
  id: Generated<number>
  saleId: number
  buyerId: number
  reason: ReturnReason
  note: string | null
  status: ColumnType<ReturnStatus, ReturnStatus | undefined, ReturnStatus>
  decidedBy: number | null
  decisionNote: string | null
  decidedAt: Date | null
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

/** Append-only money: +price for each sale, -price for each approved return. */
export interface LedgerEntryTable {
  id: Generated<number>
  kind: 'sale' | 'return'
  buyerId: number
  contractId: number
  saleId: number
  leadId: number | null
  amountPence: number
  utmSource: string | null
  utmCampaign: string | null
  createdAt: CreatedAt
}

export interface BuyerApiKeyTable {
  id: Generated<number>
  buyerId: number
  name: string
  /** The first characters, shown to tell keys apart. */
  prefix: string
  /** SHA-256 of the whole key: the key itself is shown once and never stored. */
  keyHash: string
  lastUsedAt: Date | null
  revokedAt: Date | null
  createdAt: CreatedAt
}

export type BuyerTables = {
  buyer: BuyerTable
  contract: ContractTable
  leadRoute: LeadRouteTable
  leadRouting: LeadRoutingTable
  sale: SaleTable
  leadReturn: LeadReturnTable
  ledgerEntry: LedgerEntryTable
  buyerApiKey: BuyerApiKeyTable
}

export type Buyer = Selectable<BuyerTable>
export type Contract = Selectable<ContractTable>
export type { ConsentBuyer }
