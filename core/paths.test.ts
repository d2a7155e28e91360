import { describe, expect, it } from 'vitest'
import routes from '../app/routes.ts'
import {
  applicationPaths,
  isAdminPath,
  isPreviewPath,
  isProtectedPath,
  reservedSlugs,
  systemPageSlugs,
} from './paths.ts'

type RouteEntry = { path?: string; children?: RouteEntry[] }
function staticPaths(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => [
    ...(r.path && !r.path.includes(':') && r.path !== '*' ? [`/${r.path}`] : []),
    ...staticPaths(r.children ?? []),
  ])
}

describe('application paths', () => {
  it('covers every static route of app/routes.ts', () => {
    const owned = (path: string) =>
      applicationPaths.some((p) => p.path === path || ('prefix' in p && path.startsWith(`${p.path}/`)))
    for (const path of staticPaths(routes as RouteEntry[])) expect(owned(path), path).toBe(true)
  })

  it('reserves the slug of every owned path but the system pages', () => {
    for (const slug of ['admin', 'api', 'assets', 'uploads', 'healthz', 'setup', 'forgot-password']) {
      expect(reservedSlugs).toContain(slug)
    }
    expect(reservedSlugs).toContain('reset-password')
    expect(reservedSlugs).toContain('complaints')
    for (const slug of systemPageSlugs) expect(reservedSlugs).not.toContain(slug)
  })

  it.each([
    ['/admin', true],
    ['/ADMIN/pages', true],
    ['/%61dmin', true],
    ['/api/login', true],
    ['/setup', true],
    ['/forgot-password', true],
    ['/reset-password/', true],
    ['/administrator', false],
    ['/robots.txt', false],
    ['/', false],
    ['/offer', false],
  ])('isAdminPath(%s) is %s', (path, expected) => {
    expect(isAdminPath(path)).toBe(expected)
  })

  it.each([
    ['/reset-password', true],
    ['/Reset-Password', true],
    ['/forgot-password', true],
    ['/setup', true],
    ['/admin/x', true],
    ['/api/anything', true],
    ['/assets/app.js', true],
    ['/uploads/a.webp', true],
    ['/healthz', true],
    ['/robots.txt', true],
    ['/sitemap.xml', true],
    ['/favicon.svg', true],
    ['/__manifest', true],
    ['/evidence', false],
    ['/old-page', false],
    ['/', false],
  ])('isProtectedPath(%s) is %s', (path, expected) => {
    expect(isProtectedPath(path)).toBe(expected)
  })
})

describe('React Router data requests', () => {
  it.each([
    ['/admin.data', true, true],
    ['/admin/leads.data', true, true],
    ['/reset-password.data', true, true],
    ['/setup.data', true, true],
    ['/admin/_.data', true, true],
    ['/evidence.data', false, false],
    ['/_root.data', false, false],
    ['/my-page.data', false, false],
  ])('%s is the page it fetches data for (admin %s, protected %s)', (path, admin, protectedPath) => {
    expect(isAdminPath(path)).toBe(admin)
    expect(isProtectedPath(path)).toBe(protectedPath)
  })
})

describe('isPreviewPath', () => {
  it('is true for the preview path and below it only', () => {
    expect(isPreviewPath('/preview')).toBe(true)
    expect(isPreviewPath('/preview/abc-123')).toBe(true)
    expect(isPreviewPath('/previews')).toBe(false)
    expect(isPreviewPath('/')).toBe(false)
  })
})
