import type { ContractCaps, ContractFilters, ContractSchedule } from './buyers.ts'

/** A buyer as `GET /api/admin/buyers` sends it, with how many contracts it has. */
export type BuyerView = {
  id: number
  name: string
  tradingName: string | null
  fcaNumber: string
  email: string
  namedInConsent: boolean
  consentOrder: number
  isActive: boolean
  contracts: number
  activeContracts: number
  createdAt: string
  updatedAt: string
}

/** A contract as `/api/admin/contracts` sends it: its endpoint's secret only as its last characters. */
export type ContractView = {
  id: number
  buyerId: number
  name: string
  pricePence: number
  exclusive: boolean
  maxBuyers: number
  filters: ContractFilters
  schedule: ContractSchedule | null
  caps: ContractCaps
  priority: number
  weight: number
  webhookUrl: string
  /** Null: the contract gets the whole lead (personal data included) before it decides. */
  pingUrl: string | null
  /** "…abcd": enough to tell two secrets apart, never the secret. */
  secretHint: string
  acceptPath: string | null
  acceptValues: string[] | null
  reasonPath: string | null
  returnWindowDays: number
  autoApproveReturns: boolean
  isActive: boolean
  createdAt: string
  updatedAt: string
}

/** `GET /api/admin/buyers/questions`: the live questionnaire's questions, for answer filters. */
export type QuestionChoice = { id: string; title: string; options: { value: string; label: string }[] }

/** One identity a buyer has had (`GET /api/admin/buyers/{id}/identities`); the current one has no `validTo`. */
export type BuyerIdentityView = {
  name: string
  tradingName: string | null
  fcaNumber: string
  validFrom: string
  validTo: string | null
}
