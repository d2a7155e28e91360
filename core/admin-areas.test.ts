import { describe, expect, it } from 'vitest'
import { adminAreaGroups, adminAreas, adminTabAreas, permissionLabel } from './admin-areas.ts'
import { permissions } from './permissions.ts'

describe('admin areas', () => {
  it('keeps every dashboard tab, in order', () => {
    expect(adminTabAreas.map((a) => a.key)).toEqual([
      'overview',
      'pages',
      'media',
      'redirects',
      'questionnaire',
      'settings',
      'scripts',
      'leads',
      'analytics',
      'webhooks',
      'experiments',
      'conversions',
      'buyers',
      'returns',
      'users',
      'subjects',
    ])
    const groups = new Set<string>(adminAreaGroups.map((g) => g.id))
    for (const area of adminTabAreas) expect(groups.has(area.group), area.key).toBe(true)
  })

  it('gives each area one key and one label', () => {
    const keys = adminAreas.map((a) => a.key)
    const labels = adminAreas.map((a) => a.label)
    expect(new Set(keys).size).toBe(keys.length)
    expect(new Set(labels).size).toBe(labels.length)
  })

  it('gives every API prefix under /api/admin to exactly one area, as one path segment', () => {
    const prefixes = adminAreas.flatMap((a) => [...a.api])
    expect(prefixes.length).toBeGreaterThanOrEqual(20)
    for (const prefix of prefixes) expect(prefix).toMatch(/^\/[a-z][a-z-]*$/)
    expect(new Set(prefixes).size).toBe(prefixes.length)
  })

  it('names every permission after an area, and each area guarded by a permission', () => {
    const keys = adminAreas.map((a) => a.key as string)
    for (const permission of permissions) {
      expect(keys, permission).toContain(permission)
      expect(adminAreas.find((a) => a.key === permission)?.permission, permission).toBe(permission)
    }
    const open = adminAreas.filter((a) => a.permission === null).map((a) => a.key)
    expect(open).toEqual(['overview', 'account'])
  })

  it('labels a permission with the areas it opens', () => {
    expect(permissionLabel('pages')).toBe('Pages and Media')
    expect(permissionLabel('buyers')).toBe('Buyers and Returns')
    expect(permissionLabel('analytics')).toBe('Analytics and Experiments')
    expect(permissionLabel('subjects')).toBe('Data requests')
    expect(permissionLabel('activity')).toBe('Activity log')
    expect(permissionLabel('users')).toBe('Users')
  })
})
