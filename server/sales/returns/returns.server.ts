import { type Kysely, sql } from 'kysely'
import {
  type AdminReturnView,
  type BuyerReturnListItem,
  type BuyerReturnView,
  RETURNED_DATA_INSTRUCTION,
} from '../../../core/schemas/buyer-access.ts'
import type { ReturnReason, ReturnStatus } from '../../../core/schemas/buyers.ts'
import type { DB } from '../../platform/index.ts'
import { HttpError, isUniqueViolation } from '../../platform/index.ts'
import { recordReturn } from '../revenue/entries.server.ts'
import { enqueueReturnNotice } from './notices.server.ts'

/**
 * Returns (docs/decisions/0034-buyer-access-and-returns.md): a buyer hands back an accepted lead
 * within its contract's window; the operator approves or rejects it once, or the contract
 * approves at once. An approval writes the ledger's negative entry in the same transaction, and
 * every decision the buyer's webhook notice (docs/decisions/0052-return-notices.md).
 */

const DAY_MS = 86_400_000

export function returnableUntil(acceptedAt: Date | string, windowDays: number): Date {
  return new Date(new Date(acceptedAt).getTime() + windowDays * DAY_MS)
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

type ReturnRow = {
  id: number
  status: ReturnStatus
  reason: ReturnReason
  note: string | null
  createdAt: Date
  decidedAt: Date | null
  decisionNote: string | null
}

export function toReturnView(row: ReturnRow): BuyerReturnView {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    note: row.note,
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: iso(row.decidedAt),
    decisionNote: row.decisionNote,
    instruction: row.status === 'approved' ? RETURNED_DATA_INSTRUCTION : null,
  }
}

const returnColumns = [
  'leadReturn.id',
  'leadReturn.status',
  'leadReturn.reason',
  'leadReturn.note',
  'leadReturn.createdAt',
  'leadReturn.decidedAt',
  'leadReturn.decisionNote',
] as const

const ALREADY_RETURNED = 'This lead has already been returned'
export const AUTO_APPROVED_NOTE = 'Approved at once under the contract'

/** A buyer returns one of its accepted leads, found by the lead's reference. */
export async function requestReturn(
  db: Kysely<DB>,
  buyerId: number,
  reference: string,
  input: { reason: ReturnReason; note?: string | null },
  now = new Date(),
): Promise<BuyerReturnView & { saleId: number; leadId: number | null }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const sale = await trx
        .selectFrom('sale')
        .innerJoin('lead', 'lead.id', 'sale.leadId')
        .select([
          'sale.id',
          'sale.leadId',
          'sale.contractId',
          'sale.buyerId',
          'sale.pricePence',
          'sale.utmSource',
          'sale.utmCampaign',
          'sale.acceptedAt',
          // The terms the lead was sold on: a contract changed since reopens or closes nothing.
          'sale.returnWindowDays',
          'sale.autoApproveReturns',
        ])
        .where('lead.reference', '=', reference)
        .where('sale.buyerId', '=', buyerId)
        .where('sale.status', '=', 'accepted')
        .executeTakeFirst()
      if (!sale?.acceptedAt) throw new HttpError(404, 'Lead not found')
      const existing = await trx
        .selectFrom('leadReturn')
        .select('id')
        .where('saleId', '=', sale.id)
        .executeTakeFirst()
      if (existing) throw new HttpError(409, ALREADY_RETURNED)
      const until = returnableUntil(sale.acceptedAt, sale.returnWindowDays)
      if (now.getTime() > until.getTime()) {
        throw new HttpError(
          400,
          `The return window for this lead closed on ${until.toISOString().slice(0, 10)} (${sale.returnWindowDays} days after it was accepted)`,
        )
      }
      const auto = sale.autoApproveReturns
      const row = await trx
        .insertInto('leadReturn')
        .values({
          saleId: sale.id,
          buyerId,
          reason: input.reason,
          note: input.note ?? null,
          status: auto ? 'approved' : 'pending',
          decidedAt: auto ? now : null,
          decisionNote: auto ? AUTO_APPROVED_NOTE : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning(['id', 'status', 'reason', 'note', 'createdAt', 'decidedAt', 'decisionNote'])
        .executeTakeFirstOrThrow()
      if (auto) {
        await recordReturn(trx, sale)
        await enqueueReturnNotice(trx, sale)
      }
      return { ...toReturnView(row), saleId: sale.id, leadId: sale.leadId }
    })
  } catch (error) {
    // Two returns of one lead at once: the unique sale_id lets one in.
    if (isUniqueViolation(error)) throw new HttpError(409, ALREADY_RETURNED)
    throw error
  }
}

