import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { buyerLeads, countBuyerLeads } from '../../../server/buyer-api/leads.server.ts'
import type { AppServices } from '../../../server/context.ts'

export const PORTAL_PAGE_SIZE = 25

/**
 * What /buyer shows: the signed-in buyer's accepted leads, a page at a time, read the way the
 * buyer API reads them. Undefined when the account's buyer is gone or inactive.
 */
export async function portalData(services: AppServices, account: CurrentAdmin, page: number) {
  const buyerId = account.buyerId
  if (!buyerId) return undefined
  const buyer = await services.db
    .selectFrom('buyer')
    .select(['name', 'tradingName', 'isActive'])
    .where('id', '=', buyerId)
    .executeTakeFirst()
  if (!buyer?.isActive) return undefined
  const [items, total] = await Promise.all([
    buyerLeads(services.db, { buyerId }, { limit: PORTAL_PAGE_SIZE, offset: (page - 1) * PORTAL_PAGE_SIZE }),
    countBuyerLeads(services.db, { buyerId }),
  ])
  const now = Date.now()
  return {
    buyerName: buyer.tradingName ?? buyer.name,
    email: account.email,
    page,
    pageSize: PORTAL_PAGE_SIZE,
    total,
    // Decided here, on the server's clock, so the page renders the same in the browser.
    leads: items.map((lead) => ({
      ...lead,
      canReturn: !lead.erased && lead.return === null && Date.parse(lead.returnableUntil) >= now,
    })),
  }
}

export type PortalData = NonNullable<Awaited<ReturnType<typeof portalData>>>
export type PortalLead = PortalData['leads'][number]
