import { roles } from '../../core/permissions.ts'
import { adminUserCreateSchema, adminUserUpdateSchema } from '../../core/schemas/users.ts'
import { arrayOf, defineApi, ref, shape } from '../openapi/operation.ts'

const BASE = '/api/admin/users'
const permissionList = { type: 'array', items: { type: 'string' } }

export const usersApi = defineApi({
  tag: { name: 'Users', description: 'Admin accounts, roles and permission grants.' },
  schemas: {
    AdminUser: shape({
      id: 'integer',
      email: 'string',
      'firstName?': 'string',
      'lastName?': 'string',
      role: {
        type: 'string',
        description: `${roles.join(', ')}; a stored role this version does not know is answered as it is, and grants nothing`,
      },
      'permissions?': permissionList,
      effectivePermissions: permissionList,
      isActive: 'boolean',
      invited: { type: 'boolean', description: 'Invited by email; no password chosen yet' },
      'lastLogin?': 'date-time',
      createdAt: 'date-time',
      updatedAt: 'date-time',
    }),
  },
  operations: [
    {
      method: 'get',
      path: BASE,
      summary: 'List admins',
      auth: 'permission:users',
      response: arrayOf(ref('AdminUser')),
    },
    {
      method: 'post',
      path: BASE,
      summary: 'Create an admin',
      description:
        'Only an admin may grant the admin role or the scripts or users permission. Without `password` (as the admin’s form sends it) the user is invited by email: a link, valid for 7 days and once, to choose their own password.',
      auth: 'permission:users',
      request: adminUserCreateSchema,
      status: 201,
      response: ref('AdminUser'),
      responses: { 409: 'An admin with this email already exists' },
    },
    {
      method: 'put',
      path: `${BASE}/{id}`,
      summary: 'Update an admin',
      description: 'A change of role, permissions or status ends that admin’s sessions.',
      auth: 'permission:users',
      request: adminUserUpdateSchema,
      response: ref('AdminUser'),
      responses: { 409: 'The last active admin, or your own admin access, cannot be removed' },
    },
    {
      method: 'post',
      path: `${BASE}/{id}/reset-password`,
      summary: 'Mail a password reset link',
      auth: 'permission:users',
      response: ref('Message'),
      responses: { 409: 'The admin is deactivated' },
    },
    {
      method: 'post',
      path: `${BASE}/{id}/invite`,
      summary: 'Mail a new invitation',
      description:
        'For a user who has not chosen a password yet. The link of the last invitation stops working.',
      auth: 'permission:users',
      response: shape({ message: 'string', expiresAt: 'date-time' }),
      responses: { 409: 'The user is deactivated, or has already chosen a password' },
    },
  ],
})