/** The operator decides a pending return, once: approval writes the ledger's return entry. */
export async function decideReturn(
  db: Kysely<DB>,
  id: number,
  decision: { status: 'approved' | 'rejected'; note?: string | null },
  deciderId: number | null,
) {
  return db.transaction().execute(async (trx) => {
    const now = new Date()
    const row = await trx
      .updateTable('leadReturn')
      .set({
        status: decision.status,
        decisionNote: decision.note ?? null,
        decidedBy: deciderId,
        decidedAt: now,
        updatedAt: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning(['id', 'saleId', 'buyerId', 'status'])
      .executeTakeFirst()
    if (!row) {
      const found = await trx
        .selectFrom('leadReturn')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
      if (!found) throw new HttpError(404, 'Return not found')
      throw new HttpError(409, `This return was already ${found.status}`)
    }
    const sale = await trx
      .selectFrom('sale')
      .selectAll()
      .where('id', '=', row.saleId)
      .executeTakeFirstOrThrow()
    if (decision.status === 'approved') await recordReturn(trx, sale)
    await enqueueReturnNotice(trx, sale)
    return row
  })
}

function adminReturnsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('leadReturn')
    .innerJoin('sale', 'sale.id', 'leadReturn.saleId')
    .innerJoin('contract', 'contract.id', 'sale.contractId')
    .innerJoin('buyer', 'buyer.id', 'leadReturn.buyerId')
    .leftJoin('lead', 'lead.id', 'sale.leadId')
    .leftJoin('adminUser', 'adminUser.id', 'leadReturn.decidedBy')
    .select([
      ...returnColumns,
      'leadReturn.buyerId',
      'buyer.name as buyerName',
      'contract.name as contractName',
      'sale.leadId',
      'sale.pricePence',
      'lead.reference',
      'adminUser.email as decidedByEmail',
    ])
}

type AdminReturnRow = ReturnRow & {
  buyerId: number
  buyerName: string
  contractName: string
  leadId: number | null
  pricePence: number
  reference: string | null
  decidedByEmail: string | null
}

function toAdminReturnView(row: AdminReturnRow): AdminReturnView {
  return {
    ...toReturnView(row),
    buyerId: row.buyerId,
    buyerName: row.buyerName,
    contractName: row.contractName,
    leadId: row.leadId,
    reference: row.reference,
    pricePence: row.pricePence,
    decidedByEmail: row.decidedByEmail,
  }
}

export const RETURNS_LIST_LIMIT = 500

/** The operator's list: pending first (oldest first: they wait longest), then the decided, newest first. */
export async function listReturns(
  db: Kysely<DB>,
  filter: { status?: ReturnStatus; buyerId?: number },
): Promise<AdminReturnView[]> {
  let query = adminReturnsQuery(db)
  if (filter.status) query = query.where('leadReturn.status', '=', filter.status)
  if (filter.buyerId) query = query.where('leadReturn.buyerId', '=', filter.buyerId)
  const rows = await query
    .orderBy(sql`case when ${sql.ref('leadReturn.status')} = 'pending' then 0 else 1 end`)
    .orderBy(
      sql`case when ${sql.ref('leadReturn.status')} = 'pending' then ${sql.ref('leadReturn.id')} else -${sql.ref('leadReturn.id')} end`,
    )
    .limit(RETURNS_LIST_LIMIT)
    .execute()
  return rows.map((row) => toAdminReturnView(row as AdminReturnRow))
}

export async function findReturn(db: Kysely<DB>, id: number) {
  const row = await adminReturnsQuery(db).where('leadReturn.id', '=', id).executeTakeFirst()
  return row ? toAdminReturnView(row as AdminReturnRow) : undefined
}

/** A buyer's own returns, newest first. */
export async function buyerReturns(db: Kysely<DB>, buyerId: number): Promise<BuyerReturnListItem[]> {
  const rows = await db
    .selectFrom('leadReturn')
    .innerJoin('sale', 'sale.id', 'leadReturn.saleId')
    .innerJoin('contract', 'contract.id', 'sale.contractId')
    .leftJoin('lead', 'lead.id', 'sale.leadId')
    .select([...returnColumns, 'lead.reference', 'contract.name as contractName', 'sale.pricePence'])
    .where('leadReturn.buyerId', '=', buyerId)
    .orderBy('leadReturn.id', 'desc')
    .limit(RETURNS_LIST_LIMIT)
    .execute()
  return rows.map((row) => ({
    ...toReturnView(row as ReturnRow),
    reference: row.reference,
    contractName: row.contractName,
    pricePence: row.pricePence,
  }))
}
