import { type Kysely, sql } from 'kysely'
import type { BuyerIdentity } from '../../../core/consent-version.ts'
import { capWindowStart } from '../../../core/routing/contract-rules.ts'
import { type CapWindow, capWindows } from '../../../core/routing/contract-terms.ts'
import type { ContractCaps, ContractFilters, ContractSchedule } from '../../../core/schemas/buyers.ts'
import type { DB } from '../../platform/index.ts'

/** A contract with what routing needs of its buyer. */
export type RoutableContract = {
  id: number
  buyerId: number
  buyerName: string
  buyerTradingName: string | null
  buyerFcaNumber: string
  buyerActive: boolean
  webhookId: number
  name: string
  pricePence: number
  exclusive: boolean
  maxBuyers: number
  filters: ContractFilters
  schedule: ContractSchedule | null
  caps: ContractCaps
  priority: number
  weight: number
  /** Set: the lead is pinged there (no personal data) before it is posted. */
  pingUrl: string | null
  isActive: boolean
  returnWindowDays: number
  autoApproveReturns: boolean
}

export type CapUsage = Record<CapWindow, { count: number; pence: number }>

const contractColumns = [
  'contract.id',
  'contract.buyerId',
  'buyer.name as buyerName',
  'buyer.tradingName as buyerTradingName',
  'buyer.fcaNumber as buyerFcaNumber',
  'buyer.isActive as buyerActive',
  'contract.webhookId',
  'contract.name',
  'contract.pricePence',
  'contract.exclusive',
  'contract.maxBuyers',
  'contract.filters',
  'contract.schedule',
  'contract.caps',
  'contract.priority',
  'contract.weight',
  'contract.pingUrl',
  'contract.isActive',
  'contract.returnWindowDays',
  'contract.autoApproveReturns',
] as const

/** Every contract (active or not: the routing log says why a paused one was left out). */
export async function loadContracts(db: Kysely<DB>, ids?: number[]): Promise<RoutableContract[]> {
  if (ids && ids.length === 0) return []
  let query = db
    .selectFrom('contract')
    .innerJoin('buyer', 'buyer.id', 'contract.buyerId')
    .select(contractColumns)
    .orderBy('contract.priority')
    .orderBy('contract.id')
  if (ids) query = query.where('contract.id', 'in', ids)
  return (await query.execute()) as RoutableContract[]
}

/** The contract's buyer as it is now, to hold against the identity a consent named. */
export const contractBuyer = (c: RoutableContract): BuyerIdentity => ({
  id: c.buyerId,
  name: c.buyerName,
  tradingName: c.buyerTradingName,
  fcaNumber: c.buyerFcaNumber,
})

export const hasCaps = (caps: ContractCaps) =>
  capWindows.some((w) => caps[w] != null || caps.revenuePence?.[w] != null)

/**
 * What each contract has taken in each cap window (calendar hour, day, week and month in London):
 * its offers being posted and its sales, counted from the moment they were reserved.
 */
export async function capUsage(
  db: Kysely<DB>,
  contractIds: number[],
  at: Date,
): Promise<Map<number, CapUsage>> {
  const usage = new Map<number, CapUsage>()
  if (contractIds.length === 0) return usage
  const starts = Object.fromEntries(capWindows.map((w) => [w, capWindowStart(w, at)])) as Record<
    CapWindow,
    Date
  >
  // The week can start in the previous month and the month in the previous week: count from the earlier.
  const earliest = new Date(Math.min(starts.week.getTime(), starts.month.getTime()))
  const rows = await db
    .selectFrom('sale')
    .select((eb) => [
      'contractId',
      ...capWindows.flatMap((w) => [
        sql<number>`sum(case when ${eb.ref('createdAt')} >= ${starts[w]} then 1 else 0 end)`.as(`${w}Count`),
        sql<number>`sum(case when ${eb.ref('createdAt')} >= ${starts[w]} then ${eb.ref('pricePence')} else 0 end)`.as(
          `${w}Pence`,
        ),
      ]),
    ])
    .where('contractId', 'in', contractIds)
    .where('createdAt', '>=', earliest)
    .groupBy('contractId')
    .execute()
  for (const row of rows as unknown as Record<string, number>[]) {
    usage.set(
      Number(row.contractId),
      Object.fromEntries(
        capWindows.map((w) => [
          w,
          { count: Number(row[`${w}Count`] ?? 0), pence: Number(row[`${w}Pence`] ?? 0) },
        ]),
      ) as CapUsage,
    )
  }
  return usage
}

/** A contract with nothing counted yet (read only). */
export const noUsage: CapUsage = Object.freeze(
  Object.fromEntries(capWindows.map((w) => [w, Object.freeze({ count: 0, pence: 0 })])),
) as CapUsage
