import { type AdminAreaGroup, adminAreaGroups, adminTabAreas } from '../../../../core/admin-areas.ts'
import type { Permission } from '../../../../core/permissions.ts'

/**
 * SPEC section 2: the dashboard's tabs are the admin areas that have one (core/admin-areas.ts). A
 * tab's address is `/admin?tab=<key>` whatever its group.
 */
export const adminTabs = adminTabAreas.map(({ key, label, group, permission }) => ({
  value: key,
  label,
  group,
  permission,
}))

export type AdminTab = (typeof adminTabAreas)[number]['key']
export const DEFAULT_TAB: AdminTab = 'overview'

export function isAdminTab(value: string | null): value is AdminTab {
  return adminTabs.some((t) => t.value === value)
}

/** The tabs a user's permissions allow: the browser mirrors what the server enforces anyway. */
export function visibleTabs(permissions: readonly Permission[]) {
  return adminTabs.filter((t) => t.permission === null || permissions.includes(t.permission))
}

/** The groups with at least one of these tabs, each with its tabs in definition order. */
export function groupedTabs<T extends { group: AdminAreaGroup }>(tabs: readonly T[]) {
  return adminAreaGroups
    .map((group) => ({ ...group, tabs: tabs.filter((t) => t.group === group.id) }))
    .filter((group) => group.tabs.length > 0)
}
