import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'

const DAYS = 90
const defaultNames = { lead: 'Lead', qualified: 'QualifiedLead', sale: 'Purchase' } as const

export type GoogleImportRow = { gclid: string; name: string; at: Date; valuePence: number | null }

/**
 * Google's offline conversion import, for operators without API access: each lead of the last 90
 * days with a gclid, as a lead, a qualified lead (eligible) and a sale (the sum of its sales, net
 * of approved returns; none when nothing is left). Names follow the Google destinations' conversion
 * names where set.
 */
export async function googleImportRows(db: Kysely<DB>, now: Date): Promise<GoogleImportRow[]> {
  const since = new Date(now.getTime() - DAYS * 86_400_000)
  const [destinations, leads] = await Promise.all([
    db
      .selectFrom('conversionDestination')
      .select(['name', 'settings'])
      .where('platform', '=', 'google')
      .execute(),
    db
      .selectFrom('lead')
      .select(['id', 'gclid', 'outcome', 'createdAt'])
      .where('createdAt', '>=', since)
      .where('gclid', 'is not', null)
      .orderBy('id')
      .execute(),
  ])
  const names: Record<keyof typeof defaultNames, string> = { ...defaultNames }
  for (const d of destinations) {
    const event = d.settings.event
    if (event) names[event] = d.settings.conversionName || d.name
  }
  const ids = leads.map((l) => l.id)
  const sales = new Map<number, { pence: number; at: Date }>()
  if (ids.length > 0) {
    const rows = await db
      .selectFrom('ledgerEntry')
      .select([
        'leadId',
        (eb) => eb.fn.sum<number | string>('amountPence').as('pence'),
        (eb) => eb.fn.min('createdAt').as('at'),
      ])
      .where('leadId', 'in', ids)
      .groupBy('leadId')
      .execute()
    for (const r of rows)
      if (r.leadId !== null) sales.set(r.leadId, { pence: Number(r.pence), at: new Date(r.at) })
  }
  const out: GoogleImportRow[] = []
  for (const lead of leads) {
    const gclid = lead.gclid as string
    const at = new Date(lead.createdAt)
    out.push({ gclid, name: names.lead, at, valuePence: null })
    if (lead.outcome === 'eligible') out.push({ gclid, name: names.qualified, at, valuePence: null })
    const sale = sales.get(lead.id)
    if (sale && sale.pence > 0) out.push({ gclid, name: names.sale, at: sale.at, valuePence: sale.pence })
  }
  return out
}
