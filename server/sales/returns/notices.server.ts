import type { Kysely } from 'kysely'
import { returnInstruction } from '../../../core/schemas/buyer-access.ts'
import type { ReturnNotice } from '../../../core/schemas/delivered-lead.ts'
import type { DB } from '../../platform/index.ts'
import { enqueue } from '../webhooks/enqueue.server.ts'
import type { ReturnNoticeKey } from '../webhooks/worker.server.ts'

/**
 * A return's webhook notice (docs/decisions/0052-return-notices.md): once a return is decided, its
 * buyer's contract webhook is told, through the outbox, what it must now do with the lead. One
 * notice per lead and contract (the outbox's unique index): a sale has at most one return.
 */

/** In the deciding transaction: the notice for the return of this sale, unless its lead was erased. */
export async function enqueueReturnNotice(
  trx: Kysely<DB>,
  sale: { leadId: number | null; contractId: number },
): Promise<void> {
  if (sale.leadId === null) return
  const contract = await trx
    .selectFrom('contract')
    .select('webhookId')
    .where('id', '=', sale.contractId)
    .executeTakeFirstOrThrow()
  await enqueue(trx, [
    { leadId: sale.leadId, webhookId: contract.webhookId, contractId: sale.contractId, kind: 'return' },
  ])
}

/** The worker's `returns` payload: each notice's `return`, by delivery id, with no personal data. */
export async function returnNotices(
  db: Kysely<DB>,
  keys: ReturnNoticeKey[],
): Promise<Map<number, ReturnNotice>> {
  if (keys.length === 0) return new Map()
  const rows = await db
    .selectFrom('sale')
    .innerJoin('leadReturn', 'leadReturn.saleId', 'sale.id')
    .innerJoin('lead', 'lead.id', 'sale.leadId')
    .select([
      'sale.leadId',
      'sale.contractId',
      'sale.id as saleId',
      'sale.pricePence',
      'lead.reference',
      'leadReturn.id',
      'leadReturn.status',
      'leadReturn.reason',
      'leadReturn.decidedAt',
    ])
    .where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple('sale.leadId', 'sale.contractId'),
        'in',
        keys.map((k) => tuple(k.leadId, k.contractId)),
      ),
    )
    .where('leadReturn.status', 'in', ['approved', 'rejected'])
    .execute()
  const notices = new Map<number, ReturnNotice>()
  for (const key of keys) {
    const row = rows.find((r) => r.leadId === key.leadId && r.contractId === key.contractId)
    if (!row?.decidedAt || row.status === 'pending') continue
    notices.set(key.deliveryId, {
      id: row.id,
      reference: row.reference,
      saleId: row.saleId,
      status: row.status,
      reason: row.reason,
      decidedAt: new Date(row.decidedAt).toISOString(),
      creditPence: row.status === 'approved' ? row.pricePence : 0,
      instruction: returnInstruction(row.status),
    })
  }
  return notices
}
