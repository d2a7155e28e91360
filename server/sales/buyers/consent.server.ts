import type { Kysely } from 'kysely'
import { type Recipients, recipientNames } from '../../../core/lead-form-rules.ts'
import type { ConsentBuyer } from '../../../core/schemas/buyers.ts'
import type { DB } from '../../platform/index.ts'

/**
 * The active buyers the consent wording names, in the operator's order, by the name the public
 * knows them by (trading name, else name), each with its identity now (legal name, trading name,
 * FCA number). Part of the site snapshot: the page shows them, and its consent version keeps them.
 */
export async function loadConsentBuyers(db: Kysely<DB>): Promise<ConsentBuyer[]> {
  const rows = await db
    .selectFrom('buyer')
    .select(['id', 'name', 'tradingName', 'fcaNumber'])
    .where('isActive', '=', true)
    .where('namedInConsent', '=', true)
    .orderBy('consentOrder')
    .orderBy('id')
    .execute()
  return rows.map((b) => ({
    id: b.id,
    name: (b.tradingName?.trim() || b.name).trim(),
    legalName: b.name.trim(),
    tradingName: b.tradingName?.trim() || null,
    fcaNumber: b.fcaNumber.trim(),
  }))
}

/** Whom the wording names: the buyers named in consent or, when none is, the partner setting. */
export function consentRecipients(
  buyers: readonly ConsentBuyer[],
  partnerName: string | null | undefined,
): Recipients {
  const names = recipientNames(buyers.map((b) => b.name))
  return names.length > 0 ? names : (partnerName ?? null)
}
