import { describe, expect, it } from 'vitest'
import { adminAreas } from '../../core/admin-areas.ts'
import { apiModules } from './openapi-registry.ts'

/**
 * The OpenAPI document lists every route Express serves (tests/integration/openapi.test.ts), so
 * its /api/admin operations are the admin API: each must fall in one area, under its permission.
 */
const adminOperations = apiModules
  .flatMap((m) => m.operations)
  .filter((op) => op.path.startsWith('/api/admin/'))

describe('the admin API and its areas', () => {
  it('walks a real list', () => {
    expect(adminOperations.length).toBeGreaterThan(100)
  })

  it.each(adminOperations.map((op) => [op.method, op.path, op.auth] as const))(
    '%s %s belongs to exactly one area and is documented with its permission',
    (_method, path, auth) => {
      const segment = `/${path.split('/')[3]}`
      const areas = adminAreas.filter((a) => (a.api as readonly string[]).includes(segment))
      expect(areas.map((a) => a.key)).toHaveLength(1)
      const permission = areas[0]?.permission
      expect(auth).toBe(permission ? `permission:${permission}` : 'session')
    },
  )

  it('has an operation under every prefix an area owns', () => {
    const segments = new Set(adminOperations.map((op) => `/${op.path.split('/')[3]}`))
    for (const prefix of adminAreas.flatMap((a) => [...a.api])) expect(segments, prefix).toContain(prefix)
  })
})
