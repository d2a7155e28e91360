import { z } from 'zod'
import { type Permission, permissions, type Role, staffRoles } from '../permissions.ts'
import { email, flag, optionalText, password } from './fields.ts'

const role = z.enum(staffRoles, { error: 'Role must be admin or editor' })
const grants = z.array(z.enum(permissions)).max(permissions.length).nullable().optional()

export const adminUserCreateSchema = z.object({
  email,
  password,
  firstName: optionalText(100),
  lastName: optionalText(100),
  role: role.default('editor'),
  permissions: grants,
})

export const adminUserUpdateSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  role: role.optional(),
  isActive: flag('isActive').optional(),
  permissions: grants,
})

export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>
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
  lastLogin: string | null
  createdAt: string
  updatedAt: string
}
