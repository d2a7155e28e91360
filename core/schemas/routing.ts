import type { SaleStatus } from './buyers.ts'
import type { LeadDeliveryView } from './webhooks.ts'

/** `routing` of the admin lead detail: how the lead was offered to buyers, round by round. */
export type LeadRoutingView = {
  saleStatus: SaleStatus | null
  rounds: {
    round: number
    at: string
    /** How many contracts were judged. */
    considered: number
    /** Contracts left out, and why. */
    skipped: { contractId: number; contractName: string; buyerName: string; reason: string }[]
    /** Contracts queued, in the order they are offered the lead, and what came of each. */
    offers: {
      position: number
      contractId: number | null
      contractName: string
      buyerName: string
      decision:
        | 'queued'
        | 'pinging'
        | 'bid'
        | 'sending'
        | 'accepted'
        | 'rejected'
        | 'duplicate'
        | 'failed'
        | 'capped'
        | 'passed'
      reason: string | null
      /** What the buyer bid when pinged (a contract not pinged in a pinged group: its price). */
      bidPence: number | null
      delivery: LeadDeliveryView | null
    }[]
  }[]
  sales: {
    id: number
    buyerName: string
    contractName: string
    pricePence: number
    status: 'reserved' | 'accepted'
    acceptedAt: string | null
  }[]
}
