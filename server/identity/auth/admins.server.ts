import type { Kysely } from 'kysely'
import { effectivePermissions } from '../../../core/permissions.ts'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import type { AdminUser, DB, ResourceStore } from '../../platform/index.ts'
import { json } from '../../platform/index.ts'
import { hashPassword } from './password.server.ts'
import { assertAcceptablePassword } from './password-policy.server.ts'

export type { CurrentAdmin }

/**
 * The password hash of an account invited by email and not yet signed up: no password verifies
 * against it (it is not an argon2 hash), and the sign-in treats it as an unknown address.
 */
export const INVITED_PASSWORD_HASH = '!invited'

export function awaitsPassword(row: Pick<AdminUser, 'passwordHash'>): boolean {
  return row.passwordHash === INVITED_PASSWORD_HASH
}

export function toCurrentAdmin(row: AdminUser): CurrentAdmin {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    permissions: effectivePermissions(row.role, row.permissions),
    profileImageUrl: null,
    ...(row.role === 'buyer' ? { buyerId: row.buyerId } : {}),
  }
}

/** Public shape of an admin for the users API. */
export function toAdminView(row: AdminUser) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    permissions: row.permissions ?? null,
    effectivePermissions: effectivePermissions(row.role, row.permissions),
    isActive: row.isActive,
    invited: awaitsPassword(row),
    lastLogin: row.lastLogin,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

export function findAdminByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('adminUser')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
}

export function findAdminById(db: Kysely<DB>, id: number) {
  return db.selectFrom('adminUser').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function countAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('adminUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function createAdmin(
  db: Kysely<DB>,
  input: {
    email: string
    /** Omitted for an invited account: it has no password until the invite's link sets one. */
    password?: string
    role: string
    firstName?: string | null
    lastName?: string | null
    permissions?: string[] | null
    /** For the buyer role: the buyer the account belongs to. */
    buyerId?: number | null
  },
) {
  // Every way in (setup, users, the CLI, ADMIN_PASSWORD) meets the same rule, checked here too.
  if (input.password !== undefined) assertAcceptablePassword(input.password)
  return db
    .insertInto('adminUser')
    .values({
      email: input.email.trim().toLowerCase(),
      passwordHash: input.password === undefined ? INVITED_PASSWORD_HASH : await hashPassword(input.password),
      role: input.role,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      permissions: input.permissions ? json(input.permissions) : null,
      buyerId: input.buyerId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function setPassword(db: Kysely<DB>, id: number, password: string) {
  assertAcceptablePassword(password)
  await db
    .updateTable('adminUser')
    .set({
      passwordHash: await hashPassword(password),
      passwordResetToken: null,
      passwordResetExpires: null,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute()
}

/** The operator's staff: buyers' sign-in accounts are listed with their buyer, not in Users. */
export function listAdmins(db: Kysely<DB>) {
  return db.selectFrom('adminUser').selectAll().where('role', '<>', 'buyer').orderBy('id').execute()
}

export type AdminChanges = {
  firstName?: string | null
  lastName?: string | null
  role?: string
  isActive?: boolean
  permissions?: string[] | null
}

export function updateAdmin(db: Kysely<DB>, id: number, changes: AdminChanges) {
  const { permissions, ...rest } = changes
  return db
    .updateTable('adminUser')
    .set({
      ...rest,
      ...(permissions === undefined ? {} : { permissions: permissions === null ? null : json(permissions) }),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The users admin resource's store: the staff (admins are deactivated, never deleted through it). */
export function adminStore(
  db: Kysely<DB>,
): ResourceStore<AdminUser, Parameters<typeof createAdmin>[1], AdminChanges> {
  return {
    list: () => listAdmins(db),
    // Buyers' accounts are managed with their buyer (server/sales/buyer-access/), never turned into staff.
    find: async (id) => {
      const row = await findAdminById(db, id)
      return row?.role === 'buyer' ? undefined : row
    },
    create: (values) => createAdmin(db, values),
    update: (id, values) => updateAdmin(db, id, values),
  }
}

/** How many active admins (role admin) there are besides `exceptId`. */
export async function countOtherActiveAdmins(db: Kysely<DB>, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('adminUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('isActive', '=', true)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function recordSignIn(db: Kysely<DB>, id: number) {
  await db.updateTable('adminUser').set({ lastLogin: new Date() }).where('id', '=', id).execute()
}

/** Stores the digest of a new reset token, valid until `expires`. */
export async function setResetToken(db: Kysely<DB>, id: number, digest: string, expires: Date) {
  await db
    .updateTable('adminUser')
    .set({ passwordResetToken: digest, passwordResetExpires: expires })
    .where('id', '=', id)
    .execute()
}

/** The account a reset or invite token was made for, expired or not (the link's page says which). */
export function findAdminByAnyResetToken(db: Kysely<DB>, digest: string) {
  return db.selectFrom('adminUser').selectAll().where('passwordResetToken', '=', digest).executeTakeFirst()
}

export function findAdminByResetToken(db: Kysely<DB>, digest: string) {
  return db
    .selectFrom('adminUser')
    .selectAll()
    .where('passwordResetToken', '=', digest)
    .where('passwordResetExpires', '>', new Date())
    .executeTakeFirst()
}
