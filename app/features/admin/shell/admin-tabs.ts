import type { Permission } from '../../../../core/permissions.ts'

/** SPEC section 2: the dashboard's tabs in order, each with the permission it needs. */
export const adminTabs = [
  { value: 'overview', label: 'Overview', permission: null },
  { value: 'pages', label: 'Pages', permission: 'pages' },
  { value: 'media', label: 'Media', permission: 'pages' },
  { value: 'redirects', label: 'Redirects', permission: 'redirects' },
  { value: 'questionnaire', label: 'Questionnaire', permission: 'questionnaire' },
  { value: 'settings', label: 'Settings', permission: 'settings' },
  { value: 'scripts', label: 'Scripts', permission: 'scripts' },
  { value: 'leads', label: 'Leads', permission: 'leads' },
  { value: 'analytics', label: 'Analytics', permission: 'analytics' },
  { value: 'webhooks', label: 'Webhooks', permission: 'webhooks' },
  { value: 'experiments', label: 'Experiments', permission: 'analytics' },
  { value: 'buyers', label: 'Buyers', permission: 'buyers' },
  { value: 'returns', label: 'Returns', permission: 'buyers' },
  { value: 'users', label: 'Users', permission: 'users' },
  { value: 'subjects', label: 'Data requests', permission: 'subjects' },
] as const satisfies readonly { value: string; label: string; permission: Permission | null }[]

export type AdminTab = (typeof adminTabs)[number]['value']
export const DEFAULT_TAB: AdminTab = 'overview'

export function isAdminTab(value: string | null): value is AdminTab {
  return adminTabs.some((t) => t.value === value)
}

/** The tabs a user's permissions allow: the browser mirrors what the server enforces anyway. */
export function visibleTabs(permissions: readonly Permission[]) {
  return adminTabs.filter((t) => t.permission === null || permissions.includes(t.permission))
}
