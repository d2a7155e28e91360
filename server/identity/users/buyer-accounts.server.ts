import type { Kysely } from 'kysely'
import type { BuyerAccountView } from '../../../core/schemas/buyer-access.ts'
import type { AdminUser, DB } from '../../platform/index.ts'
import { awaitsPassword, createAdmin } from '../auth/admins.server.ts'
import { destroyAdminSessions } from '../auth/sessions.server.ts'

/**
 * A buyer's sign-in accounts: `admin_user` rows of role 'buyer' tied to the buyer. They sign in
 * where staff do, hold no permission, and see only /buyer (server/sales/buyer-api/).
 */

export function toBuyerAccountView(row: AdminUser): BuyerAccountView {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isActive: row.isActive,
    invited: awaitsPassword(row),
    lastLogin: row.lastLogin ? new Date(row.lastLogin).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

export async function listBuyerAccounts(db: Kysely<DB>, buyerId: number) {
  const rows = await db
    .selectFrom('adminUser')
    .selectAll()
    .where('role', '=', 'buyer')
    .where('buyerId', '=', buyerId)
    .orderBy('id')
    .execute()
  return rows.map(toBuyerAccountView)
}

export async function createBuyerAccount(
  db: Kysely<DB>,
  buyerId: number,
  input: { email: string; password?: string; firstName?: string | null; lastName?: string | null },
) {
  return createAdmin(db, { ...input, role: 'buyer', buyerId })
}

/** One of this buyer's accounts; undefined for any other account. */
export function findBuyerAccount(db: Kysely<DB>, buyerId: number, userId: number) {
  return db
    .selectFrom('adminUser')
    .selectAll()
    .where('id', '=', userId)
    .where('role', '=', 'buyer')
    .where('buyerId', '=', buyerId)
    .executeTakeFirst()
}

/** Deletes one of this buyer's accounts (its sessions go with it); false when it has no such account. */
export async function deleteBuyerAccount(db: Kysely<DB>, buyerId: number, userId: number): Promise<boolean> {
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('adminUser')
      .select('id')
      .where('id', '=', userId)
      .where('role', '=', 'buyer')
      .where('buyerId', '=', buyerId)
      .executeTakeFirst()
    if (!row) return false
    await trx.deleteFrom('adminUser').where('id', '=', userId).execute()
    return true
  })
  if (deleted) await destroyAdminSessions(db, userId)
  return deleted
}
