/**
 * Sales: buyers and contracts, routing and offers, webhook delivery, returns, revenue (the
 * ledger) and the buyers' own API and accounts.
 */
export { buyerAccessAdminRouter, buyerAccessApi, buyerAccessRoutes } from './buyer-access/admin-router.ts'
export { createKey } from './buyer-access/keys.server.ts'
export { requireBuyer } from './buyer-api/auth.ts'
export { buyerLead, buyerLeads, countBuyerLeads } from './buyer-api/leads.server.ts'
export { buyerApi, buyerApiRouter, buyerApiRoutes } from './buyer-api/router.ts'
export {
  buyersAdminRouter,
  buyersApi,
  buyersRoutes,
  contractsAdminRouter,
  contractsRoutes,
} from './buyers/admin-router.ts'
export { consentRecipients, loadConsentBuyers } from './buyers/consent.server.ts'
export { buyerExists } from './buyers/queries.server.ts'
export { returnsAdminRouter, returnsApi, returnsRoutes } from './returns/admin-router.ts'
export { enqueueReturnNotice, returnNotices } from './returns/notices.server.ts'
export { revenueAdminRouter, revenueApi, revenueRoutes } from './revenue/admin-router.ts'
export { recordReturn, recordSales } from './revenue/entries.server.ts'
export { leadSales, noSales } from './revenue/lead-sales.server.ts'
export { statementEntries } from './revenue/statement.server.ts'
export {
  leadRouting,
  neverOffered,
  routableFromAttribution,
  routableLead,
  routeAgain,
} from './routing/lead-routing.server.ts'
export { contractOffers } from './routing/offers.server.ts'
export { type RoutableLead, routeLeads } from './routing/route.server.ts'
export { webhooksAdminRouter, webhooksApi, webhooksRoutes } from './webhooks/admin-router.ts'
export { type ContractOffers, claimDeliveries } from './webhooks/claims.server.ts'
export { leadDeliveries, resendLead, submissionDeliveries } from './webhooks/deliveries.server.ts'
export { activeWebhookIds, type Enqueued, enqueue, leadsWithABuyer } from './webhooks/enqueue.server.ts'
export { DeliveryWorker } from './webhooks/worker.server.ts'

/** The delivery worker as the process starts and stops it. */
export type WebhookWorker = {
  start: () => void
  /** Waits for the posts in flight (cut short after `graceMs`) and their records. */
  stop: (graceMs?: number) => Promise<void>
  /** Looks for due deliveries now. */
  wake: () => void
}

declare module '../platform/index.ts' {
  interface AppServices {
    /** Posts leads to the buyers' webhooks; started and stopped with the server, like `jobs`. */
    webhooks: WebhookWorker
  }
  interface AppEvents {
    /** An attempt to post a lead to a webhook is recorded, with what happens next. */
    'webhook.attempt': [{ outcome: 'delivered' | 'retry' | 'failed' | 'released' }]
  }
}
