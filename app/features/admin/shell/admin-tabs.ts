import type { Permission } from '../../../../core/permissions.ts'

/** The groups the dashboard's tabs are shown in, in order. */
export const adminTabGroups = [
  { id: 'content', label: 'Content' },
  { id: 'sales', label: 'Leads and sales' },
  { id: 'insight', label: 'Insight' },
  { id: 'settings', label: 'Settings' },
] as const

export type AdminTabGroup = (typeof adminTabGroups)[number]['id']

/**
 * SPEC section 2: the dashboard's tabs, each with its group and the permission it needs. A tab's
 * address is `/admin?tab=<value>` whatever its group.
 */
export const adminTabs = [
  { value: 'overview', label: 'Overview', group: 'insight', permission: null },
  { value: 'pages', label: 'Pages', group: 'content', permission: 'pages' },
  { value: 'media', label: 'Media', group: 'content', permission: 'pages' },
  { value: 'redirects', label: 'Redirects', group: 'content', permission: 'redirects' },
  { value: 'questionnaire', label: 'Questionnaire', group: 'content', permission: 'questionnaire' },
  { value: 'settings', label: 'Settings', group: 'settings', permission: 'settings' },
  { value: 'scripts', label: 'Scripts', group: 'settings', permission: 'scripts' },
  { value: 'leads', label: 'Leads', group: 'sales', permission: 'leads' },
  { value: 'analytics', label: 'Analytics', group: 'insight', permission: 'analytics' },
  { value: 'webhooks', label: 'Webhooks', group: 'sales', permission: 'webhooks' },
  { value: 'experiments', label: 'Experiments', group: 'insight', permission: 'analytics' },
  { value: 'buyers', label: 'Buyers', group: 'sales', permission: 'buyers' },
  { value: 'returns', label: 'Returns', group: 'sales', permission: 'buyers' },
  { value: 'users', label: 'Users', group: 'settings', permission: 'users' },
  { value: 'subjects', label: 'Data requests', group: 'settings', permission: 'subjects' },
] as const satisfies readonly {
  value: string
  label: string
  group: AdminTabGroup
  permission: Permission | null
}[]

export type AdminTab = (typeof adminTabs)[number]['value']
export const DEFAULT_TAB: AdminTab = 'overview'

export function isAdminTab(value: string | null): value is AdminTab {
  return adminTabs.some((t) => t.value === value)
}

/** The tabs a user's permissions allow: the browser mirrors what the server enforces anyway. */
export function visibleTabs(permissions: readonly Permission[]) {
  return adminTabs.filter((t) => t.permission === null || permissions.includes(t.permission))
}

/** The groups with at least one of these tabs, each with its tabs in definition order. */
export function groupedTabs<T extends { group: AdminTabGroup }>(tabs: readonly T[]) {
  return adminTabGroups
    .map((group) => ({ ...group, tabs: tabs.filter((t) => t.group === group.id) }))
    .filter((group) => group.tabs.length > 0)
}
