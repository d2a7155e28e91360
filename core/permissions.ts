/** The roles of the operator's staff, managed in Users. */
export const staffRoles = ['admin', 'editor'] as const
/** `buyer`: a buying firm's account, made from its buyer; it sees only that buyer's leads at /buyer. */
export const roles = [...staffRoles, 'buyer'] as const
export type StaffRole = (typeof staffRoles)[number]
export type Role = (typeof roles)[number]

export const permissions = [
  'pages',
  'redirects',
  'scripts',
  'settings',
  'leads',
  'users',
  'activity',
  'subjects',
  'webhooks',
  'questionnaire',
  'buyers',
  'analytics',
  'conversions',
] as const
export type Permission = (typeof permissions)[number]

/**
 * Editors run content (pages, redirects). Scripts run code in every visitor's browser, settings
 * change the whole site, leads are personal data, users control access, the activity log names
 * who did what, subjects (a person's data, to export or erase) and webhooks (which send every lead to
 * another company) reach every lead at once: admins only. The questionnaire decides what every
 * visitor is asked and promised: admins, and editors it is granted to.
 */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  admin: permissions,
  editor: ['pages', 'redirects'],
  buyer: [],
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value)
}

/** A role's permissions plus any granted one by one in the admin's `permissions` list. */
export function effectivePermissions(role: string, extra: unknown): Permission[] {
  const granted = new Set<Permission>(isRole(role) ? rolePermissions[role] : [])
  if (Array.isArray(extra)) {
    for (const p of extra) if ((permissions as readonly unknown[]).includes(p)) granted.add(p as Permission)
  }
  return permissions.filter((p) => granted.has(p))
}

/**
 * Permissions that amount to full admin access, whatever the role: a script runs in the browser of
 * every admin who opens a public page (with their session), and whoever manages users decides who
 * gets in with which rights. Only an admin may grant them (server/identity/users/admin-router.ts).
 */
export const adminEquivalentPermissions = {
  scripts:
    'Equivalent to full admin access: their scripts run in the browser of every admin who opens a public page',
  users: 'Equivalent to full admin access: they decide who can sign in and with which rights',
} as const satisfies Partial<Record<Permission, string>>

export function isAdminEquivalentPermission(
  permission: string,
): permission is keyof typeof adminEquivalentPermissions {
  return Object.hasOwn(adminEquivalentPermissions, permission)
}

/** The admin role, or a role plus grants that include an admin-equivalent permission. */
export function hasAdminAccess(role: string, extra: unknown): boolean {
  return role === 'admin' || effectivePermissions(role, extra).some(isAdminEquivalentPermission)
}
