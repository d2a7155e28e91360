import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import type { AppServices } from '../../../server/platform/index.ts'
import { buyerLead, buyerLeads, countBuyerLeads } from '../../../server/sales/index.ts'

export const PORTAL_PAGE_SIZE = 25

/**
 * What /buyer shows: the signed-in buyer's accepted leads, a page at a time, read the way the
 * buyer API reads them. Undefined when the account's buyer is gone or inactive.
 */
async function activeBuyer(services: AppServices, account: CurrentAdmin) {
  const buyerId = account.buyerId
  if (!buyerId) return undefined
  const buyer = await services.db
    .selectFrom('buyer')
    .select(['id', 'name', 'tradingName', 'fcaNumber', 'isActive'])
    .where('id', '=', buyerId)
    .executeTakeFirst()
  return buyer?.isActive ? buyer : undefined
}

export async function portalData(services: AppServices, account: CurrentAdmin, page: number) {
  const buyer = await activeBuyer(services, account)
  if (!buyer) return undefined
  const buyerId = buyer.id
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

/**
 * /buyer/leads/:reference: one of the buyer's leads as GET /api/buyer/leads/{reference} gives it.
 * `buyer` undefined when the account's buyer is gone or inactive; `lead` undefined when this buyer
 * accepted no lead with this reference.
 */
export async function portalLead(services: AppServices, account: CurrentAdmin, reference: string) {
  const buyer = await activeBuyer(services, account)
  if (!buyer) return { buyer: undefined, lead: undefined }
  const lead = await buyerLead(services.db, buyer.id, reference.slice(0, 100))
  return {
    buyer: { name: buyer.tradingName ?? buyer.name, fcaNumber: buyer.fcaNumber, email: account.email },
    lead: lead && {
      ...lead,
      canReturn: !lead.erased && lead.return === null && Date.parse(lead.returnableUntil) >= Date.now(),
    },
  }
}

export type PortalLeadDetail = NonNullable<Awaited<ReturnType<typeof portalLead>>['lead']>
