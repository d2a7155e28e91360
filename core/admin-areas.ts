import type { Permission } from './permissions.ts'

/** The groups the dashboard's tabs are shown in, in order. */
export const adminAreaGroups = [
  { id: 'content', label: 'Content' },
  { id: 'sales', label: 'Leads and sales' },
  { id: 'insight', label: 'Insight' },
  { id: 'settings', label: 'Settings' },
] as const

export type AdminAreaGroup = (typeof adminAreaGroups)[number]['id']

type AreaDefinition = {
  /** The tab's value (`/admin?tab=<key>`); a permission's name is the key of the area it is named after. */
  key: string
  /** The one name the dashboard, the users panel and the docs give it. */
  label: string
  /** Its dashboard tab's group; null: no tab of its own (one's account, the overview's activity card). */
  group: AdminAreaGroup | null
  /** What the caller must hold; null: any signed-in member of staff. */
  permission: Permission | null
  /** Path prefixes under /api/admin (one segment each) whose every route needs `permission`. */
  api: readonly `/${string}`[]
}

/**
 * Every admin area, once (docs/decisions/0069-admin-areas.md): the dashboard's tabs, the permission
 * guard in front of each /api/admin prefix (server/compose/admin-router.ts) and the users panel's
 * permission labels derive from this list. Tabs show in this order within their group.
 */
export const adminAreas = [
  { key: 'overview', label: 'Overview', group: 'insight', permission: null, api: [] },
  {
    key: 'pages',
    label: 'Pages',
    group: 'content',
    permission: 'pages',
    api: ['/pages', '/saved-sections'],
  },
  // Images are uploaded to be put in pages: whoever may edit pages may upload them.
  { key: 'media', label: 'Media', group: 'content', permission: 'pages', api: ['/media', '/upload-image'] },
  { key: 'redirects', label: 'Redirects', group: 'content', permission: 'redirects', api: ['/redirects'] },
  {
    key: 'questionnaire',
    label: 'Questionnaire',
    group: 'content',
    permission: 'questionnaire',
    api: ['/questionnaires'],
  },
  { key: 'settings', label: 'Settings', group: 'settings', permission: 'settings', api: ['/settings'] },
  { key: 'scripts', label: 'Scripts', group: 'settings', permission: 'scripts', api: ['/scripts'] },
  { key: 'leads', label: 'Leads', group: 'sales', permission: 'leads', api: ['/leads'] },
  { key: 'analytics', label: 'Analytics', group: 'insight', permission: 'analytics', api: ['/analytics'] },
  { key: 'webhooks', label: 'Webhooks', group: 'sales', permission: 'webhooks', api: ['/webhooks'] },
  {
    key: 'experiments',
    label: 'Experiments',
    group: 'insight',
    permission: 'analytics',
    api: ['/experiments'],
  },
  // Server-side conversions send leads' hashed contact details to ad platforms: admins only.
  {
    key: 'conversions',
    label: 'Conversions',
    group: 'insight',
    permission: 'conversions',
    api: ['/conversions'],
  },
  // Contracts and the revenue ledger are what a buyer buys on and pays.
  {
    key: 'buyers',
    label: 'Buyers',
    group: 'sales',
    permission: 'buyers',
    api: ['/buyers', '/contracts', '/revenue'],
  },
  { key: 'returns', label: 'Returns', group: 'sales', permission: 'buyers', api: ['/returns'] },
  // Single sign-on and the second-factor policy decide who gets in: they belong with users.
  {
    key: 'users',
    label: 'Users',
    group: 'settings',
    permission: 'users',
    api: ['/users', '/sso', '/mfa-policy'],
  },
  { key: 'subjects', label: 'Data requests', group: 'settings', permission: 'subjects', api: ['/subjects'] },
  { key: 'activity', label: 'Activity log', group: null, permission: 'activity', api: ['/activity'] },
  // One's own password and second factors (/admin/account): open to every member of staff.
  { key: 'account', label: 'Account', group: null, permission: null, api: ['/account'] },
] as const satisfies readonly AreaDefinition[]

export type AdminArea = (typeof adminAreas)[number]
export type AdminAreaKey = AdminArea['key']
/** A prefix under /api/admin that some area owns. */
export type AdminApiPrefix = AdminArea['api'][number]

type TabArea = Extract<AdminArea, { group: AdminAreaGroup }>

/** The areas with a dashboard tab, in order. */
export const adminTabAreas = adminAreas.filter((a): a is TabArea => a.group !== null)

/** A permission's name for people: the labels of the areas it opens ("Pages and Media"). */
export function permissionLabel(permission: Permission): string {
  const labels = adminAreas.filter((a) => a.permission === permission).map((a) => a.label)
  if (labels.length <= 1) return labels[0] ?? permission
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`
}
