/**
 * Every action the audit log records, with the words the admin shows for it. The server may only
 * record an action listed here (the type says so), so the activity feed can always describe it.
 */
export const auditActions = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_out': 'Signed out',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.first_admin_created': 'First admin created',
  'page.create': 'Page created',
  'page.update': 'Page updated',
  'page.delete': 'Page deleted',
  'setting.update': 'Setting updated',
  'script.create': 'Script created',
  'script.update': 'Script updated',
  'script.delete': 'Script deleted',
  'redirect.create': 'Redirect created',
  'redirect.update': 'Redirect updated',
  'redirect.delete': 'Redirect deleted',
  'user.create': 'Admin user created',
  'user.update': 'Admin user updated',
  'lead.list': 'Leads viewed',
  'lead.view': 'Lead opened',
  'lead.export': 'Leads exported',
} as const satisfies Record<string, string>

export type AuditAction = keyof typeof auditActions

/** An entry of `GET /api/admin/activity`. */
export type ActivityEntry = {
  id: number
  createdAt: string
  actorEmail: string | null
  action: AuditAction | string
  entity: string | null
  entityId: string | null
  detail: Record<string, unknown> | null
}

export function describeAction(action: string): string {
  return (auditActions as Record<string, string>)[action] ?? action
}
