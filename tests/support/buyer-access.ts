import type { Kysely } from 'kysely'
import type { CreatedBuyerApiKey } from '../../core/schemas/buyer-access.ts'
import type { DB } from '../../server/platform/index.ts'
import { type AdminClient, uniqueEmail } from './admin-client.ts'
import { insertLead } from './factories.ts'
import { ok } from './http.ts'
import { insertBuyer, insertContract, insertSale } from './sales.ts'
import type { TestApp } from './test-app.ts'

export const DAY = 86_400_000

/**
 * A buyer with a contract, and one accepted lead of it per entry of `ages` (days ago). The
 * person's last name is a spreadsheet formula, for the CSV's sake.
 */
export async function buyerWithLeads(
  db: Kysely<DB>,
  ages: number[],
  contract: { returnWindowDays?: number; autoApproveReturns?: boolean; pricePence?: number } = {},
) {
  const buyer = await insertBuyer(db)
  const deal = await insertContract(db, buyer.id, { name: `Deal ${buyer.id}`, ...contract })
  const sales = []
  for (const age of ages) {
    const lead = await insertLead(db, {
      email: uniqueEmail('person'),
      firstName: 'Zoë',
      lastName: '=HYPERLINK("x")',
      phoneType: 'mobile',
      answers: JSON.stringify({ hadPcpFinance: 'yes' }),
      outcome: 'eligible',
      consentText: 'I agree to be contacted by Acme Claims',
    })
    const { reference } = await db
      .selectFrom('lead')
      .select('reference')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow()
    const sale = await insertSale(db, {
      leadId: lead.id,
      contract: deal,
      acceptedAt: new Date(Date.now() - age * DAY),
      utmSource: 'google',
      utmCampaign: 'spring',
    })
    sales.push({ sale, reference, leadId: lead.id })
  }
  return { buyer, contract: deal, sales }
}

/** A new API key of the buyer, made through the admin API. */
export async function newKey(admin: AdminClient, buyerId: number, name = 'CRM') {
  const response = await admin.post(`/api/admin/buyers/${buyerId}/keys`, { name })
  return (await ok(response, 201)) as unknown as CreatedBuyerApiKey
}

/** Calls the buyer API with a key. */
export function keyClient(app: TestApp, key: string) {
  const headers = { authorization: `Bearer ${key}` }
  return {
    get: (pathname: string) => app.request(pathname, { headers }),
    returnLead: (reference: string, body: unknown) =>
      app.postJson(`/api/buyer/leads/${reference}/return`, body, { headers }),
  }
}

/** The ledger entries of a sale, oldest first. */
export function ledgerOf(db: Kysely<DB>, saleId: number) {
  return db
    .selectFrom('ledgerEntry')
    .select(['kind', 'amountPence'])
    .where('saleId', '=', saleId)
    .orderBy('id')
    .execute()
}
