import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { BuyerIdentityView, BuyerView, ContractView } from '../../../core/schemas/buyer-views.ts'
import type {
  buyerCreateSchema,
  buyerUpdateSchema,
  contractCreateSchema,
  contractUpdateSchema,
} from '../../../core/schemas/buyers.ts'
import type { Buyer, Contract, DB, ResourceStore } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'
import { iso } from '../webhooks/db-time.server.ts'
import { secretHint } from '../webhooks/queries.server.ts'

/**
 * The buyers module's admin side: `buyer` and `contract` (migration 0017). A contract's URL and
 * secret live in its own `webhook` row of kind 'contract' (docs/decisions/0030-buyers-and-routing.md),
 * written here with the contract, in one transaction.
 */

type BuyerRecord = Buyer & { contracts: number; activeContracts: number }

export function toBuyerView(row: BuyerRecord): BuyerView {
  return {
    id: row.id,
    name: row.name,
    tradingName: row.tradingName,
    fcaNumber: row.fcaNumber,
    email: row.email,
    namedInConsent: row.namedInConsent,
    consentOrder: row.consentOrder,
    isActive: row.isActive,
    contracts: Number(row.contracts),
    activeContracts: Number(row.activeContracts),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  }
}

function buyerRows(db: Kysely<DB>, id?: number) {
  let query = db
    .selectFrom('buyer')
    .selectAll('buyer')
    .select((eb) => [
      eb
        .selectFrom('contract')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('contract.buyerId', '=', 'buyer.id')
        .as('contracts'),
      eb
        .selectFrom('contract')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('contract.buyerId', '=', 'buyer.id')
        .where('contract.isActive', '=', true)
        .as('activeContracts'),
    ])
    .orderBy('buyer.id')
  if (id !== undefined) query = query.where('buyer.id', '=', id)
  return query.execute() as Promise<BuyerRecord[]>
}

export async function buyerExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('buyer').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

/** Whether any lead was offered to or sold through this buyer or contract (sales keep the ledger whole). */
export async function hasSales(db: Kysely<DB>, where: { buyerId: number } | { contractId: number }) {
  const query = db.selectFrom('sale').select('id').limit(1)
  const row = await ('buyerId' in where
    ? query.where('buyerId', '=', where.buyerId)
    : query.where('contractId', '=', where.contractId)
  ).executeTakeFirst()
  return row !== undefined
}

type Identity = { name: string; tradingName: string | null; fcaNumber: string }

const identityChanged = (a: Identity, b: Identity) =>
  a.name !== b.name || (a.tradingName ?? null) !== (b.tradingName ?? null) || a.fcaNumber !== b.fcaNumber

/**
 * A changed legal name, trading name or FCA number is a new identity: the earlier one is kept,
 * closed, and leads consented under it can no longer go to this buyer (core/consent-version.ts).
 */
async function recordIdentity(
  trx: Kysely<DB>,
  buyerId: number,
  before: Identity,
  identity: Identity,
  at = new Date(),
) {
  const closed = await trx
    .updateTable('buyerIdentity')
    .set({ validTo: at })
    .where('buyerId', '=', buyerId)
    .where('validTo', 'is', null)
    .executeTakeFirst()
  // A buyer written without its identity row (an import, a script) keeps the earlier one all the same.
  if (Number(closed.numUpdatedRows) === 0) {
    await trx
      .insertInto('buyerIdentity')
      .values({
        buyerId,
        name: before.name,
        tradingName: before.tradingName,
        fcaNumber: before.fcaNumber,
        validTo: at,
      })
      .execute()
  }
  await trx
    .insertInto('buyerIdentity')
    .values({
      buyerId,
      name: identity.name,
      tradingName: identity.tradingName,
      fcaNumber: identity.fcaNumber,
      validFrom: at,
    })
    .execute()
}

/** Every identity the buyer has had, newest first. */
export async function buyerIdentities(db: Kysely<DB>, buyerId: number): Promise<BuyerIdentityView[]> {
  const rows = await db
    .selectFrom('buyerIdentity')
    .selectAll()
    .where('buyerId', '=', buyerId)
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => ({
    name: r.name,
    tradingName: r.tradingName,
    fcaNumber: r.fcaNumber,
    validFrom: iso(r.validFrom) as string,
    validTo: iso(r.validTo),
  }))
}

/** The endpoint's name in delivery logs: the buyer and the contract. */
const endpointName = (buyer: string, contract: string) => `${buyer}: ${contract}`

export function buyerStore(
  db: Kysely<DB>,
): ResourceStore<BuyerRecord, z.output<typeof buyerCreateSchema>, z.output<typeof buyerUpdateSchema>> {
  const find = async (id: number) => (await buyerRows(db, id))[0]
  return {
    list: () => buyerRows(db),
    find,
    create: async (values) => {
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('buyer')
          .values(values)
          .returning(['id', 'name', 'tradingName', 'fcaNumber'])
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('buyerIdentity')
          .values({ buyerId: row.id, name: row.name, tradingName: row.tradingName, fcaNumber: row.fcaNumber })
          .execute()
        return row.id
      })
      return (await find(id)) as BuyerRecord
    },
    update: async (id, values) => {
      const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined))
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('buyer')
          .select(['name', 'tradingName', 'fcaNumber'])
          .where('id', '=', id)
          .executeTakeFirst()
        const after = await trx
          .updateTable('buyer')
          .set({ ...changes, updatedAt: new Date() })
          .where('id', '=', id)
          .returning(['name', 'tradingName', 'fcaNumber'])
          .executeTakeFirst()
        if (before && after && identityChanged(before, after)) await recordIdentity(trx, id, before, after)
        if (values.name !== undefined) {
          for (const c of await trx
            .selectFrom('contract')
            .select(['webhookId', 'name'])
            .where('buyerId', '=', id)
            .execute()) {
            await trx
              .updateTable('webhook')
              .set({ name: endpointName(values.name, c.name), updatedAt: new Date() })
              .where('id', '=', c.webhookId)
              .execute()
          }
        }
      })
      return find(id)
    },
    // Its contracts go with it (on delete cascade), then their endpoint rows.
    remove: async (id) => {
      await db.transaction().execute(async (trx) => {
        const endpoints = await trx
          .selectFrom('contract')
          .select('webhookId')
          .where('buyerId', '=', id)
          .execute()
        await trx.deleteFrom('buyer').where('id', '=', id).execute()
        if (endpoints.length > 0) {
          await trx
            .deleteFrom('webhook')
            .where(
              'id',
              'in',
              endpoints.map((e) => e.webhookId),
            )
            .execute()
        }
      })
    },
  }
}

