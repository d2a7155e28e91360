import { z } from 'zod'
import { type Permission, permissions, type Role, roles, staffRoles } from '../permissions.ts'
import { email, flag, optionalText, password } from './fields.ts'

const role = z.enum(staffRoles, { error: 'Role must be admin or editor' })
const grants = z.array(z.enum(permissions)).max(permissions.length).nullable().optional()

/**
 * A new account: staff (admin, editor), or a buying firm's sign-in (`role: 'buyer'` with the
 * `buyerId` it belongs to, and no permissions: it sees only that buyer's leads at /buyer).
 */
const accountFields = {
  email,
  /** Omitted, as the admin's forms do: the account is invited by email to choose its own. */
  password: password.optional(),
  firstName: optionalText(100),
  lastName: optionalText(100),
  permissions: grants,
}

/** The Users panel's form: staff only (buyer accounts are made from their buyer). */
export const staffUserCreateSchema = z.object({ ...accountFields, role: role.default('editor') })

export const adminUserCreateSchema = z
  .object({
    ...accountFields,
    // Staff roles in the message: a buyer account is the exception, made with its buyerId.
    role: z.enum(roles, { error: 'Role must be admin or editor' }).default('editor'),
    buyerId: z
      .number({ error: 'buyerId must be a buyer id' })
      .int()
      .positive('buyerId must be a buyer id')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'buyer' && v.buyerId === undefined)
      ctx.addIssue({ code: 'custom', path: ['buyerId'], message: 'buyerId is required for the buyer role' })
    if (v.role !== 'buyer' && v.buyerId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['buyerId'], message: 'buyerId is only for the buyer role' })
    if (v.role === 'buyer' && v.permissions?.length)
      ctx.addIssue({ code: 'custom', path: ['permissions'], message: 'A buyer account has no permissions' })
  })

export const adminUserUpdateSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  role: role.optional(),
  isActive: flag('isActive').optional(),
  permissions: grants,
})

export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>
export type StaffUserCreateInput = z.input<typeof staffUserCreateSchema>
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>

/** The signed-in admin (`GET /api/auth/user`), as the server and the admin screens see it. */
export type CurrentAdmin = {
  id: number
  email: string
  firstName: string | null
  lastName: string | null
  role: Role | string
  permissions: Permission[]
  profileImageUrl: string | null
  /** Only for the `buyer` role: the one buyer whose leads this account sees. */
  buyerId?: number | null
}

/** An admin in the users API (`GET /api/admin/users`): never the password hash. */
export type AdminUserView = Omit<CurrentAdmin, 'permissions' | 'profileImageUrl' | 'buyerId'> & {
  permissions: Permission[] | null
  effectivePermissions: Permission[]
  isActive: boolean
  /** Invited by email and no password chosen yet. */
  invited: boolean
  lastLogin: string | null
  createdAt: string
  updatedAt: string
}
