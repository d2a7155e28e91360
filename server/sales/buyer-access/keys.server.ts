import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BuyerApiKeyView } from '../../../core/schemas/buyer-access.ts'
import { tokenDigest } from '../../identity/index.ts'
import type { DB } from '../../platform/index.ts'

/**
 * Buyers' API keys (docs/decisions/0034-buyer-access-and-returns.md): `ccb_` and 32 base64url
 * characters (192 random bits), shown once; the table keeps the SHA-256 of the whole key (a key
 * this random needs no slow hash) and its first 12 characters to tell keys apart.
 */
export const KEY_PREFIX = 'ccb_'
const SHOWN_CHARACTERS = 12
/** last_used_at is written at most this often per key: a busy integration is not a write per call. */
const TOUCH_EVERY_MS = 60_000

export function newApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`
}

export const hashApiKey = tokenDigest

type KeyRow = {
  id: number
  name: string
  prefix: string
  createdAt: Date
  lastUsedAt: Date | null
  revokedAt: Date | null
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

export function toKeyView(row: KeyRow): BuyerApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  }
}

const keyColumns = ['id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'] as const

export async function listKeys(db: Kysely<DB>, buyerId: number) {
  const rows = await db
    .selectFrom('buyerApiKey')
    .select(keyColumns)
    .where('buyerId', '=', buyerId)
    .orderBy('id', 'desc')
    .execute()
  return rows.map(toKeyView)
}

export async function createKey(db: Kysely<DB>, buyerId: number, name: string) {
  const key = newApiKey()
  const row = await db
    .insertInto('buyerApiKey')
    .values({ buyerId, name, prefix: key.slice(0, SHOWN_CHARACTERS), keyHash: hashApiKey(key) })
    .returning(keyColumns)
    .executeTakeFirstOrThrow()
  return { ...toKeyView(row), key }
}

/** Revokes a key of this buyer; undefined when the buyer has no such key. Revoking twice keeps the first time. */
export async function revokeKey(db: Kysely<DB>, buyerId: number, keyId: number) {
  const row = await db
    .selectFrom('buyerApiKey')
    .select(keyColumns)
    .where('id', '=', keyId)
    .where('buyerId', '=', buyerId)
    .executeTakeFirst()
  if (!row) return undefined
  if (row.revokedAt) return toKeyView(row)
  const updated = await db
    .updateTable('buyerApiKey')
    .set({ revokedAt: new Date() })
    .where('id', '=', keyId)
    .returning(keyColumns)
    .executeTakeFirstOrThrow()
  return toKeyView(updated)
}

/** The active buyer a key that is not revoked belongs to, or undefined. */
export async function buyerOfKey(db: Kysely<DB>, key: string) {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return undefined
  const row = await db
    .selectFrom('buyerApiKey')
    .innerJoin('buyer', 'buyer.id', 'buyerApiKey.buyerId')
    .select(['buyerApiKey.id as keyId', 'buyerApiKey.lastUsedAt', 'buyer.id as buyerId', 'buyer.isActive'])
    .where('buyerApiKey.keyHash', '=', hashApiKey(key))
    .where('buyerApiKey.revokedAt', 'is', null)
    .executeTakeFirst()
  if (!row?.isActive) return undefined
  const now = Date.now()
  if (!row.lastUsedAt || now - new Date(row.lastUsedAt).getTime() >= TOUCH_EVERY_MS) {
    await db
      .updateTable('buyerApiKey')
      .set({ lastUsedAt: new Date(now) })
      .where('id', '=', row.keyId)
      .execute()
  }
  return { buyerId: row.buyerId, keyId: row.keyId }
}