type ContractRecord = Contract & { webhookUrl: string; secret: string }

export function toContractView({ secret, ...row }: ContractRecord): ContractView {
  return {
    id: row.id,
    buyerId: row.buyerId,
    name: row.name,
    pricePence: row.pricePence,
    exclusive: row.exclusive,
    maxBuyers: row.maxBuyers,
    filters: row.filters ?? {},
    schedule: row.schedule ?? null,
    caps: row.caps ?? {},
    priority: row.priority,
    weight: row.weight,
    webhookUrl: row.webhookUrl,
    pingUrl: row.pingUrl,
    secretHint: secretHint(secret),
    acceptPath: row.acceptPath,
    acceptValues: row.acceptValues ?? null,
    reasonPath: row.reasonPath,
    returnWindowDays: row.returnWindowDays,
    autoApproveReturns: row.autoApproveReturns,
    isActive: row.isActive,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  }
}

function contractRows(db: Kysely<DB>, where: { id: number } | { buyerId: number }) {
  const query = db
    .selectFrom('contract')
    .innerJoin('webhook', 'webhook.id', 'contract.webhookId')
    .selectAll('contract')
    .select(['webhook.url as webhookUrl', 'webhook.secret'])
    .orderBy('contract.priority')
    .orderBy('contract.id')
  return (
    'id' in where
      ? query.where('contract.id', '=', where.id)
      : query.where('contract.buyerId', '=', where.buyerId)
  ).execute() as Promise<ContractRecord[]>
}

type ContractValues = z.output<typeof contractUpdateSchema>

/** The contract table's columns for the fields given (JSON columns as JSON text). */
function contractColumns(values: ContractValues) {
  const { webhookUrl, secret, filters, schedule, caps, acceptValues, ...plain } = values
  const columns: Record<string, unknown> = Object.fromEntries(
    Object.entries(plain).filter(([, v]) => v !== undefined),
  )
  if (filters !== undefined) columns.filters = json(filters)
  if (caps !== undefined) columns.caps = json(caps)
  if (schedule !== undefined) columns.schedule = schedule === null ? null : json(schedule)
  if (acceptValues !== undefined) columns.acceptValues = acceptValues === null ? null : json(acceptValues)
  return columns
}

export function contractStore(
  db: Kysely<DB>,
): ResourceStore<ContractRecord, z.output<typeof contractCreateSchema>, ContractValues> {
  const find = async (id: number) => (await contractRows(db, { id }))[0]
  return {
    list: (buyerId) => contractRows(db, { buyerId: buyerId ?? 0 }),
    find,
    create: async (values, buyerId) => {
      const id = await db.transaction().execute(async (trx) => {
        const buyer = await trx
          .selectFrom('buyer')
          .select('name')
          .where('id', '=', buyerId ?? 0)
          .executeTakeFirstOrThrow()
        const endpoint = await trx
          .insertInto('webhook')
          .values({
            kind: 'contract',
            name: endpointName(buyer.name, values.name),
            url: values.webhookUrl,
            secret: values.secret,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const contract = await trx
          .insertInto('contract')
          .values({ ...contractColumns(values), buyerId, webhookId: endpoint.id } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
        return contract.id
      })
      return (await find(id)) as ContractRecord
    },
    update: async (id, values) => {
      const current = await find(id)
      if (!current) return undefined
      await db.transaction().execute(async (trx) => {
        const columns = contractColumns(values)
        if (Object.keys(columns).length > 0) {
          await trx
            .updateTable('contract')
            .set({ ...columns, updatedAt: new Date() } as never)
            .where('id', '=', id)
            .execute()
        }
        const endpoint: Record<string, unknown> = {}
        if (values.webhookUrl !== undefined) endpoint.url = values.webhookUrl
        if (values.secret !== undefined) endpoint.secret = values.secret
        if (values.name !== undefined) {
          const buyer = await trx
            .selectFrom('buyer')
            .select('name')
            .where('id', '=', current.buyerId)
            .executeTakeFirstOrThrow()
          endpoint.name = endpointName(buyer.name, values.name)
        }
        if (Object.keys(endpoint).length > 0) {
          await trx
            .updateTable('webhook')
            .set({ ...endpoint, updatedAt: new Date() })
            .where('id', '=', current.webhookId)
            .execute()
        }
      })
      return find(id)
    },
    // Its deliveries go with it (on delete cascade), then its endpoint row.
    remove: async (id) => {
      await db.transaction().execute(async (trx) => {
        const contract = await trx
          .selectFrom('contract')
          .select('webhookId')
          .where('id', '=', id)
          .executeTakeFirst()
        if (!contract) return
        await trx.deleteFrom('contract').where('id', '=', id).execute()
        await trx.deleteFrom('webhook').where('id', '=', contract.webhookId).execute()
      })
    },
  }
}
