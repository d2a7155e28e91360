import type { Kysely } from 'kysely'
import type { DB } from '../../platform/index.ts'

export type Revocation = 'erased' | 'returned_no_consent'

/**
 * Why the consent a certificate proves no longer stands, or null while it does: the lead or
 * submission with that reference is gone (erased, or past retention), or a buyer returned one of
 * the lead's sales for want of consent and the return was approved.
 */
export async function revocationOf(db: Kysely<DB>, reference: string): Promise<Revocation | null> {
  const lead = await db.selectFrom('lead').select('id').where('reference', '=', reference).executeTakeFirst()
  if (lead) {
    const returned = await db
      .selectFrom('leadReturn')
      .innerJoin('sale', 'sale.id', 'leadReturn.saleId')
      .select('leadReturn.id')
      .where('sale.leadId', '=', lead.id)
      .where('leadReturn.reason', '=', 'no_consent')
      .where('leadReturn.status', '=', 'approved')
      .executeTakeFirst()
    return returned ? 'returned_no_consent' : null
  }
  const submission = await db
    .selectFrom('leadSubmission')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirst()
  return submission ? null : 'erased'
}
